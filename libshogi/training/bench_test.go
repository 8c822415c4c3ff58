package training

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// EvaluatePSVs builds each position from its decoded setup; the baseline
// is the path capi took before (the setup written as SFEN and parsed
// again), on one goroutine each so that the two compare per position.
func BenchmarkEvaluatePSV(b *testing.B) {
	in, _ := psvs(b, 4096)
	net, _ := nnue.MakeTestNet("test", 3)
	n := len(in) / record.PSVSize
	b.Run("setup", func(b *testing.B) {
		for it := 0; it < b.N; it++ {
			var r record.PSV
			var d record.Diagram
			i := it % n
			record.DecodePSV(in[i*record.PSVSize:(i+1)*record.PSVSize], &r, &d)
			p, _ := board.FromSetup(&d, board.SFENOptions{})
			net.Evaluate(p, 16)
		}
	})
	b.Run("sfen-text", func(b *testing.B) {
		for it := 0; it < b.N; it++ {
			var r record.PSV
			var d record.Diagram
			i := it % n
			record.DecodePSV(in[i*record.PSVSize:(i+1)*record.PSVSize], &r, &d)
			p, _ := board.FromSFEN(d.SFEN())
			net.Evaluate(p, 16)
		}
	})
}
