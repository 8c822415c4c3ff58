package cputime

import (
	"runtime"
	"testing"
)

// Paired runs the named forms of one work in turns, turn units each, for
// b.N units per form, on one locked thread, and reports each form's
// thread CPU time per unit ("<name>-cpu-ns/op"). On a machine shared with
// other work the load changes over seconds; taking turns every few
// hundred microseconds exposes every form to the same load, so the ratios
// hold where separate runs would not.
func Paired(b *testing.B, turn int, names []string, forms []func(i int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := make([]int64, len(forms))
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += turn {
		for f, form := range forms {
			t0 := Nanos(true)
			for i := done; i < done+turn; i++ {
				form(i)
			}
			cpu[f] += Nanos(true) - t0
		}
	}
	b.StopTimer()
	n := float64((b.N + turn - 1) / turn * turn)
	for f, name := range names {
		b.ReportMetric(float64(cpu[f])/n, name+"-cpu-ns/op")
	}
}
