package evalc

import (
	"math"
	"testing"
	"time"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// benchSFEN is tests/c/bench_evalbackend.c's position; the benchmarks use
// its legal non-king moves, as that program does.
const benchSFEN = "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1"

func benchMoves(b *testing.B) (*board.Position, []uint16) {
	pos, err := board.FromSFEN(benchSFEN)
	if err != nil {
		b.Fatal(err)
	}
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	var moves []uint16
	for _, m := range ml.Moves[:ml.N] {
		if m.IsDrop() || pos.PieceOn(m.From()).Type() != board.King {
			moves = append(moves, uint16(m))
		}
	}
	return pos, moves
}

func benchBoard(pos *board.Position) evalbackend.Board {
	sq, h := boardOf(pos)
	return evalbackend.Board{Squares: &sq, Hands: &h, Side: pos.SideToMove()}
}

// BenchmarkPushEvaluateAtC is the engine's loop in C: push_evaluate_at(0,
// m) for each move in turn (the next make at ply 0 takes the last one
// back), no Go between the calls: thread CPU ns per move (cpu-ns/op), and
// the wall ns per move of the fastest batch of 10 passes (fastest-ns/op:
// on a shared machine the batches that ran undisturbed). Sub-benchmarks
// per kernel level.
func BenchmarkPushEvaluateAtC(b *testing.B) {
	_, cn := testNets(b, "halfkp_256x2-32-32", "test")
	benchC(b, cn)
}

// BenchmarkPushEvaluateAtCDefault is BenchmarkPushEvaluateAtC with the
// trained net built into the library (halfkp_128x2-32-32).
func BenchmarkPushEvaluateAtCDefault(b *testing.B) {
	_, cn := testNets(b, "halfkp_128x2-32-32", "default")
	benchC(b, cn)
}

// BenchmarkPushEvaluateAtGoDefault is BenchmarkPushEvaluateAtGo with the
// built-in net.
func BenchmarkPushEvaluateAtGoDefault(b *testing.B) {
	net, _ := testNets(b, "halfkp_128x2-32-32", "default")
	benchGo(b, net)
}

func benchC(b *testing.B, cn *Net) {
	pos, moves := benchMoves(b)
	plies := make([]int32, len(moves))
	for _, l := range Levels() {
		b.Run(l.String(), func(b *testing.B) {
			s, err := NewStack(cn, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Free()
			s.SetLevel(l)
			if err := s.SetRoot(benchBoard(pos)); err != nil {
				b.Fatal(err)
			}
			fastest := math.Inf(1)
			cputime.Measure(b, true, func(int) int {
				for range 10 {
					t0 := time.Now()
					if _, err := s.benchPushEvaluateAt(plies, moves, 10); err != nil {
						b.Fatal(err)
					}
					fastest = min(fastest, float64(time.Since(t0).Nanoseconds())/float64(10*len(moves)))
				}
				return 100 * len(moves)
			})
			b.ReportMetric(fastest, "fastest-ns/op")
		})
	}
}

// BenchmarkPushEvaluateAtGo is the same loop on evalbackend.Stack, in Go
// (no cgo crossing either): the baseline of the same run.
func BenchmarkPushEvaluateAtGo(b *testing.B) {
	net, _ := testNets(b, "halfkp_256x2-32-32", "test")
	benchGo(b, net)
}

func benchGo(b *testing.B, net *nnue.Net) {
	pos, moves := benchMoves(b)
	s, err := evalbackend.NewStack(net, 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := s.SetRoot(benchBoard(pos)); err != nil {
		b.Fatal(err)
	}
	fastest := math.Inf(1)
	cputime.Measure(b, true, func(int) int {
		for range 10 {
			t0 := time.Now()
			for range 10 {
				for _, m := range moves {
					if _, err := s.PushEvaluateAt(0, m); err != nil {
						b.Fatal(err)
					}
				}
			}
			fastest = min(fastest, float64(time.Since(t0).Nanoseconds())/float64(10*len(moves)))
		}
		return 100 * len(moves)
	})
	b.ReportMetric(fastest, "fastest-ns/op")
}
