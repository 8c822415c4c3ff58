package book

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func fuzzSeedBook() *Book {
	b := New()
	k := SFENKey(board.NewPosition())
	b.Add(k, 1, Move{Move: 0x1E3B, Ponder: 0x0B0B, Eval: 12, Depth: 3, Count: 4, Fields: HasEval | HasDepth | HasCount})
	b.Add(k, 1, Move{Move: 0x230A, Eval: -3, Fields: HasEval})
	b.Add("4k4/9/9/9/9/9/9/9/4K4 b P", 1, Move{Move: 0x40A8, Eval: 0, Fields: HasEval | HasCount, Count: 1})
	return b
}

// A malformed text book gives an error, never a panic; what parses
// writes back and reads again to the same book.
func FuzzReadText(f *testing.F) {
	var buf bytes.Buffer
	WriteText(&buf, fuzzSeedBook())
	f.Add(buf.Bytes())
	f.Add([]byte(TextHeader + "\nsfen 9/9/9/9/9/9/9/9/9 b - x\n7g7f none 1 2 3 4\n"))
	f.Add([]byte(TextHeader + "\r\n#c\r\nsfen " + board.StartSFEN + "\r\n7g7f\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadText(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		var out bytes.Buffer
		if err := WriteText(&out, b); err != nil {
			t.Fatal(err)
		}
		c, err := ReadText(bytes.NewReader(out.Bytes()))
		if err != nil || c.Len() != b.Len() {
			t.Fatalf("rewritten book does not read back: %v", err)
		}
	})
}

// The on-disk text prober never panics on any file.
func FuzzSortedText(f *testing.F) {
	var buf bytes.Buffer
	WriteText(&buf, fuzzSeedBook())
	f.Add(buf.Bytes())
	f.Add([]byte(TextHeader + "\nsfen zzz b -\nsfen aaa b -\n"))
	dir := f.TempDir()
	ps := []*board.Position{board.NewPosition()}
	p, _ := board.FromSFEN("4k4/9/9/9/9/9/9/9/4K4 b P 1")
	ps = append(ps, p)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "fuzz.db")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := OpenSortedText(path)
		if err != nil {
			return
		}
		defer st.Close()
		for _, p := range ps {
			st.Probe(p)
		}
	})
}

// A malformed .ybb gives an error naming the entry or offset; the loader
// and the on-disk prober agree on what they find.
func FuzzReadYBB(f *testing.F) {
	var buf bytes.Buffer
	WriteYBB(&buf, fuzzSeedBook())
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:40])
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadYBB(bytes.NewReader(data))
		path := filepath.Join(dir, "fuzz.ybb")
		os.WriteFile(path, data, 0o644)
		y, oerr := OpenYBB(path)
		if oerr == nil {
			defer y.Close()
			y.Probe(board.NewPosition())
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if oerr != nil {
			t.Fatalf("ReadYBB accepted what OpenYBB refused: %v", oerr)
		}
		for _, e := range b.Entries() {
			p, perr := board.FromSFENWith(e.SFEN, board.SFENOptions{AllowOpponentInCheck: true})
			if perr != nil {
				continue
			}
			ms, err := y.Probe(p)
			if err != nil || len(ms) != len(e.Moves) {
				t.Fatalf("probe of %s: %v, %d moves, want %d", e.SFEN, err, len(ms), len(e.Moves))
			}
		}
	})
}

// A malformed book.bin gives an error naming the entry.
func FuzzReadAperyBin(f *testing.F) {
	var buf bytes.Buffer
	WriteAperyBin(&buf, fuzzSeedBook())
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:20])
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := ReadAperyBin(bytes.NewReader(data))
		path := filepath.Join(dir, "fuzz.bin")
		os.WriteFile(path, data, 0o644)
		if a, oerr := OpenAperyBin(path); oerr == nil {
			a.Probe(board.NewPosition())
			for _, e := range es {
				got, err := a.LookupKey(e.Key)
				if err != nil || len(got) == 0 {
					t.Fatalf("key %016x: %v", e.Key, err)
				}
			}
			a.Close()
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		BookFromBin(es, nil, 8)
	})
}
