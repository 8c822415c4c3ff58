//go:build unix

package evalbackend

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used (user + system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds cpu-ns/op: on a shared machine the CPU time per operation
// varies far less than the wall time.
func reportCPU(b *testing.B, start time.Duration) {
	if d := processCPU() - start; d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
