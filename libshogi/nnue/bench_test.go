package nnue

import (
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
)

// benchSFEN is a middle-game position with captures and drops available.
const benchSFEN = "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1"

func benchPos(b *testing.B) (*Net, *board.Position, []board.Move) {
	net := testNets(b)["test"]
	pos, err := board.FromSFEN(benchSFEN)
	if err != nil {
		b.Fatal(err)
	}
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	return net, pos, append([]board.Move(nil), ml.Slice()...)
}

// withAVX2 runs f with the assembly on (the widest level the CPU has) or
// off (the Go twins).
func withAVX2(b *testing.B, on bool, f func()) {
	if on && !asm.SupportedCPU() {
		b.Skip("no AVX2")
	}
	old := asm.UseAVX2
	asm.UseAVX2 = on
	defer func() { asm.UseAVX2 = old }()
	f()
}

// withoutAVX512 runs f with the AVX2 kernels only.
func withoutAVX512(b *testing.B, f func()) {
	old := asm.UseAVX512
	asm.UseAVX512 = false
	defer func() { asm.UseAVX512 = old }()
	withAVX2(b, true, f)
}

// BenchmarkRefreshEvaluate: both accumulators from scratch + forward pass.
func BenchmarkRefreshEvaluate(b *testing.B) {
	net, pos, _ := benchPos(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		net.Evaluate(pos, DefaultFVScale)
	}
}

func benchIncremental(b *testing.B) {
	net, pos, moves := benchPos(b)
	ev := NewEvaluator(net)
	ev.Reset(pos)
	ev.Evaluate(pos)
	cputime.Measure(b, true, func(i int) int {
		ev.DoMove(pos, moves[i%len(moves)])
		ev.Evaluate(pos)
		ev.UndoMove(pos)
		return 1
	})
}

// BenchmarkIncremental: do_move + evaluate + undo_move, cycling over the
// legal moves of a middle-game position (target <= 150 ns), with the widest
// kernels the CPU has.
func BenchmarkIncremental(b *testing.B) { withAVX2(b, true, func() { benchIncremental(b) }) }

// BenchmarkIncrementalAVX2 is the same with the AVX2 kernels only.
func BenchmarkIncrementalAVX2(b *testing.B) { withoutAVX512(b, func() { benchIncremental(b) }) }

// BenchmarkIncrementalGo is the same with the Go twins.
func BenchmarkIncrementalGo(b *testing.B) { withAVX2(b, false, func() { benchIncremental(b) }) }

// BenchmarkDoUndo is the board's do+undo alone (the floor of BenchmarkIncremental).
func BenchmarkDoUndo(b *testing.B) {
	_, pos, moves := benchPos(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pos.DoMove(moves[i%len(moves)])
		pos.UndoMove()
	}
}

func benchPropagate(b *testing.B) {
	net, pos, _ := benchPos(b)
	acc := NewAccumulator(net)
	f, _ := ActiveFeatures(pos)
	acc.Refresh(board.Black, f[0])
	acc.Refresh(board.White, f[1])
	cputime.Measure(b, true, func(i int) int {
		acc.Raw(board.Color(i & 1))
		return 1
	})
}

// BenchmarkPropagate / AVX2 / Go: the forward pass from computed
// accumulators with the widest kernels, the AVX2 ones, the Go twins.
// These benchmarks report the thread's CPU time (cpu-ns/op) beside the
// wall time, which other work on a shared machine inflates.
func BenchmarkPropagate(b *testing.B)     { withAVX2(b, true, func() { benchPropagate(b) }) }
func BenchmarkPropagateAVX2(b *testing.B) { withoutAVX512(b, func() { benchPropagate(b) }) }
func BenchmarkPropagateGo(b *testing.B)   { withAVX2(b, false, func() { benchPropagate(b) }) }

func benchUpdate(b *testing.B) {
	net, _, _ := benchPos(b)
	acc := NewAccumulator(net)
	rem, add := []int32{1000, 70000}, []int32{2000, 90000}
	cputime.Measure(b, true, func(i int) int {
		acc.Update(board.Color(i&1), rem, add)
		return 1
	})
}

// BenchmarkAccUpdate / AVX2 / Go: 2 removed + 2 added columns on one
// perspective, at each kernel level.
func BenchmarkAccUpdate(b *testing.B)     { withAVX2(b, true, func() { benchUpdate(b) }) }
func BenchmarkAccUpdateAVX2(b *testing.B) { withoutAVX512(b, func() { benchUpdate(b) }) }
func BenchmarkAccUpdateGo(b *testing.B)   { withAVX2(b, false, func() { benchUpdate(b) }) }
