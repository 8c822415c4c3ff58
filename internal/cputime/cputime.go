// Package cputime measures benchmarks in CPU time as well as wall time:
// on a machine shared with other work the CPU time of the measured thread
// says what the work costs, the wall time how much of the machine it got.
package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Measure runs op until b.N units are done (op does units from the i-th on
// and returns how many), reporting allocations and the CPU time per unit
// as "cpu-ns/op": the calling thread's (thread; the goroutine is locked to
// its thread for the run) or the whole process's (work on other goroutines
// counted). Off Linux the metric reads 0.
func Measure(b *testing.B, thread bool, op func(i int) int) {
	if thread {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := Nanos(thread)
	for i := 0; i < b.N; {
		i += op(i)
	}
	b.StopTimer()
	b.ReportMetric(float64(Nanos(thread)-cpu)/float64(b.N), "cpu-ns/op")
}

// Process is the CPU time (user + system) the process has used so far.
func Process() time.Duration { return time.Duration(Nanos(false)) }

// Report adds cpu-ns/op to a benchmark from the process CPU time used since
// start (a Process reading taken when the timed loop began); nothing off
// Linux, where Process reads 0.
func Report(b *testing.B, start time.Duration) {
	if d := Process() - start; d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
