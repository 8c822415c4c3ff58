package book

import (
	"bufio"
	"encoding/binary"
	"io"
	"os"
	"sort"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// Apery / dlshogi book.bin (docs/specs/books.md §3): 16-byte entries
// sorted by key: u64 key, u16 move (Apery move16), u16 count, i32 score.
const binEntrySize = 16

// BinEntry is one book.bin record.
type BinEntry struct {
	Key       uint64
	FromToPro uint16 // Apery move16
	Count     uint16
	Score     int32
}

func decodeBinEntry(b []byte) BinEntry {
	return BinEntry{
		Key:       binary.LittleEndian.Uint64(b),
		FromToPro: binary.LittleEndian.Uint16(b[8:]),
		Count:     binary.LittleEndian.Uint16(b[10:]),
		Score:     int32(binary.LittleEndian.Uint32(b[12:])),
	}
}

func (e *BinEntry) append(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint64(dst, e.Key)
	dst = binary.LittleEndian.AppendUint16(dst, e.FromToPro)
	dst = binary.LittleEndian.AppendUint16(dst, e.Count)
	return binary.LittleEndian.AppendUint32(dst, uint32(e.Score))
}

// Move is the entry as a book move (YaneuraOu move16, eval, count).
func (e *BinEntry) Move() Move {
	return Move{Move: record.Apery.ToYaneuraOu(e.FromToPro), Eval: e.Score, Count: uint64(e.Count), Fields: HasEval | HasCount}
}

func checkBinEntry(e *BinEntry, i int64) error {
	if err := record.Apery.Check(e.FromToPro); err != nil || e.FromToPro == 0 {
		return entryError(FormatAperyBin, i, "bad move %#04x", e.FromToPro)
	}
	return nil
}

// AperyBin probes a book.bin file on disk; concurrent probes are safe.
type AperyBin struct {
	f   *os.File
	idx *sortedRecords
}

// OpenAperyBin opens a book.bin for on-disk probing.
func OpenAperyBin(path string) (*AperyBin, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	if size%binEntrySize != 0 {
		f.Close()
		return nil, &Error{Format: FormatAperyBin, Path: path, Entry: size / binEntrySize, Offset: -1,
			Msg: "file size is not a multiple of 16 (truncated entry)"}
	}
	idx, err := newSortedRecords(f, FormatAperyBin, 0, binEntrySize, 8, size/binEntrySize, false,
		func(a, b []byte) int { return compareBytes(a, b, FormatAperyBin) })
	if err != nil {
		f.Close()
		return nil, withPath(err, path)
	}
	return &AperyBin{f: f, idx: idx}, nil
}

// Len is the number of entries (moves, not positions).
func (a *AperyBin) Len() int64 { return a.idx.n }

// Format is FormatAperyBin.
func (a *AperyBin) Format() Format { return FormatAperyBin }

// Close closes the file.
func (a *AperyBin) Close() error { return a.f.Close() }

// Probe returns the moves stored under p's Apery key, in file order.
func (a *AperyBin) Probe(p *board.Position) ([]Move, error) {
	es, err := a.LookupKey(AperyKey(p))
	if len(es) == 0 || err != nil {
		return nil, err
	}
	out := make([]Move, len(es))
	for i := range es {
		out[i] = es[i].Move()
	}
	return out, nil
}

// LookupKey returns the entries of a key.
func (a *AperyBin) LookupKey(key uint64) ([]BinEntry, error) {
	var kb [8]byte
	binary.LittleEndian.PutUint64(kb[:], key)
	cmp := func(k []byte) int { return compareBytes(k, kb[:], FormatAperyBin) }
	bp := blockPool.Get().(*[]byte)
	defer blockPool.Put(bp)
	i, rec, buf, err := a.idx.lowerBound(cmp, *bp)
	*bp = buf
	if err != nil || rec == nil {
		return nil, err
	}
	// The entries of a key follow one another: read them a few at a time.
	var out []BinEntry
	for i < a.idx.n {
		n := min(a.idx.n-i, 16)
		var block []byte
		block, buf, err = a.idx.read(i, n, buf)
		*bp = buf
		if err != nil {
			return nil, err
		}
		for j := int64(0); j < n; j++ {
			e := decodeBinEntry(block[j*binEntrySize:])
			if e.Key != key {
				return out, nil
			}
			if err := checkBinEntry(&e, i+j); err != nil {
				return nil, err
			}
			out = append(out, e)
		}
		i += n
	}
	return out, nil
}

// ReadAperyBin reads every entry of a book.bin, checking sizes, moves and order.
func ReadAperyBin(r io.Reader) ([]BinEntry, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var out []BinEntry
	var rec [binEntrySize]byte
	for i := int64(0); ; i++ {
		n, err := io.ReadFull(br, rec[:])
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			if n > 0 {
				return nil, entryError(FormatAperyBin, i, "truncated entry (%d of 16 bytes)", n)
			}
			return nil, err
		}
		e := decodeBinEntry(rec[:])
		if err := checkBinEntry(&e, i); err != nil {
			return nil, err
		}
		if len(out) > 0 && out[len(out)-1].Key > e.Key {
			return nil, entryError(FormatAperyBin, i, "entries are not sorted by key")
		}
		out = append(out, e)
	}
}

// BinEntries turns a book into book.bin entries sorted by key (moves of a
// position keep their order). A missing count is written as 1, a missing
// eval as 0; counts are clamped to 65535.
func BinEntries(b *Book) ([]BinEntry, error) {
	var out []BinEntry
	for _, e := range b.entries {
		d, err := record.ParseDiagram(e.SFEN)
		if err != nil {
			return nil, err
		}
		key := AperyKeyOfDiagram(&d)
		for _, m := range e.Moves {
			be := BinEntry{Key: key, FromToPro: record.Apery.FromYaneuraOu(m.Move), Count: 1}
			if m.Fields&HasCount != 0 {
				be.Count = uint16(min(m.Count, 65535))
			}
			if m.Fields&HasEval != 0 {
				be.Score = m.Eval
			}
			out = append(out, be)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// WriteAperyBin writes b as a book.bin.
func WriteAperyBin(w io.Writer, b *Book) error {
	es, err := BinEntries(b)
	if err != nil {
		return err
	}
	return WriteBinEntries(w, es)
}

// WriteBinEntries writes entries as they are (sort them first).
func WriteBinEntries(w io.Writer, es []BinEntry) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	for i := range es {
		buf = es[i].append(buf[:0])
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// BookFromBin recovers positions for book.bin entries, which hold only
// keys: it walks the book's moves from the root positions (the start
// position if none is given) up to maxPly plies, as book tools do. It
// returns the book and the number of entries no walked position reached.
func BookFromBin(es []BinEntry, roots []*board.Position, maxPly int) (*Book, int, error) {
	byKey := map[uint64][]BinEntry{}
	for _, e := range es {
		byKey[e.Key] = append(byKey[e.Key], e)
	}
	if len(roots) == 0 {
		roots = []*board.Position{board.NewPosition()}
	}
	b := New()
	seen := map[uint64]bool{}
	// The queue holds SFENs, not positions: a Position carries its whole
	// history, and a large book's frontier holds many positions.
	type item struct {
		sfen  string
		depth int
	}
	var queue []item
	for _, r := range roots {
		queue = append(queue, item{r.SFEN(), 0})
	}
	reached := 0
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		p, err := board.FromSFENWith(it.sfen, board.SFENOptions{AllowOpponentInCheck: true})
		if err != nil {
			return nil, 0, err
		}
		k := AperyKey(p)
		if seen[k] {
			continue
		}
		seen[k] = true
		ents := byKey[k]
		if len(ents) == 0 {
			continue
		}
		reached += len(ents)
		key := SFENKey(p)
		for _, e := range ents {
			m := e.Move()
			mv, err := p.MoveFromMove16(m.Move)
			if err != nil {
				continue // a hash collision or a broken entry: not this position's move
			}
			b.Add(key, p.Ply(), m)
			if maxPly <= 0 || it.depth+1 < maxPly {
				p.DoMove(mv)
				queue = append(queue, item{p.SFEN(), it.depth + 1})
				p.UndoMove()
			}
		}
	}
	return b, len(es) - reached, nil
}
