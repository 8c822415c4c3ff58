package dataset

import (
	"os"
	"runtime"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
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

// BenchmarkHalfKPPaired: the per-position work of a HalfKP stream taking
// turns (see pairedCPU): "decode" a PSV record into a diagram,
// "active" = decode + two nnue.AppendActivePieces calls (the per-position
// API), "both" = decode + AppendBoth into a padded row (what the stream
// does).
func BenchmarkHalfKPPaired(b *testing.B) {
	data, err := os.ReadFile(benchData(b)[FormatPSV])
	if err != nil {
		b.Fatal(err)
	}
	n := len(data) / record.PSVSize
	var rec record.PSV
	var d record.Diagram
	fs := halfKP{}
	rowB, rowW := make([]int32, 0, fs.MaxActive()), make([]int32, 0, fs.MaxActive())
	decode := func(i int) {
		k := i % n
		if err := record.DecodePSV(data[k*record.PSVSize:(k+1)*record.PSVSize], &rec, &d); err != nil {
			b.Fatal(err)
		}
	}
	pairedCPU(b, []string{"decode", "active", "both"}, []func(int){
		decode,
		func(i int) {
			decode(i)
			rowB, _ = fs.AppendActive(rowB[:0], &d, board.Black)
			rowW, _ = fs.AppendActive(rowW[:0], &d, board.White)
		},
		func(i int) {
			decode(i)
			rowB, rowW, _, _ = fs.AppendBoth(rowB[:0], rowW[:0], &d)
		},
	})
}
