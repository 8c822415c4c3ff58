package dataset

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// randomDiagram places up to 40 random pieces (any type, either colour,
// at most one king a side, maybe none) on random squares with random hands
// and side to move: shapes no game reaches, which the planes must handle
// all the same.
func randomDiagram(rng *rand.Rand) record.Diagram {
	var d record.Diagram
	kings := [2]bool{}
	for k := rng.Intn(41); k > 0; k-- {
		c := board.Color(rng.Intn(2))
		pt := board.PieceType(1 + rng.Intn(14))
		if pt == board.King {
			if kings[c] {
				continue
			}
			kings[c] = true
		}
		d.Squares[rng.Intn(81)] = board.NewPiece(c, pt)
	}
	for c := range d.Hands {
		var h board.Hand
		for _, hp := range handPlanes {
			for k := rng.Intn(hp.max + 2); k > 0; k-- { // up to 3 bishops: the field holds 3
				h = h.Add(hp.pt)
			}
		}
		d.Hands[c] = h
	}
	d.Side = board.Color(rng.Intn(2))
	d.Ply = 1
	return d
}

// planeCases: thousands of played positions of both sides to move, and
// random diagrams.
func planeCases(t *testing.T) []record.Diagram {
	fx := makeFixture(t, 23, 30, 120)
	var ds []record.Diagram
	for _, x := range fx.truths[FormatPSV] {
		d, err := record.ParseDiagram(x.sfen)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	rng := rand.New(rand.NewSource(29))
	for i := 0; i < 2000; i++ {
		ds = append(ds, randomDiagram(rng))
	}
	return ds
}

// TestInputFeaturesMatchSquares: the planes from bits (float32 and bytes,
// with the assembly expanders and with their Go twins) equal those of the
// earlier square-by-square implementation, byte for byte, on played and
// random positions; the outputs start dirty to show every value is written.
func TestInputFeaturesMatchSquares(t *testing.T) {
	ds := planeCases(t)
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	for _, lv := range []struct{ avx2, avx512 bool }{{false, false}, {true, false}, {true, true}} {
		if (lv.avx2 && !asm.SupportedCPU()) || (lv.avx512 && !asm.SupportedAVX512()) {
			t.Logf("level avx2=%v avx512=%v not on this machine", lv.avx2, lv.avx512)
			continue
		}
		asm.UseAVX2, asm.UseAVX512 = lv.avx2, lv.avx512
		t.Run(asm.Level(), func(t *testing.T) {
			a1, a2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
			b1, b2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
			u1, u2 := make([]uint8, Features1Num*81), make([]uint8, Features2Num)
			v1, v2 := make([]uint8, Features1Num*81), make([]uint8, Features2Num)
			checks := 0
			for i := range ds {
				d := &ds[i]
				for j := range a1 {
					a1[j], u1[j] = 3, 3
				}
				for j := range a2 {
					a2[j] = 3
				}
				for j := range u2 {
					u2[j] = 3
				}
				ca := InputFeatures(d, a1, a2)
				cb := inputFeaturesSquares(d, b1, b2)
				cu := InputFeaturesU8(d, u1, u2)
				cv := inputFeaturesSquaresU8(d, v1, v2)
				if ca != cb || cu != cv || ca != cu {
					t.Fatalf("%s: in check %v, want %v", d.SFEN(), ca, cb)
				}
				if !slices.Equal(a1, b1) || !slices.Equal(a2, b2) || !slices.Equal(u1, v1) || !slices.Equal(u2, v2) {
					t.Fatalf("%s: planes differ from the square-by-square version", d.SFEN())
				}
				if ca {
					checks++
				}
			}
			if checks == 0 {
				t.Fatal("no position in check among the cases")
			}
		})
	}
}

// BenchmarkPlaneBits: the planes of a position as bits only (what every
// output form is expanded from); one op = one position.
func BenchmarkPlaneBits(b *testing.B) {
	benchData(b)
	var pb planeBits
	cputime.Measure(b, true, func(i int) int {
		pb.compute(&benchDiags[i%len(benchDiags)])
		return 1
	})
}
