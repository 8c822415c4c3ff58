package cputime

import (
	"runtime"
	"testing"
)

// TestNanosCountsWork: a second of spinning on this thread shows as at
// least half a second of its CPU time (Linux; 0 elsewhere).
func TestNanosCountsWork(t *testing.T) {
	if runtime.GOOS != "linux" {
		if Nanos(true) != 0 {
			t.Fatal("Nanos is not measured off Linux, want 0")
		}
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, p0 := Nanos(true), Nanos(false)
	x := uint64(1)
	for Nanos(true)-t0 < 200e6 {
		for i := 0; i < 1e5; i++ {
			x = x*3 + 1
		}
	}
	if x == 0 || Nanos(false)-p0 < Nanos(true)-t0-1e6 {
		t.Fatalf("process CPU %d ns < thread CPU %d ns", Nanos(false)-p0, Nanos(true)-t0)
	}
}
