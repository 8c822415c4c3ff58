package book

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Prober answers book probes; every format implements it.
type Prober interface {
	// Probe returns the moves of p best first, nil when p is not in the book.
	Probe(p *board.Position) ([]Move, error)
	Format() Format
	Close() error
}

// Mode says how Open reads a text book.
type Mode uint8

const (
	// ModeAuto probes text books over AutoOnDiskBytes on disk when a sample
	// of their positions is in order, and loads the others.
	ModeAuto Mode = iota
	// ModeMemory loads the whole book (text books may be unsorted).
	ModeMemory
	// ModeOnDisk probes the file without loading it (text books must be
	// sorted: a sample of positions out of order is an error).
	ModeOnDisk
)

// AutoOnDiskBytes is the text-book size from which ModeAuto probes on disk.
const AutoOnDiskBytes = 256 << 20

// sortSample is how many positions Open reads to check that a text book
// probed on disk is sorted.
const sortSample = 64

// OpenOptions choose the format (detected when FormatUnknown) and the mode.
type OpenOptions struct {
	Format Format
	Mode   Mode
}

// DetectFormat names the format of a file from its first bytes and size:
// the DB2016 header, the .ybb magic, or else a book.bin (size a multiple of 16).
func DetectFormat(path string) (Format, error) {
	f, err := os.Open(path)
	if err != nil {
		return FormatUnknown, err
	}
	defer f.Close()
	var head [32]byte
	n, _ := io.ReadFull(f, head[:])
	h := bytes.TrimPrefix(head[:n], utf8BOM)
	switch {
	case bytes.HasPrefix(h, []byte("#YANEURAOU-DB2016")):
		return FormatDB2016, nil
	case bytes.HasPrefix(h, []byte(ybbMagic)):
		return FormatYBB, nil
	}
	st, err := f.Stat()
	if err != nil {
		return FormatUnknown, err
	}
	if st.Size()%binEntrySize == 0 && strings.EqualFold(filepath.Ext(path), ".bin") {
		return FormatAperyBin, nil
	}
	if st.Size()%binEntrySize == 0 && st.Size() > 0 && !bytes.HasPrefix(h, []byte("sfen")) && !bytes.HasPrefix(h, []byte("#")) {
		return FormatAperyBin, nil
	}
	return FormatUnknown, fmt.Errorf("book %s: unknown format (not DB2016 text, .ybb or book.bin)", path)
}

// Open opens a book file for probing.
func Open(path string, o OpenOptions) (Prober, error) {
	f := o.Format
	if f == FormatUnknown {
		var err error
		if f, err = DetectFormat(path); err != nil {
			return nil, err
		}
	}
	switch f {
	case FormatYBB:
		return OpenYBB(path)
	case FormatAperyBin:
		return OpenAperyBin(path)
	case FormatDB2016:
		mode := o.Mode
		if mode == ModeAuto {
			mode = ModeMemory
			if st, err := os.Stat(path); err == nil && st.Size() >= AutoOnDiskBytes {
				mode = ModeOnDisk
			}
		}
		if mode == ModeOnDisk {
			t, err := OpenSortedText(path)
			if err != nil {
				return nil, err
			}
			// A sample of the order: an unsorted book is refused (ModeOnDisk)
			// or loaded (ModeAuto) rather than misread.
			if err := t.CheckSample(sortSample); err != nil {
				t.Close()
				if o.Mode == ModeOnDisk {
					return nil, err
				}
			} else {
				return t, nil
			}
		}
		fh, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		b, err := ReadText(fh)
		if err != nil {
			return nil, withPath(err, path)
		}
		return &textBook{Book: b}, nil
	}
	return nil, fmt.Errorf("book %s: unknown format", path)
}

// textBook is a loaded text book: a Book that reports its format.
type textBook struct{ *Book }

func (t *textBook) Format() Format { return FormatDB2016 }

// Memory returns the loaded book.
func (t *textBook) Memory() *Book { return t.Book }

// Lookup probes p and, when flipped is set and p is absent, the flipped
// position, whose moves it maps back to p.
func Lookup(pr Prober, p *board.Position, flipped bool) ([]Move, error) {
	ms, err := pr.Probe(p)
	if err != nil || len(ms) > 0 || !flipped {
		return ms, err
	}
	q, ferr := FlipPosition(p)
	if ferr != nil {
		return nil, nil
	}
	ms, err = pr.Probe(q)
	if err != nil || len(ms) == 0 {
		return nil, err
	}
	return FlipMoves(ms), nil
}

// ReadFile loads a whole book of any format. book.bin holds only keys, so
// its positions are recovered by walking its moves from the start
// position (BookFromBin); entries not reached are dropped.
func ReadFile(path string, f Format) (*Book, error) {
	if f == FormatUnknown {
		var err error
		if f, err = DetectFormat(path); err != nil {
			return nil, err
		}
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var b *Book
	switch f {
	case FormatDB2016:
		b, err = ReadText(fh)
	case FormatYBB:
		b, err = ReadYBB(fh)
	case FormatAperyBin:
		var es []BinEntry
		if es, err = ReadAperyBin(fh); err == nil {
			b, _, err = BookFromBin(es, nil, 0)
		}
	default:
		err = fmt.Errorf("book %s: unknown format", path)
	}
	if err != nil {
		return nil, withPath(err, path)
	}
	return b, nil
}

// Write writes b in format f.
func Write(w io.Writer, b *Book, f Format) error {
	switch f {
	case FormatDB2016:
		return WriteText(w, b)
	case FormatYBB:
		return WriteYBB(w, b)
	case FormatAperyBin:
		return WriteAperyBin(w, b)
	}
	return fmt.Errorf("book: cannot write format %v", f)
}

// WriteFile writes b to path in format f (FormatUnknown: from the
// extension, .ybb, .bin, otherwise text).
func WriteFile(path string, b *Book, f Format) error {
	if f == FormatUnknown {
		f = FormatFromExt(path)
	}
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := Write(fh, b, f); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// FormatFromExt guesses a format from a file name: .ybb, .bin, else DB2016.
func FormatFromExt(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ybb":
		return FormatYBB
	case ".bin":
		return FormatAperyBin
	}
	return FormatDB2016
}

// openSized opens a book file for on-disk probing and returns its size,
// which every on-disk reader needs first (entry count, index bounds).
func openSized(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}
