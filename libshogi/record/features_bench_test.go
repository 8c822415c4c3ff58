package record

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// diagramFeatures computes the HalfKP features of a diagram without a
// Position.
func diagramFeatures(dst []int32, d *Diagram, p board.Color) ([]int32, bool) {
	return nnue.AppendActivePieces(dst, &d.Squares, &d.Hands, d.KingSquare(p), p)
}

func TestDiagramFeaturesMatchPosition(t *testing.T) {
	b := &testing.B{}
	data := benchPSV(b, 500)
	var rec PSV
	var d Diagram
	for i := 0; i < 500; i++ {
		if err := DecodePSV(data[i*PSVSize:], &rec, &d); err != nil {
			t.Fatal(err)
		}
		p, err := diagramPosition(&d)
		if err != nil {
			t.Fatal(err)
		}
		for c := board.Black; c <= board.White; c++ {
			want, _ := nnue.AppendActive(nil, p, c)
			got, _ := diagramFeatures(nil, &d, c)
			if len(got) != len(want) {
				t.Fatalf("record %d: %d features, want %d", i, len(got), len(want))
			}
			for j := range got {
				if got[j] != want[j] {
					t.Fatalf("record %d %v: feature %d = %d, want %d", i, c, j, got[j], want[j])
				}
			}
		}
	}
}

// BenchmarkPSVFeatures: one op = one PSV record decoded, turned into a
// Position (from the diagram, as the C ABI does) and both perspectives'
// HalfKP features extracted.
func BenchmarkPSVFeatures(b *testing.B) {
	benchPSVFeatures(b, func(buf []int32, d *Diagram) []int32 {
		p, err := diagramPosition(d)
		if err != nil {
			b.Fatal(err)
		}
		buf, _ = nnue.AppendActive(buf, p, board.Black)
		buf, _ = nnue.AppendActive(buf, p, board.White)
		return buf
	})
}

// BenchmarkPSVFeaturesDirect: the same features computed straight from the
// decoded diagram (no Position).
func BenchmarkPSVFeaturesDirect(b *testing.B) {
	benchPSVFeatures(b, func(buf []int32, d *Diagram) []int32 {
		buf, _ = diagramFeatures(buf, d, board.Black)
		buf, _ = diagramFeatures(buf, d, board.White)
		return buf
	})
}

// benchPSVFeatures decodes PSV records and lists both perspectives'
// features of each with features.
func benchPSVFeatures(b *testing.B, features func(buf []int32, d *Diagram) []int32) {
	const n = 4096
	data := benchPSV(b, n)
	var rec PSV
	var d Diagram
	buf := make([]int32, 0, 2*nnue.MaxPieces)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % n
		if err := DecodePSV(data[k*PSVSize:(k+1)*PSVSize], &rec, &d); err != nil {
			b.Fatal(err)
		}
		buf = features(buf[:0], &d)
	}
}
