package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestEvaluateLeaf: over random games with the 256 test and stress nets,
// at every kernel level, evaluateLeaf takes every non-king move that
// neither takes a king once the parent is computed (and no other), its
// score equals a full evaluation of the position after the move, and it
// leaves the evaluator's ply and computed flags as they were.
func TestEvaluateLeaf(t *testing.T) { forLevels(t, testEvaluateLeaf) }

func testEvaluateLeaf(t *testing.T) {
	for _, name := range []string{"test", "stress"} {
		net := testNets(t)[name]
		r := rand.New(rand.NewPCG(uint64(len(name)), 25))
		pos := board.NewPosition()
		ev := NewEvaluator(net)
		ev.Reset(pos)
		var ml board.MoveList
		leaves, others := 0, 0
		for ply := 0; ply < 80; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			ev.Evaluate(pos)
			for _, m := range ml.Slice() {
				kingMove := !m.IsDrop() && pos.PieceOn(m.From()).Type() == board.King
				sp, st := ev.Ply(), ev.plies[ev.sp].computed
				got, ok := ev.evaluateLeaf(pos, m)
				if ok == kingMove {
					t.Fatalf("%s %s move %s: evaluateLeaf took it: %v (king move: %v)", name, pos.SFEN(), m.USI(), ok, kingMove)
				}
				if ev.Ply() != sp || ev.plies[ev.sp].computed != st {
					t.Fatalf("%s %s move %s: evaluateLeaf changed the evaluator", name, pos.SFEN(), m.USI())
				}
				if !ok {
					others++
					continue
				}
				pos.DoMove(m)
				want := net.Evaluate(pos, ev.FVScale())
				pos.UndoMove()
				if got != want {
					t.Fatalf("%s %s move %s: evaluateLeaf %d, full evaluation %d", name, pos.SFEN(), m.USI(), got, want)
				}
				leaves++
			}
			ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
		}
		if leaves == 0 || others == 0 {
			t.Fatalf("%s: %d leaves, %d king moves: both kinds should occur", name, leaves, others)
		}
		t.Logf("%s: %d leaves, %d king moves", name, leaves, others)
	}
}
