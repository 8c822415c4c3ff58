package book

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// project keeps the fields a format stores.
func project(b *Book, f Format) map[string][]Move {
	out := map[string][]Move{}
	for k, e := range b.entries {
		ms := make([]Move, len(e.Moves))
		for i, m := range e.Moves {
			switch f {
			case FormatYBB:
				m = Move{Move: m.Move, Eval: m.Eval, Depth: m.Depth, Fields: HasEval | HasDepth}
			case FormatAperyBin:
				m = Move{Move: m.Move, Eval: m.Eval, Count: m.Count, Fields: HasEval | HasCount}
			}
			ms[i] = m
		}
		out[k] = ms
	}
	return out
}

func TestTextRoundTrip(t *testing.T) {
	b, _ := genBook(3000, 1)
	// Partial columns, as some writers produce them.
	e := b.Entries()[0]
	e.Moves = append(e.Moves, Move{Move: 0x1E3B}, Move{Move: 0x40A8, Ponder: 0x0001}, Move{Move: 0x230A, Eval: -5, Fields: HasEval},
		Move{Move: 0xA30A, Eval: 7, Depth: 3, Fields: HasEval | HasDepth})
	var buf bytes.Buffer
	if err := WriteText(&buf, b); err != nil {
		t.Fatal(err)
	}
	c, err := ReadText(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(project(b, FormatDB2016), project(c, FormatDB2016)) {
		t.Fatal("text round trip changed the book")
	}
	var again bytes.Buffer
	WriteText(&again, c)
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatal("second write differs")
	}
}

func TestYBBRoundTrip(t *testing.T) {
	b, _ := genBook(3000, 2)
	var buf bytes.Buffer
	if err := WriteYBB(&buf, b); err != nil {
		t.Fatal(err)
	}
	c, err := ReadYBB(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(project(b, FormatYBB), project(c, FormatYBB)) {
		t.Fatal("ybb round trip changed the book")
	}
	for k, e := range b.entries {
		if c.entries[k].Ply != e.Ply {
			t.Fatalf("%s: ply %d want %d", k, c.entries[k].Ply, e.Ply)
		}
	}
	var again bytes.Buffer
	WriteYBB(&again, c)
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatal("second write differs")
	}
	// Without depths the records are 4 bytes and the flag is clear.
	nd := New()
	nd.Add(SFENKey(board.NewPosition()), 1, Move{Move: 0x1E3B, Eval: 12, Fields: HasEval})
	buf.Reset()
	WriteYBB(&buf, nd)
	if got := buf.Len(); got != ybbHeaderSize+ybbIndexSize+4 || buf.Bytes()[24] != 0 {
		t.Fatalf("depth-less ybb: %d bytes, flags %d", got, buf.Bytes()[24])
	}
	c, err = ReadYBB(bytes.NewReader(buf.Bytes()))
	if err != nil || c.Get(SFENKey(board.NewPosition())).Moves[0] != (Move{Move: 0x1E3B, Eval: 12, Fields: HasEval}) {
		t.Fatalf("depth-less ybb read back: %v %+v", err, c)
	}
}

// The .ybb layout, byte by byte, for the start position with 7g7f.
func TestYBBBytes(t *testing.T) {
	b := New()
	b.Add(SFENKey(board.NewPosition()), 1, Move{Move: 0x1E3B, Eval: -2, Depth: 0x0102, Fields: HasEval | HasDepth})
	var buf bytes.Buffer
	WriteYBB(&buf, b)
	got := buf.Bytes()
	want := "YANE-BINBOOK-V1\x00" + "\x01\x00\x00\x00\x00\x00\x00\x00" + "\x01\x00\x00\x00\x00\x00\x00\x00"
	if string(got[:32]) != want {
		t.Fatalf("header % x", got[:32])
	}
	ps, _ := record.ParseDiagram(board.StartSFEN)
	pk, _ := record.EncodePackedSfen(&ps)
	if !bytes.Equal(got[32:64], pk[:]) || string(got[64:76]) != "\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x01\x00" {
		t.Fatalf("index % x", got[32:76])
	}
	if string(got[76:]) != "\x3b\x1e\xfe\xff\x02\x01" {
		t.Fatalf("move % x", got[76:])
	}
}

func TestAperyBinRoundTrip(t *testing.T) {
	b, _ := genBook(3000, 3)
	var buf bytes.Buffer
	if err := WriteAperyBin(&buf, b); err != nil {
		t.Fatal(err)
	}
	es, err := ReadAperyBin(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	WriteBinEntries(&again, es)
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatal("entries do not write back identically")
	}
	// The generated book is a tree of playouts from the start position,
	// so walking the bin recovers every position.
	c, lost, err := BookFromBin(es, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if lost != 0 || !reflect.DeepEqual(project(b, FormatAperyBin), project(c, FormatAperyBin)) {
		t.Fatalf("bin walk: %d lost, %d of %d positions", lost, c.Len(), b.Len())
	}
}

// Every format converts to every other and keeps the fields both hold.
func TestConvertAllFormats(t *testing.T) {
	b, _ := genBook(500, 4)
	dir := t.TempDir()
	formats := []Format{FormatDB2016, FormatYBB, FormatAperyBin}
	for _, from := range formats {
		src := filepath.Join(dir, "src."+from.String())
		if err := WriteFile(src, b, from); err != nil {
			t.Fatal(err)
		}
		if f, err := DetectFormat(src); err != nil || f != from {
			t.Fatalf("detect %s: %v %v", src, f, err)
		}
		mid, err := ReadFile(src, FormatUnknown)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range formats {
			dst := filepath.Join(dir, "dst."+to.String())
			if err := WriteFile(dst, mid, to); err != nil {
				t.Fatal(err)
			}
			c, err := ReadFile(dst, FormatUnknown)
			if err != nil {
				t.Fatal(err)
			}
			if c.Len() != b.Len() {
				t.Fatalf("%v->%v: %d positions, want %d", from, to, c.Len(), b.Len())
			}
			for k, e := range b.entries {
				ce := c.entries[k]
				if ce == nil || len(ce.Moves) != len(e.Moves) {
					t.Fatalf("%v->%v: %s lost moves", from, to, k)
				}
				for i := range e.Moves {
					if ce.Moves[i].Move != e.Moves[i].Move || ce.Moves[i].Eval != e.Moves[i].Eval {
						t.Fatalf("%v->%v: %s move %d: %+v want %+v", from, to, k, i, ce.Moves[i], e.Moves[i])
					}
				}
			}
		}
	}
}

func TestTextColumns(t *testing.T) {
	src := TextHeader + "\n# comment\n\nsfen " + board.StartSFEN + "\n" +
		"7g7f none 10 3 2 # first move\n" +
		"2g2f 8c8d\n" +
		"5g5f none -7 // comment\n" +
		"6i7h none 1 2 3 extra words\n" +
		"sfen 4k4/9/9/9/9/9/9/9/4K4 b P\n" +
		"P*5e\n"
	b, err := ReadText(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	e := b.Get(strings.TrimSuffix(board.StartSFEN, " 1"))
	if e == nil || e.Ply != 1 || len(e.Moves) != 4 {
		t.Fatalf("%+v", e)
	}
	want := []Move{
		{Move: 0x1E3B, Eval: 10, Depth: 3, Count: 2, Fields: HasEval | HasDepth | HasCount},
		{Move: mv16(t, "2g2f"), Ponder: mv16(t, "8c8d")},
		{Move: mv16(t, "5g5f"), Eval: -7, Fields: HasEval},
		{Move: mv16(t, "6i7h"), Eval: 1, Depth: 2, Count: 3, Fields: HasEval | HasDepth | HasCount},
	}
	if !reflect.DeepEqual(e.Moves, want) {
		t.Fatalf("got %+v", e.Moves)
	}
	if e := b.Get("4k4/9/9/9/9/9/9/9/4K4 b P"); e == nil || e.Ply != 0 || e.Moves[0].Move != 0x40A8 {
		t.Fatalf("no-ply position: %+v", e)
	}
}

func mv16(t *testing.T, s string) uint16 {
	v, err := record.YaneuraOu.ParseUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMalformedBooks(t *testing.T) {
	texts := map[string]string{
		"not a YANEURAOU":          "sfen x\n",
		"line 2: move line before": TextHeader + "\n7g7f\n",
		"line 3: bad move":         TextHeader + "\nsfen " + board.StartSFEN + "\n7g7z none\n",
		"line 3: bad eval":         TextHeader + "\nsfen " + board.StartSFEN + "\n7g7f none x1\n",
		"line 2: sfen line":        TextHeader + "\nsfen 9/9 b\n",
		"line 3: negative count":   TextHeader + "\nsfen " + board.StartSFEN + "\n7g7f none 1 2 -3\n",
	}
	for want, src := range texts {
		_, err := ReadText(strings.NewReader(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
	good := New()
	good.Add(SFENKey(board.NewPosition()), 1, Move{Move: 0x1E3B, Fields: HasEval})
	var y bytes.Buffer
	WriteYBB(&y, good)
	yb := y.Bytes()
	bad := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), yb...)) }
	ybbs := map[string][]byte{
		"bad magic":           bad(func(b []byte) []byte { b[0] = 'X'; return b }),
		"unknown flags":       bad(func(b []byte) []byte { b[24] = 6; return b }),
		"do not fit":          bad(func(b []byte) []byte { b[16] = 9; return b }),
		"entry 0: moves at":   bad(func(b []byte) []byte { b[32+32] = 0xff; return b }),
		"entry 0: bad Packed": bad(func(b []byte) []byte { b[32] = 0xff; b[33] = 0xff; return b }),
		"shorter than":        yb[:20],
	}
	for want, data := range ybbs {
		_, err := ReadYBB(bytes.NewReader(data))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ybb %q: error %v", want, err)
		}
	}
	var bb bytes.Buffer
	WriteAperyBin(&bb, good)
	two := append(append([]byte(nil), bb.Bytes()...), bb.Bytes()...)
	two[16] = 0 // second key smaller
	bins := map[string][]byte{
		"entry 1: truncated":    append(append([]byte(nil), bb.Bytes()...), 1, 2, 3),
		"entry 0: bad move":     func() []byte { b := append([]byte(nil), bb.Bytes()...); b[8], b[9] = 0, 0; return b }(),
		"entry 1: entries are ": two,
	}
	for want, data := range bins {
		_, err := ReadAperyBin(bytes.NewReader(data))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bin %q: error %v", want, err)
		}
	}
	// On-disk openers name the file and the entry too.
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.ybb")
	os.WriteFile(p, ybbs["bad magic"], 0o644)
	if _, err := OpenYBB(p); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("OpenYBB: %v", err)
	}
	p = filepath.Join(dir, "bad.bin")
	os.WriteFile(p, bins["entry 1: truncated"], 0o644)
	if _, err := OpenAperyBin(p); err == nil || !strings.Contains(err.Error(), "entry 1") {
		t.Errorf("OpenAperyBin: %v", err)
	}
}

func TestMergeAndTop(t *testing.T) {
	k := SFENKey(board.NewPosition())
	a, b := New(), New()
	a.Add(k, 1, Move{Move: 1, Count: 5, Eval: 10, Depth: 4, Fields: HasCount | HasEval | HasDepth})
	a.Add(k, 1, Move{Move: 2, Count: 1, Eval: 50, Depth: 4, Fields: HasCount | HasEval | HasDepth})
	b.Add(k, 1, Move{Move: 1, Count: 7, Eval: 90, Depth: 9, Fields: HasCount | HasEval | HasDepth})
	b.Add(k, 1, Move{Move: 3, Count: 2, Eval: -5, Depth: 1, Fields: HasCount | HasEval | HasDepth})
	b.Add("other b -", 3, Move{Move: 4, Fields: HasCount, Count: 1})
	a.Merge(b)
	if a.Len() != 2 {
		t.Fatalf("%d positions", a.Len())
	}
	got := a.Get(k).Moves
	want := []Move{
		{Move: 1, Count: 12, Eval: 90, Depth: 9, Fields: HasCount | HasEval | HasDepth},
		{Move: 2, Count: 1, Eval: 50, Depth: 4, Fields: HasCount | HasEval | HasDepth},
		{Move: 3, Count: 2, Eval: -5, Depth: 1, Fields: HasCount | HasEval | HasDepth},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("merged %+v", got)
	}
	a.KeepTop(2)
	if g := a.Get(k).Moves; len(g) != 2 || g[0].Move != 1 || g[1].Move != 2 {
		t.Fatalf("top 2: %+v", g)
	}
	// Without evals the count orders the moves.
	c := New()
	c.Add(k, 1, Move{Move: 1, Count: 1, Fields: HasCount})
	c.Add(k, 1, Move{Move: 2, Count: 9, Fields: HasCount})
	c.KeepTop(1)
	if g := c.Get(k).Moves; len(g) != 1 || g[0].Move != 2 {
		t.Fatalf("top by count: %+v", g)
	}
}
