//go:build unix

package search

import (
	"syscall"
	"testing"

	"github.com/libshogi/libshogi/libshogi/nnue"
)

// BenchmarkSearchArch: single-thread search NPS of the bench positions
// with the test net of each NNUE architecture (halfkp_256x2-32-32 first,
// the baseline of the same run). -bench 'SearchArch/sfnn' picks one.
func BenchmarkSearchArch(b *testing.B) {
	for _, k := range nnue.KnownArchs {
		b.Run(k.Name, func(b *testing.B) {
			net, err := nnue.MakeTestNetArch(k.Arch, "test", 1)
			if err != nil {
				b.Fatal(err)
			}
			opts := DefaultOptions()
			opts.Threads = 1
			opts.HashMB = 64
			opts.Eval = NNUEFactory(net, 0)
			e := NewEngine(opts)
			b.ResetTimer()
			var total uint64
			var secs float64
			var ru0, ru1 syscall.Rusage
			cpuOK := syscall.Getrusage(syscall.RUSAGE_SELF, &ru0) == nil
			for i := 0; i < b.N; i++ {
				n, el := Bench(e, 9, nil)
				total += n
				secs += el.Seconds()
			}
			b.ReportMetric(float64(total)/secs, "nps")
			// nodes per CPU-second: on a shared machine it varies far less than nps
			if cpuOK && syscall.Getrusage(syscall.RUSAGE_SELF, &ru1) == nil {
				cpu := float64(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / 1e9
				b.ReportMetric(float64(total)/cpu, "cpu-nps")
			}
			b.ReportMetric(float64(total)/float64(b.N), "nodes/op")
		})
	}
}
