package dataset

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/asm"
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
				pb.putFloats(buf1[o:o+w1], buf2[o:o+w2], stream)
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

// TestBitString: runs of every length at every starting bit land where a
// bit-by-bit writer puts them.
func TestBitString(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	for rep := 0; rep < 200; rep++ {
		w := make([]uint64, 40)
		s := bitString{w: w}
		var want []bool
		for len(want) < 40*64-64 {
			n := uint(rng.Intn(65))
			v := rng.Uint64()
			if n < 64 {
				v &= 1<<n - 1
			}
			s.put(v, n)
			for j := uint(0); j < n; j++ {
				want = append(want, v>>j&1 == 1)
			}
		}
		s.flush()
		if s.k != (len(want)+63)/64 {
			t.Fatalf("%d words written for %d bits", s.k, len(want))
		}
		for j, b := range want {
			if (w[j/64]>>(j%64)&1 == 1) != b {
				t.Fatalf("rep %d: bit %d is wrong", rep, j)
			}
		}
	}
}
