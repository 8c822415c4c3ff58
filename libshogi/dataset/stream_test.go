package dataset

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

var allFormats = []Format{FormatPSV, FormatHCPE, FormatHCPE3}

// collect reads a whole stream into per-position rows (copies).
type row struct {
	feats  [2][]int32
	csr    [2][]int32
	stm    uint8
	score  int16
	result int8
	ply    int32
	move   uint16
}

func collect(t *testing.T, st *Stream) []row {
	t.Helper()
	var rows []row
	for {
		b, err := st.Next()
		if err == io.EOF {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < b.N; i++ {
			var r row
			for p := 0; p < 2; p++ {
				if b.Padded[p] != nil {
					r.feats[p] = append([]int32(nil), b.Padded[p][i*b.MaxActive:(i+1)*b.MaxActive]...)
				}
				if b.Offsets[p] != nil {
					r.csr[p] = append([]int32(nil), b.Values[p][b.Offsets[p][i]:b.Offsets[p][i+1]]...)
				}
			}
			r.stm, r.score, r.result, r.ply, r.move = b.SideToMove[i], b.Score[i], b.Result[i], b.Ply[i], b.Move[i]
			rows = append(rows, r)
		}
	}
}

func open(t *testing.T, paths []string, o Options) *Stream {
	t.Helper()
	st, err := Open(paths, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestFeaturesMatchPositionAPI: every row of every format equals what
// nnue.AppendActive computes from a board.Position of the written position.
func TestFeaturesMatchPositionAPI(t *testing.T) {
	fx := makeFixture(t, 1, 40, 120)
	for _, f := range allFormats {
		tr := fx.truths[f]
		if len(tr) < 2000 {
			t.Fatalf("%v: only %d positions", f, len(tr))
		}
		st := open(t, []string{fx.paths[f]}, Options{FeatureSet: "HalfKP", BatchSize: 97, Threads: 2})
		rows := collect(t, st)
		if len(rows) != len(tr) {
			t.Fatalf("%v: %d rows, want %d", f, len(rows), len(tr))
		}
		for i, r := range rows {
			want := tr[i]
			p := posOf(t, want.sfen)
			for c := board.Black; c <= board.White; c++ {
				feats, ok := nnue.AppendActive(nil, p, c)
				if !ok {
					t.Fatal("no king")
				}
				if !equal32(r.csr[c], feats) || !equal32(r.feats[c][:len(feats)], feats) {
					t.Fatalf("%v row %d %v: features differ\n got %v\nwant %v", f, i, c, r.csr[c], feats)
				}
				for _, v := range r.feats[c][len(feats):] {
					if v != -1 {
						t.Fatalf("%v row %d: padding %d", f, i, v)
					}
				}
			}
			if r.stm != uint8(p.SideToMove()) || r.score != want.score || r.result != want.result || int(r.ply) != want.ply || r.move != want.move.Move16() {
				t.Fatalf("%v row %d: got stm %d score %d result %d ply %d move %#x, want %v %d %d %d %#x",
					f, i, r.stm, r.score, r.result, r.ply, r.move, p.SideToMove(), want.score, want.result, want.ply, want.move.Move16())
			}
		}
		s := st.Stats()
		if s.Positions != int64(len(tr)) || s.Bad != 0 || s.Epochs != 1 {
			t.Fatalf("%v: stats %+v", f, s)
		}
	}
}

func equal32(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// key identifies a row for multiset comparisons.
func (r row) key() string {
	b := make([]byte, 0, 400)
	for _, v := range r.csr[0] {
		b = append(b, byte(v), byte(v>>8), byte(v>>16))
	}
	b = append(b, r.stm, byte(r.score), byte(r.score>>8), byte(r.result), byte(r.ply), byte(r.move), byte(r.move>>8))
	return string(b)
}

func multiset(rows []row) map[string]int {
	m := map[string]int{}
	for _, r := range rows {
		m[r.key()]++
	}
	return m
}

func sameMultiset(a, b []row) bool {
	if len(a) != len(b) {
		return false
	}
	ma, mb := multiset(a), multiset(b)
	if len(ma) != len(mb) {
		return false
	}
	for k, v := range ma {
		if mb[k] != v {
			return false
		}
	}
	return true
}

// TestShuffleIsPermutationPerEpoch: with a shuffle buffer smaller than the
// data, each epoch delivers every position exactly once, in another order.
func TestShuffleIsPermutationPerEpoch(t *testing.T) {
	fx := makeFixture(t, 2, 20, 100)
	paths := []string{fx.paths[FormatPSV], fx.paths[FormatHCPE]}
	plain := collect(t, open(t, paths, Options{FeatureSet: "HalfKP", Layout: LayoutCSR}))
	n := len(plain)
	st := open(t, paths, Options{FeatureSet: "HalfKP", Layout: LayoutCSR, ShuffleBuffer: 500, Seed: 7, Epochs: 3, BatchSize: 333, Threads: 2})
	shuf := collect(t, st)
	if len(shuf) != 3*n {
		t.Fatalf("%d rows, want %d", len(shuf), 3*n)
	}
	for e := 0; e < 3; e++ {
		ep := shuf[e*n : (e+1)*n]
		if !sameMultiset(ep, plain) {
			t.Fatalf("epoch %d is not a permutation of the data", e)
		}
		moved := 0
		for i := range ep {
			if ep[i].key() != plain[i].key() {
				moved++
			}
		}
		if moved < n/2 {
			t.Fatalf("epoch %d: only %d of %d positions moved", e, moved, n)
		}
	}
	if s := st.Stats(); s.Epochs != 3 || s.Positions != int64(3*n) {
		t.Fatalf("stats %+v", s)
	}
	// The same seed gives the same order whatever the thread count.
	again := collect(t, open(t, paths, Options{FeatureSet: "HalfKP", Layout: LayoutCSR, ShuffleBuffer: 500, Seed: 7, Epochs: 3, BatchSize: 50, Threads: 4}))
	for i := range again {
		if again[i].key() != shuf[i].key() {
			t.Fatalf("row %d differs between runs with the same seed", i)
		}
	}
}

// TestThreadsSameMultiset: 1 and several decode threads give the same
// positions (in fact the same order).
func TestThreadsSameMultiset(t *testing.T) {
	fx := makeFixture(t, 3, 30, 100)
	paths := []string{fx.paths[FormatHCPE3], fx.paths[FormatPSV], fx.paths[FormatHCPE]}
	one := collect(t, open(t, paths, Options{FeatureSet: "HalfKP", Threads: 1}))
	for _, th := range []int{2, 3, 8} {
		many := collect(t, open(t, paths, Options{FeatureSet: "HalfKP", Threads: th, BatchSize: 61}))
		if !sameMultiset(one, many) {
			t.Fatalf("%d threads: different positions", th)
		}
		for i := range many {
			if many[i].key() != one[i].key() {
				t.Fatalf("%d threads: row %d out of order", th, i)
			}
		}
	}
}

// TestOpenErrors: a missing file, an unknown feature set and bad options
// are refused by Open with a message naming the fault.
func TestOpenErrors(t *testing.T) {
	if _, err := Open([]string{"/nonexistent/x.bin"}, Options{FeatureSet: "HalfKP"}); err == nil || !contains(err.Error(), "/nonexistent/x.bin") {
		t.Fatalf("missing file: %v", err)
	}
	fx := makeFixture(t, 4, 1, 10)
	if _, err := Open([]string{fx.paths[FormatPSV]}, Options{FeatureSet: "HalfKX"}); err == nil || !contains(err.Error(), "HalfKX") {
		t.Fatalf("unknown feature set: %v", err)
	}
	if _, err := Open([]string{fx.paths[FormatPSV]}, Options{FeatureSet: "HalfKP", BatchSize: -1}); err == nil {
		t.Fatal("negative batch size accepted")
	}
	if _, err := Open([]string{fx.paths[FormatPSV]}, Options{Layout: LayoutPlanes, BatchSize: 1 << 17}); err == nil {
		t.Fatal("a 5 GB planes batch accepted")
	}
	if _, err := Open([]string{fx.paths[FormatPSV]}, Options{FeatureSet: "HalfKP", ShuffleBuffer: 1 << 30}); err == nil {
		t.Fatal("a 146 GB shuffle buffer accepted")
	}
	if _, err := Open(nil, Options{FeatureSet: "HalfKP"}); err == nil {
		t.Fatal("no files accepted")
	}
	st := open(t, []string{fx.paths[FormatPSV]}, Options{FeatureSet: "HalfKP"})
	st.Close()
	if _, err := st.Next(); !errors.Is(err, errClosed) {
		t.Fatalf("Next after Close: %v", err)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestAppendBothMatchesAppendActive: the one-pass HalfKP lists equal two
// AppendActive calls, also when a king is missing (that side: not ok).
func TestAppendBothMatchesAppendActive(t *testing.T) {
	fx := makeFixture(t, 18, 5, 80)
	sfens := []string{"4k4/9/9/9/9/9/9/9/9 b 2P 1", "9/9/9/9/9/9/9/9/4K4 w - 1"}
	for _, x := range fx.truths[FormatHCPE3] {
		sfens = append(sfens, x.sfen)
	}
	h := halfKP{}
	for _, s := range sfens {
		d, err := record.ParseDiagram(s)
		if err != nil {
			t.Fatal(err)
		}
		b, w, okB, okW := h.AppendBoth(nil, nil, &d)
		wb, wantB := h.AppendActive(nil, &d, board.Black)
		ww, wantW := h.AppendActive(nil, &d, board.White)
		if okB != wantB || okW != wantW || !equal32(b, wb) || !equal32(w, ww) {
			t.Fatalf("%s: AppendBoth differs", s)
		}
	}
}

// TestShuffleFiles: with shuffle_files each epoch reads the files in a
// seeded order (whole files, each once), not always the given one.
func TestShuffleFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 6; i++ {
		d, _ := record.ParseDiagram(board.StartSFEN)
		rec, err := record.NewPSV(&d, int16(i), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, writeFile(t, dir, fmt.Sprintf("f%d.bin", i), record.AppendPSV(nil, &rec)))
	}
	orders := map[string]bool{}
	st := open(t, paths, Options{FeatureSet: "HalfKP", ShuffleFiles: true, Epochs: 8, Seed: 3})
	rows := collect(t, st)
	for e := 0; e < 8; e++ {
		seen := make([]bool, 6)
		key := ""
		for _, r := range rows[e*6 : (e+1)*6] {
			seen[r.score] = true
			key += fmt.Sprint(r.score)
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("epoch %d misses file %d", e, i)
			}
		}
		orders[key] = true
	}
	if len(orders) < 4 {
		t.Fatalf("only %d file orders in 8 epochs: %v", len(orders), orders)
	}
	again := collect(t, open(t, paths, Options{FeatureSet: "HalfKP", ShuffleFiles: true, Epochs: 8, Seed: 3, Threads: 3}))
	for i := range rows {
		if rows[i].score != again[i].score {
			t.Fatal("the file order depends on more than the seed")
		}
	}
}
