package board

import (
	"github.com/libshogi/libshogi/internal/cputime"
	"math/rand"
	"testing"
)

var benchSFENs = []string{
	StartSFEN,
	"l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
	"6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
}

func BenchmarkPerft5(b *testing.B) {
	p := NewPosition()
	var leaves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(5)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkGenerateLegal(b *testing.B) {
	var ps []*Position
	for _, s := range benchSFENs {
		p, _ := FromSFEN(s)
		ps = append(ps, p)
	}
	var ml MoveList
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ps[i%len(ps)].GenerateLegal(&ml)
	}
}

func BenchmarkDoUndo(b *testing.B) {
	p, _ := FromSFEN(benchSFENs[2])
	var ml MoveList
	p.GenerateLegal(&ml)
	moves := ml.Slice()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.DoMove(moves[i%len(moves)])
		p.UndoMove()
	}
}

func BenchmarkFromSFEN(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := FromSFEN(benchSFENs[i%len(benchSFENs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetPiecesGames: one op = one position of a random game set from its
// squares and hands; "fast" is SetPieces (the branch-light path), "checked"
// the square-by-square checks it replaces for valid positions, in the same
// run.
func BenchmarkSetPiecesGames(b *testing.B) {
	rng := rand.New(rand.NewSource(3))
	type in struct {
		sq    [NumSquares]Piece
		hands [2]Hand
		side  Color
	}
	var ins []in
	for len(ins) < 1024 {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			ins = append(ins, in{p.Squares(), [2]Hand{p.Hand(Black), p.Hand(White)}, p.SideToMove()})
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	q := NewPosition()
	for _, name := range []string{"fast", "checked"} {
		b.Run(name, func(b *testing.B) {
			cputime.Measure(b, true, func(i int) int {
				x := &ins[i%len(ins)]
				var err error
				if name == "fast" {
					err = q.SetPieces(&x.sq, x.hands, x.side, 1, SFENOptions{})
				} else {
					err = q.setPiecesChecked(&x.sq, x.hands, x.side, 1, SFENOptions{})
				}
				if err != nil {
					b.Fatal(err)
				}
				return 1
			})
		})
	}
}
