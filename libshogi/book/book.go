// Package book reads, probes, edits and writes opening books: YaneuraOu's
// DB2016 text book (loaded, or probed on disk when sorted), YaneuraOu's
// binary .ybb and Apery / dlshogi book.bin (docs/specs/books.md). Moves are
// YaneuraOu move16 values throughout; positions are keyed by their SFEN
// without the move number ("board side hand").
package book

import (
	"fmt"
	"sort"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Fields says which optional fields of a Move are present: a text book may
// omit trailing columns, .ybb has no count and book.bin no depth.
type Fields uint8

const (
	HasEval Fields = 1 << iota
	HasDepth
	HasCount
)

// Move is one book move of a position.
type Move struct {
	Move   uint16 // YaneuraOu move16
	Ponder uint16 // expected reply, 0 = none
	Eval   int32  // from the side to move's view
	Depth  int32
	Count  uint64
	Fields Fields
}

// Entry is a position and its moves, best first.
type Entry struct {
	SFEN  string // "board side hand", no move number
	Ply   int    // move number as stored, 0 if unknown
	Moves []Move
}

// Format names a book file format.
type Format uint8

const (
	FormatUnknown  Format = iota
	FormatDB2016          // YaneuraOu text book (.db)
	FormatYBB             // YaneuraOu binary book (.ybb)
	FormatAperyBin        // Apery / dlshogi book.bin
)

var formatNames = [...]string{"unknown", "db", "ybb", "bin"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "unknown"
}

// ParseFormat reads a format name: db (also db2016, text), ybb, bin (also apery).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "db", "db2016", "text", "yaneuraou":
		return FormatDB2016, nil
	case "ybb":
		return FormatYBB, nil
	case "bin", "apery", "dlshogi":
		return FormatAperyBin, nil
	}
	return FormatUnknown, fmt.Errorf("book: unknown format %q (want db, ybb or bin)", s)
}

// Error is a malformed book: it names the line (text) or entry (binary).
type Error struct {
	Format Format
	Path   string
	Line   int   // 1-based text line, 0 if not a line
	Entry  int64 // 0-based record index, -1 if not an entry
	Offset int64 // byte offset, -1 if unknown
	Msg    string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("book ")
	b.WriteString(e.Format.String())
	if e.Path != "" {
		b.WriteString(" " + e.Path)
	}
	switch {
	case e.Line > 0:
		fmt.Fprintf(&b, " line %d", e.Line)
	case e.Entry >= 0:
		fmt.Fprintf(&b, " entry %d", e.Entry)
	case e.Offset >= 0:
		fmt.Fprintf(&b, " offset %d", e.Offset)
	}
	return b.String() + ": " + e.Msg
}

func lineError(f Format, line int, format string, a ...any) *Error {
	return &Error{Format: f, Line: line, Entry: -1, Offset: -1, Msg: fmt.Sprintf(format, a...)}
}

func entryError(f Format, i int64, format string, a ...any) *Error {
	return &Error{Format: f, Entry: i, Offset: -1, Msg: fmt.Sprintf(format, a...)}
}

func offsetError(f Format, off int64, format string, a ...any) *Error {
	return &Error{Format: f, Entry: -1, Offset: off, Msg: fmt.Sprintf(format, a...)}
}

// SFENKey is the book key of a position: its SFEN without the move number.
func SFENKey(p *board.Position) string {
	s := p.SFEN()
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// Book is an in-memory book: any format loads into one, and every writer
// takes one.
type Book struct {
	entries map[string]*Entry
}

// New returns an empty book.
func New() *Book { return &Book{entries: map[string]*Entry{}} }

// Len is the number of positions.
func (b *Book) Len() int { return len(b.entries) }

// Get returns the entry of a position key (nil if absent).
func (b *Book) Get(sfen string) *Entry { return b.entries[sfen] }

// Entry returns the entry of key sfen, creating it with ply if absent.
func (b *Book) Entry(sfen string, ply int) *Entry {
	e := b.entries[sfen]
	if e == nil {
		e = &Entry{SFEN: sfen, Ply: ply}
		b.entries[sfen] = e
	} else if ply > 0 && (e.Ply == 0 || ply < e.Ply) {
		e.Ply = ply
	}
	return e
}

// Add merges move m into the entry of sfen (see Entry.Add).
func (b *Book) Add(sfen string, ply int, m Move) { b.Entry(sfen, ply).Add(m) }

// Put replaces the entry of e.SFEN by e.
func (b *Book) Put(e *Entry) { b.entries[e.SFEN] = e }

// Delete removes a position.
func (b *Book) Delete(sfen string) { delete(b.entries, sfen) }

// Entries returns the entries in ascending order of their key, the order
// of a sorted text book.
func (b *Book) Entries() []*Entry {
	out := make([]*Entry, 0, len(b.entries))
	for _, e := range b.entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SFEN < out[j].SFEN })
	return out
}

// Probe returns the moves of p (nil if p is not in the book).
func (b *Book) Probe(p *board.Position) ([]Move, error) {
	if e := b.entries[SFENKey(p)]; e != nil {
		return e.Moves, nil
	}
	return nil, nil
}

// Format of an in-memory book is unknown: it came from any file.
func (b *Book) Format() Format { return FormatUnknown }

// Close does nothing; it makes Book a Prober.
func (b *Book) Close() error { return nil }

// Add merges m: a move already present adds its count, takes the eval and
// depth of the deeper analysis and keeps a ponder move; a new move goes last.
func (e *Entry) Add(m Move) {
	for i := range e.Moves {
		o := &e.Moves[i]
		if o.Move != m.Move {
			continue
		}
		if m.Fields&HasCount != 0 {
			o.Count += m.Count
			o.Fields |= HasCount
		}
		if m.Fields&HasEval != 0 && (o.Fields&HasEval == 0 || (m.Fields&HasDepth != 0 && (o.Fields&HasDepth == 0 || m.Depth > o.Depth))) {
			o.Eval = m.Eval
			o.Fields |= HasEval
			if m.Fields&HasDepth != 0 {
				o.Depth = m.Depth
				o.Fields |= HasDepth
			}
		}
		if o.Ponder == 0 {
			o.Ponder = m.Ponder
		}
		return
	}
	e.Moves = append(e.Moves, m)
}

// SortMoves orders the moves best first: by eval when every move has one
// (count breaks ties), otherwise by count. The sort is stable.
func (e *Entry) SortMoves() {
	allEval := true
	for _, m := range e.Moves {
		if m.Fields&HasEval == 0 {
			allEval = false
		}
	}
	sort.SliceStable(e.Moves, func(i, j int) bool {
		a, b := &e.Moves[i], &e.Moves[j]
		if allEval && a.Eval != b.Eval {
			return a.Eval > b.Eval
		}
		return a.Count > b.Count
	})
}

// Merge adds every move of o into b (Entry.Add), then sorts the moves of
// the positions both books hold.
func (b *Book) Merge(o *Book) {
	for k, oe := range o.entries {
		e := b.entries[k]
		if e == nil {
			c := *oe
			c.Moves = append([]Move(nil), oe.Moves...)
			b.entries[k] = &c
			continue
		}
		b.Entry(k, oe.Ply)
		for _, m := range oe.Moves {
			e.Add(m)
		}
		e.SortMoves()
	}
}

// KeepTop sorts every position's moves best first and keeps at most n.
func (b *Book) KeepTop(n int) {
	for _, e := range b.entries {
		e.SortMoves()
		if n >= 0 && len(e.Moves) > n {
			e.Moves = e.Moves[:n]
		}
	}
}
