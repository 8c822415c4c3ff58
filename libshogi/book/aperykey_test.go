package book

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The reference implementation (mt19937-64.c) prints 14514284786278117030
// as the first output for init_genrand64(5489); the C++ standard requires
// std::mt19937_64's 10000th output to be 9981545732273789042.
func TestMT19937_64Reference(t *testing.T) {
	g := newMT19937_64(5489)
	if v := g.next(); v != 14514284786278117030 {
		t.Fatalf("first output %d", v)
	}
	for i := 2; i < 10000; i++ {
		g.next()
	}
	if v := g.next(); v != 9981545732273789042 {
		t.Fatalf("10000th output %d", v)
	}
}

func testdataPath(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "tests", "testdata", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("golden data missing: %s (%v)", p, err)
	}
	return p
}

type keyVector struct {
	sfen string
	key  uint64
}

func readKeyVectors(t testing.TB) []keyVector {
	f, err := os.Open(testdataPath(t, "book-keys.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []keyVector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 2 {
			t.Fatalf("bad row %q", line)
		}
		k, err := strconv.ParseUint(cols[1], 16, 64)
		if err != nil {
			t.Fatalf("bad key in %q", line)
		}
		out = append(out, keyVector{cols[0], k})
	}
	if len(out) != 200 {
		t.Fatalf("%d key vectors, want 200", len(out))
	}
	return out
}

func TestAperyKeyVectors(t *testing.T) {
	for _, v := range readKeyVectors(t) {
		p, err := board.FromSFEN(v.sfen)
		if err != nil {
			t.Fatalf("%s: %v", v.sfen, err)
		}
		if k := AperyKey(p); k != v.key {
			t.Errorf("%s: key %016x, want %016x", v.sfen, k, v.key)
		}
		d, err := record.ParseDiagram(v.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if k := AperyKeyOfDiagram(&d); k != v.key {
			t.Errorf("%s: diagram key %016x, want %016x", v.sfen, k, v.key)
		}
	}
}

// book_key_after must equal the key of the position reached.
func TestAperyKeyAfter(t *testing.T) {
	for _, v := range readKeyVectors(t)[:40] {
		p, _ := board.FromSFEN(v.sfen)
		var ml board.MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			want := func() uint64 { q := p.Clone(); q.DoMove(m); return AperyKey(q) }()
			if got := AperyKeyAfter(p, m); got != want {
				t.Fatalf("%s %s: %016x want %016x", v.sfen, m, got, want)
			}
		}
		if AperyKey(p) != v.key {
			t.Fatalf("AperyKeyAfter changed the position")
		}
	}
}
