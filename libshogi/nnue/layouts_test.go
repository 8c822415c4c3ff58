package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// referenceRaw is the forward pass written directly from the specification
// (no kernels, no blocked layout), for any layout.
func referenceRaw(n *Net, pos *board.Position) int32 {
	h := n.Arch.HalfDims
	var acc [2][]int16
	for p := board.Black; p <= board.White; p++ {
		acc[p] = make([]int16, h)
		copy(acc[p], n.FTBias)
		f, _ := AppendActive(nil, pos, p)
		for _, x := range f {
			for j := 0; j < h; j++ {
				acc[p][j] += n.FTWeight[int(x)*h+j]
			}
		}
	}
	stm := pos.SideToMove()
	x := make([]int32, 0, 2*h)
	for _, p := range []board.Color{stm, stm ^ 1} {
		for _, v := range acc[p] {
			x = append(x, int32(min(max(v, 0), 127)))
		}
	}
	for li, l := range n.Layers {
		y := make([]int32, l.Out)
		for o := range y {
			s := l.Bias[o]
			for i := 0; i < l.In; i++ {
				s += int32(l.Weight[o*l.PaddedIn()+i]) * x[i]
			}
			if li == len(n.Layers)-1 {
				y[o] = s
			} else {
				y[o] = min(max(s>>WeightScaleBits, 0), 127)
			}
		}
		x = y
	}
	return x[0]
}

// TestOtherLayouts describes layouts other than 256x2-32-32 (smaller
// transformer, hidden sizes that need padding, other than 32) and checks
// that they round-trip through the file format and evaluate like the
// reference, both with the kernels and with the Go twins.
func TestOtherLayouts(t *testing.T) {
	layouts := []Arch{
		{Features: HalfKP, HalfDims: 256, Hidden: []int{32, 32}},
		{Features: HalfKP, HalfDims: 32, Hidden: []int{20, 12}, SparseNaming: true},
		{Features: HalfKP, HalfDims: 64, Hidden: []int{16, 32}},
		{Features: HalfKP, HalfDims: 128, Hidden: []int{64, 8}},
	}
	r := rand.New(rand.NewPCG(3, 3))
	for li, a := range layouts {
		if li == 0 && testing.Short() {
			continue
		}
		n, err := NewNet(a)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n.FTBias {
			n.FTBias[i] = int16(r.IntN(129) - 32)
		}
		for i := range n.FTWeight {
			n.FTWeight[i] = int16(r.IntN(41) - 20)
		}
		for i := range n.Layers {
			l := &n.Layers[i]
			for j := range l.Bias {
				l.Bias[j] = int32(r.IntN(4001) - 2000)
			}
			for o := 0; o < l.Out; o++ {
				for in := 0; in < l.In; in++ {
					l.Weight[o*l.PaddedIn()+in] = int8(r.IntN(256) - 128)
				}
			}
		}
		n.Prepare()
		b := n.Bytes()
		if len(b) != a.Size() {
			t.Fatalf("%s: %d bytes, Size says %d", a, len(b), a.Size())
		}
		m, err := LoadBytes(b)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if m.Arch.String() != a.String() || len(m.Warnings) != 0 {
			t.Fatalf("%s: loaded as %s, warnings %v", a, m.Arch, m.Warnings)
		}
		pos := board.NewPosition()
		ev := NewEvaluator(m)
		ev.Reset(pos)
		var ml board.MoveList
		for ply := 0; ply < 120; ply++ {
			want := referenceRaw(m, pos)
			for _, avx := range []bool{true, false} {
				asm.UseAVX2 = avx && asm.SupportedCPU()
				got, _ := m.RawPosition(pos)
				inc, _ := ev.Raw(pos)
				if got != want || inc != want {
					t.Fatalf("%s ply %d avx2 %v: full %d incremental %d reference %d", a, ply, avx, got, inc, want)
				}
			}
			asm.UseAVX2 = asm.SupportedCPU()
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
		}
	}
}

func TestArchStrings(t *testing.T) {
	for _, a := range []Arch{HalfKP256, {Features: HalfKP, HalfDims: 32, Hidden: []int{20, 12}}} {
		b, err := ParseArch(a.String())
		if err != nil || b.String() != a.String() {
			t.Errorf("%s: parsed %s, %v", a, b, err)
		}
	}
	if _, err := NewNet(Arch{Features: FeatureSet{Name: "K-P"}, HalfDims: 256, Hidden: []int{32, 32}}); err == nil {
		t.Error("unknown feature set accepted")
	}
}

// TestGoldenReference checks the specification-level reference against a
// few golden rows, so that the reference itself is trustworthy.
func TestGoldenReference(t *testing.T) {
	rows := goldenRows(t)
	ns := testNets(t)
	for i := 0; i < len(rows); i += 40 {
		r := rows[i]
		pos, _ := board.FromSFEN(r.sfen)
		if got := ScaleOutput(referenceRaw(ns[r.net], pos), r.fvScale); got != r.eval {
			t.Errorf("row %d: reference %d, want %d", i, got, r.eval)
		}
	}
}
