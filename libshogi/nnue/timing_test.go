package nnue

import (
	"os"
	"testing"
	"time"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// minTime returns the fastest per-call time of f over many short batches:
// robust against other processes on a busy machine (go test -bench reports
// the mean, which such load inflates).
func minTime(batches, calls int, f func()) time.Duration {
	best := time.Duration(1 << 62)
	for b := 0; b < batches; b++ {
		t0 := time.Now()
		for i := 0; i < calls; i++ {
			f()
		}
		best = min(best, time.Since(t0)/time.Duration(calls))
	}
	return best
}

// TestTiming prints min-of-batches timings; run with LIBSHOGI_TIMING=1.
func TestTiming(t *testing.T) {
	if os.Getenv("LIBSHOGI_TIMING") == "" {
		t.Skip("set LIBSHOGI_TIMING=1")
	}
	net := testNets(t)["test"]
	pos, _ := board.FromSFEN(benchSFEN)
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	moves := ml.Slice()
	acc := NewAccumulator(net)
	f, _ := ActiveFeatures(pos)
	acc.Refresh(board.Black, f[0])
	acc.Refresh(board.White, f[1])
	ev := NewEvaluator(net)
	ev.Reset(pos)
	ev.Evaluate(pos)
	forLevels(t, func(t *testing.T) {
		name := asm.Level()
		calls := 200
		if !asm.UseAVX2 {
			calls = 5
		}
		i := 0
		t.Logf("%-6s propagate     %v", name, minTime(300, calls, func() { acc.Raw(board.Black) }))
		t.Logf("%-6s incremental   %v", name, minTime(300, calls, func() {
			ev.DoMove(pos, moves[i%len(moves)])
			ev.Evaluate(pos)
			ev.UndoMove(pos)
			i++
		}))
		t.Logf("%-6s refresh+eval  %v", name, minTime(100, calls/4+1, func() { net.Evaluate(pos, 16) }))
		t.Logf("%-6s update 2+2    %v", name, minTime(300, calls, func() { acc.Update(board.Black, []int32{5, 7000}, []int32{9, 80000}) }))
	})
	t.Logf("do+undo alone        %v", minTime(300, 200, func() { pos.DoMove(moves[3]); pos.UndoMove() }))
}
