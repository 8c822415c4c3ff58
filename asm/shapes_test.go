package asm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAffineNarrowVsTwin checks the 8- and 16-output affine kernels (the
// first layer of halfkp_1024x2-8-32, halfkp_768x2-16-64 and the like)
// against the specification and the twin at every level: random, extreme,
// sparse and saturated inputs of the widths those nets have, extreme and
// small weights, biases near the int32 limits, group limits 1 and the
// largest exact one.
func TestAffineNarrowVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	type tc struct {
		in       []uint8
		w, wb    []int8
		bias     []int32
		spec     []uint8
		nOut, kk int
	}
	var cases []tc
	for iter := 0; iter < 480; iter++ {
		nOut := []int{8, 16}[iter%2]
		nIn := []int{32, 64, 96, 512, 1536, 2048}[(iter/2)%6]
		in := randU8(r, nIn, (iter/12)%4)
		if iter%4 == 1 { // whole 64-byte chunks of zeros (the 8-output kernel skips them)
			for c := 0; c+64 <= nIn; c += 64 {
				if r.IntN(2) == 0 {
					clear(in[c : c+64])
				}
			}
		}
		w := randI8(r, nOut*nIn, iter%5 < 2)
		if iter%7 == 3 {
			for i := range w {
				w[i] = int8(r.IntN(5) - 2)
			}
		}
		bias := make([]int32, nOut)
		for i := range bias {
			if iter%3 == 1 {
				bias[i] = []int32{-1 << 31, 1<<31 - 1 - 127*128*int32(nIn), 0, 8191, 8192, -1}[r.IntN(6)]
			} else {
				bias[i] = int32(r.IntN(200001)) - 100000
			}
		}
		c := tc{in: in, w: w, wb: blockedOf(w, nOut, nIn), bias: bias, spec: make([]uint8, nOut), nOut: nOut, kk: GroupLimit(MaxAbs(w))}
		naiveAffine(c.spec, in, w, bias)
		twin := make([]uint8, nOut)
		AffineGo(twin, in, c.wb, bias)
		if !slices.Equal(twin, c.spec) {
			t.Fatalf("iter %d: twin differs from the specification", iter)
		}
		cases = append(cases, c)
	}
	levels(t, func(t *testing.T) {
		idx := make([]uint16, 2048/4+8)
		for i, c := range cases {
			got := make([]uint8, c.nOut)
			for _, k := range []int{1, c.kk} {
				clear(got)
				AffineSparseBuf(got, c.in, c.wb, nil, c.bias, k, idx)
				if !slices.Equal(got, c.spec) {
					t.Fatalf("case %d (%d<-%d) k %d: AffineSparseBuf %v, want %v", i, c.nOut, len(c.in), k, got, c.spec)
				}
				clear(got)
				Affine(got, c.in, c.wb, c.bias, k)
				if !slices.Equal(got, c.spec) {
					t.Fatalf("case %d (%d<-%d) k %d: Affine %v, want %v", i, c.nOut, len(c.in), k, got, c.spec)
				}
			}
		}
	})
}

// naivePairwise is the specification (docs/specs/nnue-archs.md §2.6 step 2).
func naivePairwise(acc []int16, n int) []uint8 {
	out := make([]uint8, n)
	for j := range out {
		u := int64(min(max(acc[j], 0), 254))
		v := int64(min(acc[n+j], 254))
		p := u * 128 * v
		q := p / 65536
		if p < 0 && p%65536 != 0 {
			q-- // floor
		}
		out[j] = uint8(min(max(q, 0), 255))
	}
	return out
}

func TestPairwiseVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	type tc struct {
		acc  []int16
		spec []uint8
	}
	var cases []tc
	for iter := 0; iter < 200; iter++ {
		n := 32 * (1 + r.IntN(24))
		acc := randI16(r, 2*n, iter%2 == 1)
		if iter%3 == 2 {
			for i := range acc {
				acc[i] = int16(r.IntN(600) - 100)
			}
		}
		c := tc{acc, naivePairwise(acc, n)}
		got := make([]uint8, n)
		PairwiseGo(got, acc)
		if !slices.Equal(got, c.spec) {
			t.Fatalf("iter %d: twin differs from the specification", iter)
		}
		cases = append(cases, c)
	}
	levels(t, func(t *testing.T) {
		for i, c := range cases {
			got := make([]uint8, len(c.spec))
			Pairwise(got, c.acc)
			if !slices.Equal(got, c.spec) {
				t.Fatalf("case %d: Pairwise differs", i)
			}
		}
	})
}

// TestAffineRawVsTwin checks the raw-output affine (SFNN fc_0: 16 outputs
// from the 1536 pairwise bytes) against the specification at every level.
func TestAffineRawVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	type tc struct {
		in         []uint8
		w, wb      []int8
		bias, spec []int32
	}
	var cases []tc
	for iter := 0; iter < 200; iter++ {
		nOut := []int{16, 16, 15, 8}[iter%4]
		nIn := []int{64, 128, 1536, 96}[(iter/4)%4]
		in := randU8(r, nIn, (iter/16)%4)
		w := randI8(r, nOut*nIn, iter%3 == 0)
		bias := make([]int32, nOut)
		spec := make([]int32, nOut)
		for o := range bias {
			bias[o] = []int32{int32(r.IntN(200001)) - 100000, -1 << 31, 1<<31 - 1}[r.IntN(3)]
			s := bias[o]
			for i, x := range in {
				s += int32(x) * int32(w[o*nIn+i])
			}
			spec[o] = s
		}
		cases = append(cases, tc{in, w, blockedOf(w, nOut, nIn), bias, spec})
	}
	for i, c := range cases {
		got := make([]int32, len(c.spec))
		AffineRawGo(got, c.in, c.w, c.bias)
		if !slices.Equal(got, c.spec) {
			t.Fatalf("case %d: twin differs from the specification", i)
		}
	}
	levels(t, func(t *testing.T) {
		for i, c := range cases {
			got := make([]int32, len(c.spec))
			AffineRaw(got, c.in, c.wb, c.w, c.bias)
			if !slices.Equal(got, c.spec) {
				t.Fatalf("case %d (%d<-%d): AffineRaw %v, want %v", i, len(c.spec), len(c.in), got, c.spec)
			}
		}
	})
}

// TestAffineClippedVsTwin: the 8-output first layer from two int16
// accumulators equals ClippedReLU then the twin, for accumulators with
// wrapped, negative and saturating values and zero stretches.
func TestAffineClippedVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	levels(t, func(t *testing.T) {
		ran := 0
		for iter := 0; iter < 200; iter++ {
			h := 64 * (1 + r.IntN(24))
			us, them := randI16(r, h, iter%2 == 0), randI16(r, h, iter%3 == 0)
			if iter%4 == 1 {
				for i := range us {
					us[i] = int16(r.IntN(300) - 150)
					them[i] = int16(r.IntN(300) - 150)
				}
				clear(us[:h/2])
			}
			w := randI8(r, 8*2*h, iter%5 == 0)
			wb := blockedOf(w, 8, 2*h)
			bias := make([]int32, 8)
			for i := range bias {
				bias[i] = int32(r.IntN(200001)) - 100000
			}
			x := make([]uint8, 2*h)
			ClippedReLUGo(x[:h], us)
			ClippedReLUGo(x[h:], them)
			want := make([]uint8, 8)
			naiveAffine(want, x, w, bias)
			got := make([]uint8, 8)
			if !AffineClipped(got, us, them, wb, bias) {
				if UseAVX512 {
					t.Fatal("no kernel at the AVX-512 level")
				}
				continue
			}
			ran++
			if !slices.Equal(got, want) {
				t.Fatalf("iter %d (h %d): %v, want %v", iter, h, got, want)
			}
		}
		t.Logf("%d kernel runs", ran)
	})
}
