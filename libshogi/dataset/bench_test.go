package dataset

import (
	"fmt"
	"math/rand"
	"os"
	"sync"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

var (
	benchOnce  sync.Once
	benchFiles map[Format]string
	benchDiags []record.Diagram
)

// benchData writes a PSV and an hcpe file of about 64k random-playout
// positions (20k distinct, repeated) once per test binary.
func benchData(b *testing.B) map[Format]string {
	benchOnce.Do(func() {
		rng := rand.New(rand.NewSource(12))
		games := playGames(b, rng, 200, 150)
		dir, err := os.MkdirTemp("", "dataset-bench")
		if err != nil {
			b.Fatal(err)
		}
		benchFiles = map[Format]string{}
		psv, tr := writePSV(b, rng, games)
		hcpe, _ := writeHCPE(b, rng, games)
		for len(psv) < 64<<10*record.PSVSize {
			psv = append(psv, psv...)
			hcpe = append(hcpe, hcpe...)
		}
		benchFiles[FormatPSV] = writeFile(b, dir, "bench.bin", psv)
		benchFiles[FormatHCPE] = writeFile(b, dir, "bench.hcpe", hcpe)
		for _, x := range tr {
			d, _ := record.ParseDiagram(x.sfen)
			benchDiags = append(benchDiags, d)
		}
	})
	return benchFiles
}

// warmUp reads a full pass (every pooled chunk and batch buffer reaches its
// working size), so that the measured part is the steady state.
func warmUp(b *testing.B, st *Stream) {
	for st.Stats().Epochs < 1 {
		if _, err := st.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// benchStream: one op = one position delivered in a batch.
func benchStream(b *testing.B, f Format, threads int, layout Layout) {
	path := benchData(b)[f]
	st, err := Open([]string{path}, Options{FeatureSet: "HalfKP", Layout: layout, Threads: threads, Epochs: -1, BatchSize: 1024})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	warmUp(b, st)
	cputime.Measure(b, false, func(int) int { return nextBatch(b, st) })
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpos/s")
}

// nextBatch takes a batch from st and returns its size.
func nextBatch(b *testing.B, st *Stream) int {
	bt, err := st.Next()
	if err != nil {
		b.Fatal(err)
	}
	return bt.N
}

func BenchmarkStreamHalfKP(b *testing.B) {
	for _, f := range []Format{FormatPSV, FormatHCPE} {
		for _, th := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("%v/threads=%d", f, th), func(b *testing.B) { benchStream(b, f, th, LayoutPadded|LayoutCSR) })
		}
	}
}

// BenchmarkBaselineDecodeFeatures: the same work without a stream, on one
// goroutine: decode a PSV record with record.DecodePSV, list both
// perspectives' HalfKP features. One op = one position.
func BenchmarkBaselineDecodeFeatures(b *testing.B) {
	data, err := os.ReadFile(benchData(b)[FormatPSV])
	if err != nil {
		b.Fatal(err)
	}
	n := len(data) / record.PSVSize
	var rec record.PSV
	var d record.Diagram
	buf := make([]int32, 0, 80)
	fs := halfKP{}
	cputime.Measure(b, true, func(i int) int {
		k := i % n
		if err := record.DecodePSV(data[k*record.PSVSize:(k+1)*record.PSVSize], &rec, &d); err != nil {
			b.Fatal(err)
		}
		buf, _ = fs.AppendActive(buf[:0], &d, board.Black)
		buf, _ = fs.AppendActive(buf, &d, board.White)
		return 1
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpos/s")
}

// BenchmarkInputFeatures: dlshogi planes of one position written into a
// bulk buffer of 8 (fits in cache) or 256 positions (9.9 MB, does not);
// one op = one position.
func BenchmarkInputFeatures(b *testing.B) { benchPlanes(b, InputFeatures) }

// BenchmarkInputFeaturesSquares: the earlier square-by-square planes
// (clear, then set), the baseline for BenchmarkInputFeatures in one run.
func BenchmarkInputFeaturesSquares(b *testing.B) { benchPlanes(b, inputFeaturesSquares) }

// BenchmarkZeroPlanes: the floor under BenchmarkInputFeatures — only
// zeroing the 38.5 KB of float32 planes of a position, same buffers.
func BenchmarkZeroPlanes(b *testing.B) {
	benchPlanes(b, func(d *record.Diagram, f1, f2 []float32) bool {
		clear(f1[:Features1Num*81])
		clear(f2[:Features2Num*81])
		return false
	})
}

// BenchmarkInputFeaturesU8: the compact planes (5 KB a position), same
// positions and bulk sizes.
func BenchmarkInputFeaturesU8(b *testing.B) {
	benchData(b)
	for _, bulk := range []int{8, 256} {
		b.Run(fmt.Sprintf("bulk=%d", bulk), func(b *testing.B) {
			f1 := make([]uint8, bulk*Features1Num*81)
			f2 := make([]uint8, bulk*Features2Num)
			cputime.Measure(b, true, func(i int) int {
				k := i % bulk
				InputFeaturesU8(&benchDiags[i%len(benchDiags)], f1[k*Features1Num*81:(k+1)*Features1Num*81], f2[k*Features2Num:(k+1)*Features2Num])
				return 1
			})
		})
	}
}

// BenchmarkInputFeaturesBits: the packed planes (636 bytes a position),
// same positions and bulk sizes.
func BenchmarkInputFeaturesBits(b *testing.B) {
	benchData(b)
	for _, bulk := range []int{8, 256} {
		b.Run(fmt.Sprintf("bulk=%d", bulk), func(b *testing.B) {
			f1 := make([]uint8, bulk*Features1Bytes)
			f2 := make([]uint8, bulk*Features2Bytes)
			cputime.Measure(b, true, func(i int) int {
				k := i % bulk
				InputFeaturesBits(&benchDiags[i%len(benchDiags)], f1[k*Features1Bytes:(k+1)*Features1Bytes], f2[k*Features2Bytes:(k+1)*Features2Bytes])
				return 1
			})
		})
	}
}

func benchPlanes(b *testing.B, planes func(d *record.Diagram, f1, f2 []float32) bool) {
	benchData(b)
	for _, bulk := range []int{8, 256} {
		b.Run(fmt.Sprintf("bulk=%d", bulk), func(b *testing.B) {
			f1 := make([]float32, bulk*Features1Num*81)
			f2 := make([]float32, bulk*Features2Num*81)
			cputime.Measure(b, true, func(i int) int {
				k := i % bulk
				planes(&benchDiags[i%len(benchDiags)], f1[k*Features1Num*81:(k+1)*Features1Num*81], f2[k*Features2Num*81:(k+1)*Features2Num*81])
				return 1
			})
		})
	}
}

// BenchmarkStreamPlanes: one op = one position delivered as dlshogi planes
// (float32, bytes or bits) from hcpe (decode + planes + label), batches of
// 256.
func BenchmarkStreamPlanes(b *testing.B) {
	path := benchData(b)[FormatHCPE]
	for _, layout := range []struct {
		name string
		l    Layout
	}{{"f32", LayoutPlanes}, {"u8", LayoutPlanesU8}, {"bits", LayoutPlanesBits}} {
		for _, th := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", layout.name, th), func(b *testing.B) {
				st, err := Open([]string{path}, Options{Layout: layout.l, Threads: th, Epochs: -1, BatchSize: 256})
				if err != nil {
					b.Fatal(err)
				}
				defer st.Close()
				warmUp(b, st)
				cputime.Measure(b, false, func(int) int { return nextBatch(b, st) })
			})
		}
	}
}
