package dataset

import (
	"runtime"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
)

// pairedCPU runs the named forms of one work in turns, 256 positions each,
// for b.N positions per form, on one locked thread, and reports each
// form's thread CPU time per position ("<name>-cpu-ns/pos"). On a machine
// shared with other work the load changes over seconds; taking turns every
// few hundred microseconds exposes every form to the same load, so the
// ratios hold where separate runs would not.
func pairedCPU(b *testing.B, names []string, forms []func(i int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const turn = 256
	cpu := make([]int64, len(forms))
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += turn {
		for f, form := range forms {
			t0 := cputime.Nanos(true)
			for i := done; i < done+turn; i++ {
				form(i)
			}
			cpu[f] += cputime.Nanos(true) - t0
		}
	}
	b.StopTimer()
	n := float64((b.N + turn - 1) / turn * turn)
	for f, name := range names {
		b.ReportMetric(float64(cpu[f])/n, name+"-cpu-ns/pos")
	}
}

// BenchmarkPlanesPaired: the dlshogi planes of one position into a bulk
// buffer of 256 positions, in every form, taking turns (see pairedCPU):
// "squares" is the earlier float32 code (clear, then set square by
// square), "zero" only clears the float32 planes (the floor of that
// approach), "f32" / "u8" / "bits" are InputFeatures / InputFeaturesU8 /
// InputFeaturesBits.
func BenchmarkPlanesPaired(b *testing.B) {
	benchData(b)
	const bulk = 256
	f1, f2 := make([]float32, bulk*Features1Num*81), make([]float32, bulk*Features2Num*81)
	u1, u2 := make([]uint8, bulk*Features1Num*81), make([]uint8, bulk*Features2Num)
	b1, b2 := make([]uint8, bulk*Features1Bytes), make([]uint8, bulk*Features2Bytes)
	diag := func(i int) int { return i % len(benchDiags) }
	pairedCPU(b, []string{"squares", "zero", "f32", "u8", "bits"}, []func(int){
		func(i int) {
			k := i % bulk
			inputFeaturesSquares(&benchDiags[diag(i)], f1[k*Features1Num*81:], f2[k*Features2Num*81:])
		},
		func(i int) {
			k := i % bulk
			clear(f1[k*Features1Num*81 : (k+1)*Features1Num*81])
			clear(f2[k*Features2Num*81 : (k+1)*Features2Num*81])
		},
		func(i int) {
			k := i % bulk
			InputFeatures(&benchDiags[diag(i)], f1[k*Features1Num*81:], f2[k*Features2Num*81:])
		},
		func(i int) {
			k := i % bulk
			InputFeaturesU8(&benchDiags[diag(i)], u1[k*Features1Num*81:], u2[k*Features2Num:])
		},
		func(i int) {
			k := i % bulk
			InputFeaturesBits(&benchDiags[diag(i)], b1[k*Features1Bytes:], b2[k*Features2Bytes:])
		},
	})
}
