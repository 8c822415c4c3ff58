package dataset

import (
	"os"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// pairedCPU: cputime.Paired in turns of 256 positions (metrics
// "<name>-cpu-ns/op", one op = one position).
func pairedCPU(b *testing.B, names []string, forms []func(i int)) {
	cputime.Paired(b, 256, names, forms)
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

// BenchmarkAppendBothPaired: HalfKP features of both perspectives of a
// decoded position, taking turns (see pairedCPU): "occupancy" is the
// earlier scan of the occupied squares, "masks" halfKP.AppendBoth.
func BenchmarkAppendBothPaired(b *testing.B) {
	benchData(b)
	h := halfKP{}
	rowB, rowW := make([]int32, 0, h.MaxActive()), make([]int32, 0, h.MaxActive())
	diag := func(i int) *record.Diagram { return &benchDiags[i%len(benchDiags)] }
	pairedCPU(b, []string{"occupancy", "masks"}, []func(int){
		func(i int) { rowB, rowW, _, _ = appendBothOccupancy(h, rowB[:0], rowW[:0], diag(i)) },
		func(i int) { rowB, rowW, _, _ = h.AppendBoth(rowB[:0], rowW[:0], diag(i)) },
	})
}
