package evalbackend

import (
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

const benchSFEN = "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1"

// benchMoves are the legal moves of pos that move no king: the 30 moves
// of tests/c/bench_evalbackend.c for benchSFEN, so that the Go and the C
// figures compare (a king move refreshes its perspective).
func benchMoves(pos *board.Position) []board.Move {
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	var moves []board.Move
	for _, m := range ml.Slice() {
		if m.IsDrop() || pos.PieceOn(m.From()).Type() != board.King {
			moves = append(moves, m)
		}
	}
	return moves
}

// BenchmarkStackPushEvaluatePop: Stack.PushEvaluate + Pop over the
// non-king moves of a middle-game position (halfkp_256x2-32-32), PushEvaluateAt
// alone (its pop is the next make's), and the search's own Evaluator
// DoMove + Evaluate + UndoMove in the same run.
func BenchmarkStackPushEvaluatePop(b *testing.B) {
	net := testNet(b, "halfkp_256x2-32-32")
	pos, err := board.FromSFEN(benchSFEN)
	if err != nil {
		b.Fatal(err)
	}
	moves := benchMoves(pos)
	b.Run("stack", func(b *testing.B) {
		s := rootedStack(b, net, pos)
		s.Evaluate()
		b.ReportAllocs()
		cpu := cputime.Process()
		for i := 0; b.Loop(); i++ {
			if _, err := s.PushEvaluate(uint16(moves[i%len(moves)])); err != nil {
				b.Fatal(err)
			}
			s.Pop()
		}
		cputime.Report(b, cpu)
	})
	b.Run("stack-at", func(b *testing.B) { // PushEvaluateAt at ply 0: the pop is the next make's
		s := rootedStack(b, net, pos)
		s.Evaluate()
		b.ReportAllocs()
		cpu := cputime.Process()
		for i := 0; b.Loop(); i++ {
			if _, err := s.PushEvaluateAt(0, uint16(moves[i%len(moves)])); err != nil {
				b.Fatal(err)
			}
		}
		cputime.Report(b, cpu)
	})
	b.Run("evaluator", func(b *testing.B) {
		ev := nnue.NewEvaluator(net)
		ev.Reset(pos)
		ev.Evaluate(pos)
		b.ReportAllocs()
		cpu := cputime.Process()
		for i := 0; b.Loop(); i++ {
			ev.DoMove(pos, moves[i%len(moves)])
			ev.Evaluate(pos)
			ev.UndoMove(pos)
		}
		cputime.Report(b, cpu)
	})
}

// BenchmarkStackEvaluateMove: Stack.EvaluateMove (a leaf scored in one
// call) over the same non-king moves, and EvaluateMoves over all of them at once
// (per move).
func BenchmarkStackEvaluateMove(b *testing.B) {
	net := testNet(b, "halfkp_256x2-32-32")
	pos, err := board.FromSFEN(benchSFEN)
	if err != nil {
		b.Fatal(err)
	}
	var moves []uint32
	for _, m := range benchMoves(pos) {
		moves = append(moves, uint32(m))
	}
	s := rootedStack(b, net, pos)
	s.Evaluate()
	b.Run("one", func(b *testing.B) {
		cputime.Measure(b, true, func(i int) int {
			if _, err := s.EvaluateMove(uint16(moves[i%len(moves)])); err != nil {
				b.Fatal(err)
			}
			return 1
		})
	})
	b.Run("all", func(b *testing.B) {
		out := make([]int32, len(moves))
		cputime.Measure(b, true, func(int) int {
			if _, err := s.EvaluateMoves(moves, out); err != nil {
				b.Fatal(err)
			}
			return len(moves)
		})
	})
}
