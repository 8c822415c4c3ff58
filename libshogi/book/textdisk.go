package book

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/libshogi/libshogi/libshogi/board"
)

// SortedText probes a sorted DB2016 text book on disk by binary search
// over byte offsets (YaneuraOu's BookOnTheFly): nothing but the header is
// read at open, and a probe reads O(log size) small windows of the file.
// Concurrent probes are safe.
type SortedText struct {
	f     *os.File
	path  string
	start int64 // offset of the first line after the header
	size  int64
}

// linearWindow is the span below which the search stops bisecting and
// reads the lines one by one.
const linearWindow = 8 << 10

// OpenSortedText opens a sorted text book for on-disk probing.
func OpenSortedText(path string) (*SortedText, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(f, 4096)
	first, err := br.ReadSlice('\n')
	if err != nil && err != io.EOF {
		f.Close()
		return nil, lineError(FormatDB2016, 1, "not a YANEURAOU-DB2016 book (%v)", err)
	}
	if !bytes.HasPrefix(bytes.TrimPrefix(first, utf8BOM), []byte("#YANEURAOU-DB2016")) {
		f.Close()
		return nil, &Error{Format: FormatDB2016, Path: path, Line: 1, Entry: -1, Offset: -1, Msg: "not a YANEURAOU-DB2016 book"}
	}
	return &SortedText{f: f, path: path, start: int64(len(first)), size: size}, nil
}

// Format is FormatDB2016.
func (t *SortedText) Format() Format { return FormatDB2016 }

// Close closes the file.
func (t *SortedText) Close() error { return t.f.Close() }

// Probe returns the moves of p, nil if absent.
func (t *SortedText) Probe(p *board.Position) ([]Move, error) {
	e, err := t.Lookup(SFENKey(p))
	if e == nil || err != nil {
		return nil, err
	}
	return e.Moves, nil
}

// lineReader reads the lines of the file from an offset. One lookup
// reuses one lineReader (and its buffer) for all its reads.
type lineReader struct {
	br  *bufio.Reader
	sr  io.SectionReader
	off int64 // offset of the next unread byte
}

var lineReaders = sync.Pool{New: func() any { return &lineReader{br: bufio.NewReaderSize(nil, 4096)} }}

// at positions the reader at byte off.
func (lr *lineReader) at(t *SortedText, off int64) *lineReader {
	lr.sr = *io.NewSectionReader(t.f, off, t.size-off)
	lr.br.Reset(&lr.sr)
	lr.off = off
	return lr
}

// linesFrom positions lr at the first line that starts at or after from.
func (t *SortedText) linesFrom(lr *lineReader, from int64) *lineReader {
	if from <= t.start {
		return lr.at(t, t.start)
	}
	// Start one byte early: if that byte is a newline, from is a line start.
	lr.at(t, from-1)
	for {
		s, err := lr.br.ReadSlice('\n')
		lr.off += int64(len(s))
		if err != bufio.ErrBufferFull {
			return lr // at a line start, or at the end of the file
		}
	}
}

// next returns the next line (without its end) and its start offset; ok is
// false at the end of the file.
func (lr *lineReader) next() (line []byte, at int64, ok bool, err error) {
	at = lr.off
	s, err := lr.br.ReadSlice('\n')
	lr.off += int64(len(s))
	if err == bufio.ErrBufferFull {
		// A long comment or move line: skip the rest; keys are never that long.
		for err == bufio.ErrBufferFull {
			var more []byte
			more, err = lr.br.ReadSlice('\n')
			lr.off += int64(len(more))
		}
		s = s[:0]
	}
	if len(s) == 0 && err != nil {
		if err == io.EOF {
			return nil, at, false, nil
		}
		return nil, at, false, err
	}
	return trimLine(s), at, true, nil
}

// nextKey returns the key and offset of the first sfen line at or after
// from that starts before limit.
func (t *SortedText) nextKey(lr *lineReader, from, limit int64) (key string, at int64, found bool, err error) {
	t.linesFrom(lr, from)
	for {
		line, at, ok, err := lr.next()
		if err != nil || !ok || at >= limit {
			return "", 0, false, err
		}
		if bytes.HasPrefix(line, []byte("sfen ")) {
			k, _, msg := parseSFENLine(string(line))
			if msg != "" {
				return "", 0, false, offsetError(FormatDB2016, at, "%s", msg)
			}
			return k, at, true, nil
		}
	}
}

// Lookup finds the entry of key, nil if absent.
func (t *SortedText) Lookup(key string) (*Entry, error) {
	lr := lineReaders.Get().(*lineReader)
	defer func() { lr.br.Reset(nil); lineReaders.Put(lr) }()
	lo, hi := t.start, t.size
	// Invariant: the sfen line of key, if present, starts in [lo, hi).
	for hi-lo > linearWindow {
		mid := lo + (hi-lo)/2
		k, at, found, err := t.nextKey(lr, mid, hi)
		if err != nil {
			return nil, err
		}
		if !found {
			hi = mid
			continue
		}
		switch c := strings.Compare(k, key); {
		case c == 0:
			return t.readEntry(lr, at)
		case c < 0:
			lo = at + 1
		default:
			hi = at
		}
	}
	t.linesFrom(lr, lo)
	prev := ""
	for {
		line, at, ok, err := lr.next()
		if err != nil || !ok || at >= hi {
			return nil, err
		}
		if !bytes.HasPrefix(line, []byte("sfen ")) {
			continue
		}
		k, _, msg := parseSFENLine(string(line))
		if msg != "" {
			return nil, offsetError(FormatDB2016, at, "%s", msg)
		}
		if k < prev {
			return nil, offsetError(FormatDB2016, at, "book is not sorted (position after %.60q is smaller)", prev)
		}
		prev = k
		switch c := strings.Compare(k, key); {
		case c == 0:
			return t.readEntry(lr, at)
		case c > 0:
			return nil, nil
		}
	}
}

// readEntry parses the position whose sfen line starts at off.
func (t *SortedText) readEntry(lr *lineReader, off int64) (*Entry, error) {
	lr.at(t, off)
	line, _, _, err := lr.next()
	if err != nil {
		return nil, err
	}
	key, ply, _ := parseSFENLine(string(line))
	e := &Entry{SFEN: key, Ply: ply}
	for {
		line, at, ok, err := lr.next()
		if err != nil {
			return nil, err
		}
		if !ok || bytes.HasPrefix(line, []byte("sfen ")) {
			return e, nil
		}
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		m, msg := parseMoveLine(line)
		if msg != "" {
			return nil, offsetError(FormatDB2016, at, "%s", msg)
		}
		if m.Move != 0 {
			e.Moves = append(e.Moves, m)
		}
	}
}

// CheckSample reads the first position at n evenly spaced offsets and
// reports an error naming the offset where the order breaks: a cheap test
// that catches an unsorted book before on-disk probes misread it (a full
// check needs a scan of the file).
func (t *SortedText) CheckSample(n int) error {
	lr := lineReaders.Get().(*lineReader)
	defer func() { lr.br.Reset(nil); lineReaders.Put(lr) }()
	prev := ""
	span := t.size - t.start
	for i := 0; i < n; i++ {
		k, at, found, err := t.nextKey(lr, t.start+span*int64(i)/int64(n), t.size)
		if err != nil {
			return err
		}
		if !found {
			break
		}
		if k < prev {
			return &Error{Format: FormatDB2016, Path: t.path, Entry: -1, Offset: at,
				Msg: "book is not sorted (sampled positions out of order); load it into memory instead"}
		}
		prev = k
	}
	return nil
}
