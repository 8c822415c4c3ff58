package dataset

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/internal/cputime"
)

// TestPutFloatsEveryOffset: the float32 planes written as bit strings
// (putFloats, at every offset of the rows in a 64-byte line, streamed and
// not) equal those written plane by plane (putFloatsPlanes) and by the
// square-by-square reference, value for value, on played and random
// positions; the floats around each row start dirty and must stay so.
func TestPutFloatsEveryOffset(t *testing.T) {
	if !asm.ExpandBitsWide() {
		t.Skip("no wide ExpandBits kernel here: putFloats is putFloatsPlanes (TestInputFeaturesMatchSquares covers it)")
	}
	ds := planeCases(t)
	const w1, w2 = Features1Num * 81, Features2Num * 81
	buf1, buf2 := make([]float32, w1+32), make([]float32, w2+32)
	r1, r2 := make([]float32, w1), make([]float32, w2)
	q1, q2 := make([]float32, w1), make([]float32, w2)
	rng := rand.New(rand.NewSource(31))
	for i := range ds {
		var pb planeBits
		pb.compute(&ds[i])
		pb.putFloatsPlanes(r1, r2)
		inputFeaturesSquares(&ds[i], q1, q2)
		if !slices.Equal(r1, q1) || !slices.Equal(r2, q2) {
			t.Fatalf("%s: putFloatsPlanes differs from the squares reference", ds[i].SFEN())
		}
		// Every offset for the first positions, then a random one each.
		offs := []int{rng.Intn(16)}
		if i < 40 {
			offs = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
		}
		for _, o := range offs {
			for _, stream := range []bool{false, true} {
				for j := range buf1 {
					buf1[j] = 5
				}
				for j := range buf2 {
					buf2[j] = 5
				}
				pb.putFloats(buf1[o:o+w1], buf2[o:o+w2], stream, nil)
				if !slices.Equal(buf1[o:o+w1], r1) || !slices.Equal(buf2[o:o+w2], r2) {
					t.Fatalf("%s offset %d stream %v: planes differ from putFloatsPlanes", ds[i].SFEN(), o, stream)
				}
				for _, b := range [][]float32{buf1[:o], buf1[o+w1:], buf2[:o], buf2[o+w2:]} {
					for _, v := range b {
						if v != 5 {
							t.Fatalf("offset %d: a float outside the row was written", o)
						}
					}
				}
			}
		}
	}
}

// TestNonzeroLines: nonzeroLines against a group-by-group scan.
func TestNonzeroLines(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	for rep := 0; rep < 500; rep++ {
		w := make([]uint64, 1+rng.Intn(len(floatBitString{})))
		for k := range w {
			for g := 0; g < 4; g++ {
				if rng.Intn(3) == 0 {
					w[k] |= uint64(1+rng.Intn(0xffff)) << (16 * g)
				}
			}
		}
		var got [lineWords]uint64
		got[0] = 99 // cleared by nonzeroLines
		nonzeroLines(w, &got)
		for c := 0; c < 64*lineWords; c++ {
			want := c < 4*len(w) && w[c/4]>>(16*(c%4))&0xffff != 0
			if (got[c/64]>>(c%64)&1 == 1) != want {
				t.Fatalf("rep %d: line %d is %v", rep, c, !want)
			}
		}
	}
}

// TestPutFloatsReusedRow: one row written with putFloats over a run of
// positions, skipping the lines known zero (floatLines), always equals the
// row written in full for each position, at every offset of the row in
// its line, streamed or not, and when the kernel level changes between
// positions (the Go level writes every line and keeps the line record).
func TestPutFloatsReusedRow(t *testing.T) {
	ds := planeCases(t)
	const w1, w2 = Features1Num * 81, Features2Num * 81
	r1, r2 := make([]float32, w1), make([]float32, w2)
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	wide := asm.ExpandBitsWide()
	for o := 0; o < 16; o++ {
		for _, stream := range []bool{false, true} {
			buf1, buf2 := make([]float32, w1+16), make([]float32, w2+16) // zero, as a stream's buffers start
			var last floatLines
			for i := range ds {
				if i%(1+o) != 0 {
					continue // a different run of positions for each offset
				}
				level := wide && i%7 != 3 // the Go level now and then
				asm.UseAVX2, asm.UseAVX512 = level, level
				var pb planeBits
				pb.compute(&ds[i])
				pb.putFloats(buf1[o:o+w1], buf2[o:o+w2], stream, &last)
				pb.putFloatsPlanes(r1, r2)
				if !slices.Equal(buf1[o:o+w1], r1) || !slices.Equal(buf2[o:o+w2], r2) {
					t.Fatalf("%s offset %d stream %v: reused row differs from a full write", ds[i].SFEN(), o, stream)
				}
				for _, b := range [][]float32{buf1[:o], buf1[o+w1:], buf2[:o], buf2[o+w2:]} {
					for _, v := range b {
						if v != 0 {
							t.Fatalf("offset %d: a float outside the row was written", o)
						}
					}
				}
			}
		}
	}
}

// TestStreamPlanesReusedBatches: a shuffled stream over several epochs
// (rows of its buffers reused for other positions, skipping the lines
// known zero, batches large enough for non-temporal stores) gives float32
// planes equal to its packed bits (InputFeaturesBits, written in full each
// time) in every row of every batch.
func TestStreamPlanesReusedBatches(t *testing.T) {
	fx := makeFixture(t, 43, 30, 120)
	const bs = streamFloatBytes/(4*(Features1Num+Features2Num)*81) + 11
	st := open(t, []string{fx.paths[FormatPSV]}, Options{Layout: LayoutPlanes | LayoutPlanesBits,
		BatchSize: bs, Threads: 2, ShuffleBuffer: 5000, Seed: 3, Epochs: 3})
	rows, batches := 0, 0
	for {
		b, err := st.Next()
		if err != nil {
			break
		}
		batches++
		for i := 0; i < b.N; i++ {
			g1 := b.Features1[i*Features1Num*81 : (i+1)*Features1Num*81]
			g2 := b.Features2[i*Features2Num*81 : (i+1)*Features2Num*81]
			p1 := b.Features1Bits[i*Features1Bytes : (i+1)*Features1Bytes]
			p2 := b.Features2Bits[i*Features2Bytes : (i+1)*Features2Bytes]
			for j, v := range g1 {
				p, sq := j/81, j%81
				if want := float32(p1[16*p+sq/8] >> (sq % 8) & 1); v != want {
					t.Fatalf("batch %d row %d: features1 plane %d square %d is %v, bits say %v", batches, i, p, sq, v, want)
				}
			}
			for j, v := range g2 {
				p := j / 81
				if want := float32(p2[p/8] >> (p % 8) & 1); v != want {
					t.Fatalf("batch %d row %d: features2 plane %d is %v, bits say %v", batches, i, p, v, want)
				}
			}
			rows++
		}
	}
	if batches < 10 || rows < 3*len(fx.truths[FormatPSV])-bs {
		t.Fatalf("%d batches, %d rows", batches, rows)
	}
}

// BenchmarkFloatBits: the two bit strings of a position's float32 planes
// (what putFloats widens), from planes computed beforehand; one op = one
// position.
func BenchmarkFloatBits(b *testing.B) {
	benchData(b)
	pbs := make([]planeBits, min(len(benchDiags), 4096))
	for i := range pbs {
		pbs[i].compute(&benchDiags[i])
	}
	var w1, w2 floatBitString
	cputime.Measure(b, true, func(i int) int {
		w1, w2 = floatBitString{}, floatBitString{}
		pbs[i%len(pbs)].floatBits(&w1, &w2, i%16, (i+5)%16)
		return 1
	})
}
