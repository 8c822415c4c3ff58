package nnue

import (
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
)

// BenchmarkEvaluateAfter: EvaluateAfter over the non-king moves of the
// benchmark position (halfkp_256x2-32-32 test net), next to its floors in
// the same run: the same through a pushed ply ("ply": PushAfter +
// PopAfter, the path before evaluateLeaf), the fused update-and-forward
// kernel of a leaf alone on the same moves' feature changes ("kernel",
// Tail.EvaluateLeaf; "kernelstore": the fused kernel that also stores the
// child's accumulators, as a pushed ply needs), and the
// forward pass alone ("forward"). evaluator minus kernel is the
// evaluator's own bookkeeping.
func BenchmarkEvaluateAfter(b *testing.B) {
	net, pos, all := benchPos(b)
	var moves []board.Move
	for _, m := range all {
		if m.IsDrop() || pos.PieceOn(m.From()).Type() != board.King {
			moves = append(moves, m)
		}
	}
	ev := NewEvaluator(net)
	ev.Reset(pos)
	ev.Evaluate(pos)
	deltas := make([]moveDelta, len(moves))
	for i, m := range moves {
		ev.record(pos, m, &deltas[i])
	}
	b.Run("evaluator", func(b *testing.B) {
		cputime.Measure(b, true, func(i int) int {
			ev.EvaluateAfter(pos, moves[i%len(moves)])
			return 1
		})
	})
	b.Run("ply", func(b *testing.B) { // the path through a pushed ply
		cputime.Measure(b, true, func(i int) int {
			ev.PushAfter(pos, moves[i%len(moves)])
			ev.PopAfter()
			return 1
		})
	})
	b.Run("kernel", func(b *testing.B) {
		us, them := pos.SideToMove()^1, pos.SideToMove()
		dstUs, dstThem := make([]int16, 256), make([]int16, 256)
		cputime.Measure(b, true, func(i int) int {
			d := &deltas[i%len(deltas)]
			nu, nt := d.n[us], d.n[them]
			net.tail.EvaluateLeaf(dstUs, ev.accOf(0, us), dstThem, ev.accOf(0, them), net.FTWeight,
				d.rem[us][:nu], d.add[us][:nu], d.rem[them][:nt], d.add[them][:nt], &ev.s.tail)
			return 1
		})
	})
	b.Run("kernelstore", func(b *testing.B) {
		us, them := pos.SideToMove()^1, pos.SideToMove()
		cputime.Measure(b, true, func(i int) int {
			d := &deltas[i%len(deltas)]
			nu, nt := d.n[us], d.n[them]
			net.tail.UpdateForward(ev.accOf(1, us), ev.accOf(0, us), ev.accOf(1, them), ev.accOf(0, them), net.FTWeight,
				d.rem[us][:nu], d.add[us][:nu], d.rem[them][:nt], d.add[them][:nt], &ev.s.tail)
			return 1
		})
	})
	b.Run("forward", func(b *testing.B) {
		us := pos.SideToMove()
		cputime.Measure(b, true, func(int) int {
			net.tail.Forward(ev.accOf(0, us), ev.accOf(0, us^1), &ev.s.tail)
			return 1
		})
	})
}
