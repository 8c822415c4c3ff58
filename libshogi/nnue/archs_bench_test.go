package nnue

import (
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
)

// BenchmarkArchIncremental: do_move + evaluate + undo_move over the legal
// moves of the middle-game position, per architecture (test nets), with
// the widest kernels the CPU has; halfkp_256x2-32-32 first as the baseline
// of the same run. -bench 'ArchIncremental/sfnn' picks one.
func BenchmarkArchIncremental(b *testing.B) {
	for _, k := range KnownArchs {
		b.Run(k.Name, func(b *testing.B) {
			net, err := MakeTestNetArch(k.Arch, "test", 1)
			if err != nil {
				b.Fatal(err)
			}
			pos, err := board.FromSFEN(benchSFEN)
			if err != nil {
				b.Fatal(err)
			}
			var ml board.MoveList
			pos.GenerateLegal(&ml)
			moves := ml.Slice()
			ev := NewEvaluator(net)
			ev.Reset(pos)
			ev.Evaluate(pos)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Process()
			for i := 0; i < b.N; i++ {
				ev.DoMove(pos, moves[i%len(moves)])
				ev.Evaluate(pos)
				ev.UndoMove(pos)
			}
			cputime.Report(b, cpu)
		})
	}
}

// BenchmarkArchRefresh: a full evaluation (both accumulators from scratch
// and the forward pass) per architecture.
func BenchmarkArchRefresh(b *testing.B) {
	for _, k := range KnownArchs {
		b.Run(k.Name, func(b *testing.B) {
			net, err := MakeTestNetArch(k.Arch, "test", 1)
			if err != nil {
				b.Fatal(err)
			}
			pos, _ := board.FromSFEN(benchSFEN)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Process()
			for i := 0; i < b.N; i++ {
				net.Evaluate(pos, DefaultFVScale)
			}
			cputime.Report(b, cpu)
		})
	}
}
