package dataset

import (
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// TestAppendBothInPlace: the by-index path of AppendBoth (room for
// MaxActive more in both slices, after a prefix it must keep) equals two
// AppendActive calls on played positions and on random diagrams (no king,
// hands larger than a set: the append path), and writes nothing past
// MaxActive when the features fit in it.
func TestAppendBothInPlace(t *testing.T) {
	fx := makeFixture(t, 31, 20, 120)
	var ds []record.Diagram
	for _, x := range fx.truths[FormatHCPE3] {
		d, err := record.ParseDiagram(x.sfen)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	rng := rand.New(rand.NewSource(37))
	for i := 0; i < 3000; i++ {
		ds = append(ds, randomDiagram(rng))
	}
	h := halfKP{}
	m := h.MaxActive()
	fast := 0
	for i := range ds {
		d := &ds[i]
		bufB, bufW := make([]int32, 3, 3+m+1), make([]int32, 5, 5+m+1)
		bufB, bufW = append(bufB, 0)[:3], append(bufW, 0)[:5] // fill the guard slot after the row
		bufB[:3+m+1][3+m], bufW[:5+m+1][5+m] = -7, -7
		b, w, okB, okW := h.AppendBoth(bufB, bufW, d)
		wb, wantB := h.AppendActive(make([]int32, 3), d, board.Black)
		ww, wantW := h.AppendActive(make([]int32, 5), d, board.White)
		if okB != wantB || okW != wantW || !equal32(b, wb) || !equal32(w, ww) {
			t.Fatalf("%s: AppendBoth differs:\n%v\n%v", d.SFEN(), b, wb)
		}
		// (a diagram with more pieces than a set has more features than a row)
		if len(wb) <= 3+m && len(ww) <= 5+m && (bufB[:3+m+1][3+m] != -7 || bufW[:5+m+1][5+m] != -7) {
			t.Fatalf("%s: AppendBoth wrote past its row", d.SFEN())
		}
		if okB && okW && len(b) == 3+m {
			fast++
		}
	}
	if fast < 1000 {
		t.Fatalf("only %d positions took the by-index path", fast)
	}
}

// TestAppendBothMatchesOccupancyScan: the square-mask scan gives what the
// earlier occupancy scan gave, prefix and all, on played and random
// diagrams (some with two kings of a colour: the last one counts).
func TestAppendBothMatchesOccupancyScan(t *testing.T) {
	fx := makeFixture(t, 41, 20, 120)
	var ds []record.Diagram
	for _, x := range fx.truths[FormatHCPE3] {
		d, err := record.ParseDiagram(x.sfen)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	rng := rand.New(rand.NewSource(43))
	for i := 0; i < 3000; i++ {
		d := randomDiagram(rng)
		if i%3 == 0 { // a second king of a colour, and pieces beyond the last word's squares
			d.Squares[rng.Intn(81)] = board.NewPiece(board.Color(i/3%2), board.King)
			d.Squares[64+rng.Intn(17)] = board.NewPiece(board.White, board.Dragon)
		}
		ds = append(ds, d)
	}
	h := halfKP{}
	m := h.MaxActive()
	for i := range ds {
		d := &ds[i]
		b, w, okB, okW := h.AppendBoth(make([]int32, 2, 2+m), make([]int32, 1, 1+m), d)
		ob, ow, oB, oW := appendBothOccupancy(h, make([]int32, 2, 2+m), make([]int32, 1, 1+m), d)
		if okB != oB || okW != oW || !equal32(b, ob) || !equal32(w, ow) {
			t.Fatalf("%s: scans differ:\n%v %v\n%v %v", d.SFEN(), b, w, ob, ow)
		}
	}
}
