package asm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func randI16(r *rand.Rand, n int, extreme bool) []int16 {
	v := make([]int16, n)
	for i := range v {
		if extreme {
			v[i] = []int16{-32768, 32767, -1, 0, 1, 127, 128, -32767}[r.IntN(8)]
		} else {
			v[i] = int16(r.Uint32())
		}
	}
	return v
}

func randU8(r *rand.Rand, n int, mode int) []uint8 {
	v := make([]uint8, n)
	for i := range v {
		switch mode {
		case 0: // dense 0..127
			v[i] = uint8(r.IntN(128))
		case 1: // extreme
			v[i] = []uint8{0, 127}[r.IntN(2)]
		case 2: // sparse: most groups of 4 zero
			if r.IntN(6) == 0 {
				v[i] = uint8(r.IntN(128))
			}
		case 3:
			v[i] = 127
		}
	}
	return v
}

func randI8(r *rand.Rand, n int, extreme bool) []int8 {
	v := make([]int8, n)
	for i := range v {
		if extreme {
			v[i] = []int8{-128, 127}[r.IntN(2)]
		} else {
			v[i] = int8(r.Uint32())
		}
	}
	return v
}

func needAVX2(t testing.TB) {
	if !SupportedCPU() {
		t.Skip("no AVX2 kernels on this machine/build")
	}
}

// levels runs f once per assembly level this machine has (AVX2, then
// AVX-512), each against the Go twins; it skips where there is none.
func levels(t *testing.T, f func(t *testing.T)) {
	needAVX2(t)
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
	for _, wide := range []bool{false, true} {
		if wide && !SupportedAVX512() {
			t.Log("no AVX-512 kernels on this machine/build")
			continue
		}
		UseAVX2, UseAVX512 = true, wide
		t.Run(Level(), f)
	}
}

func TestAccUpdateVsTwin(t *testing.T) { levels(t, testAccUpdateVsTwin) }

func testAccUpdateVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		n := []int{128, 256, 512}[iter%3]
		cols := 50
		extreme := iter%2 == 1
		w := randI16(r, n*cols, extreme)
		src := randI16(r, n, extreme)
		var rem, add []int32
		for k := r.IntN(5); k > 0; k-- {
			rem = append(rem, int32(r.IntN(cols)))
		}
		for k := r.IntN(40); k > 0; k-- {
			add = append(add, int32(r.IntN(cols)))
		}
		want := make([]int16, n)
		AccUpdateGo(want, src, w, rem, add)
		got := make([]int16, n)
		AccUpdate(got, src, w, rem, add)
		if !slices.Equal(got, want) {
			t.Fatalf("iter %d: AccUpdate differs from twin", iter)
		}
		// in place
		inplace := slices.Clone(src)
		AccUpdate(inplace, inplace, w, rem, add)
		if !slices.Equal(inplace, want) {
			t.Fatalf("iter %d: in-place AccUpdate differs", iter)
		}
	}
}

func TestAccUpdatePairVsTwin(t *testing.T) { levels(t, testAccUpdatePairVsTwin) }

func testAccUpdatePairVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for iter := 0; iter < 200; iter++ {
		n := []int{256, 512, 128}[iter%3]
		cols := 40
		extreme := iter%2 == 1
		w := randI16(r, n*cols, extreme)
		src := randI16(r, 2*n, extreme)
		var rem, add [2][]int32
		for p := range 2 {
			for k := r.IntN(4); k > 0; k-- {
				rem[p] = append(rem[p], int32(r.IntN(cols)))
			}
			for k := r.IntN(4); k > 0; k-- {
				add[p] = append(add[p], int32(r.IntN(cols)))
			}
		}
		want := make([]int16, 2*n)
		AccUpdateGo(want[:n], src[:n], w, rem[0], add[0])
		AccUpdateGo(want[n:], src[n:], w, rem[1], add[1])
		got := make([]int16, 2*n)
		AccUpdatePair(got, src, w, &rem, &add)
		if !slices.Equal(got, want) {
			t.Fatalf("iter %d: AccUpdatePair differs from twin", iter)
		}
	}
}

func TestAccAddSubWrap(t *testing.T) {
	acc := make([]int16, 256)
	col := make([]int16, 256)
	for i := range acc {
		acc[i] = 32767
		col[i] = int16(i)
	}
	AccAdd(acc, col)
	for i := range acc {
		if acc[i] != int16(32767+int32(i)) && !(i == 0 && acc[i] == 32767) {
			t.Fatalf("lane %d: %d", i, acc[i])
		}
	}
	AccSub(acc, col)
	for i := range acc {
		if acc[i] != 32767 {
			t.Fatalf("lane %d after sub: %d", i, acc[i])
		}
	}
}

func TestClippedReLUVsTwin(t *testing.T) { levels(t, testClippedReLUVsTwin) }

func testClippedReLUVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 200; iter++ {
		n := 32 * (1 + r.IntN(16))
		in := randI16(r, n, iter%2 == 1)
		want, got := make([]uint8, n), make([]uint8, n)
		ClippedReLUGo(want, in)
		ClippedReLU(got, in)
		if !slices.Equal(got, want) {
			t.Fatalf("iter %d: ClippedReLU differs", iter)
		}
	}
}

func blockedOf(w []int8, nOut, nIn int) []int8 {
	b := make([]int8, len(w))
	for o := 0; o < nOut; o++ {
		for i := 0; i < nIn; i++ {
			b[(i/4)*nOut*4+o*4+i%4] = w[o*nIn+i]
		}
	}
	return b
}

// naiveAffine is the specification: row-major weights.
func naiveAffine(out []uint8, in []uint8, w []int8, bias []int32) {
	for o := range out {
		s := bias[o]
		for i, x := range in {
			s += int32(x) * int32(w[o*len(in)+i])
		}
		out[o] = uint8(min(max(s>>6, 0), 127))
	}
}

type affineCase struct {
	in   []uint8
	w    []int8 // row-major, for the specification and GroupLimit
	wb   []int8 // blocked
	wr   []int8 // row chunks, or nil
	bias []int32
	spec []uint8
}

// affineCases: random, extreme, sparse and saturated inputs; extreme and
// small weights; biases near the int32 limits. Input sizes cover the dense
// 32->32 shape, multiples of 32 that are not of 64 (the AVX2 sparse kernel
// only) and HalfKP's 512.
func affineCases(t *testing.T) []affineCase {
	r := rand.New(rand.NewPCG(5, 6))
	var cases []affineCase
	for iter := 0; iter < 400; iter++ {
		nIn := []int{32, 64, 512, 96}[iter%4]
		mode := (iter / 4) % 4
		extremeW := iter%5 < 2
		in := randU8(r, nIn, mode)
		w := randI8(r, 32*nIn, extremeW)
		if iter%7 == 3 { // small weights: int16 grouping of up to 64 groups
			for i := range w {
				w[i] = int8(r.IntN(5) - 2)
			}
		}
		bias := make([]int32, 32)
		for i := range bias {
			switch iter % 3 {
			case 0:
				bias[i] = int32(r.IntN(200001)) - 100000
			case 1:
				bias[i] = []int32{-1 << 31, 1<<31 - 1 - 127*128*int32(nIn), 0, 8191, 8192, -1}[r.IntN(6)]
			default:
				bias[i] = int32(r.IntN(20001)) - 10000
			}
		}
		c := affineCase{in: in, w: w, wb: blockedOf(w, 32, nIn), wr: RowChunks(w, 32, nIn), bias: bias, spec: make([]uint8, 32)}
		naiveAffine(c.spec, in, w, bias)
		twin := make([]uint8, 32)
		AffineGo(twin, in, c.wb, bias)
		if !slices.Equal(twin, c.spec) {
			t.Fatalf("iter %d: twin differs from the specification", iter)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestAffineVsTwin(t *testing.T) {
	cases := affineCases(t)
	levels(t, func(t *testing.T) {
		got := make([]uint8, 32)
		for i, c := range cases {
			for _, k := range []int{1, GroupLimit(MaxAbs(c.w))} {
				for _, wr := range [][]int8{c.wr, nil} {
					clear(got)
					AffineSparse(got, c.in, c.wb, wr, c.bias, k)
					if !slices.Equal(got, c.spec) {
						t.Fatalf("case %d k %d rows %v: AffineSparse differs: %v vs %v", i, k, wr != nil, got, c.spec)
					}
				}
				clear(got)
				Affine(got, c.in, c.wb, c.bias, k)
				if !slices.Equal(got, c.spec) {
					t.Fatalf("case %d k %d: Affine differs", i, k)
				}
			}
		}
	})
}

func TestDotVsTwin(t *testing.T) { levels(t, testDotVsTwin) }

func testDotVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 300; iter++ {
		n := 32 * (1 + r.IntN(8))
		in := randU8(r, n, iter%4)
		w := randI8(r, n, iter%2 == 1)
		if got, want := Dot(in, w), DotGo(in, w); got != want {
			t.Fatalf("iter %d: Dot %d, twin %d", iter, got, want)
		}
	}
}

func TestPanicsOnBadShapes(t *testing.T) {
	cases := map[string]func(){
		"index": func() { AccUpdate(make([]int16, 128), make([]int16, 128), make([]int16, 128*2), nil, []int32{2}) },
		"neg":   func() { AccUpdate(make([]int16, 128), make([]int16, 128), make([]int16, 128*2), []int32{-1}, nil) },
		"src":   func() { AccUpdate(make([]int16, 128), make([]int16, 64), make([]int16, 128*2), nil, nil) },
		"pair": func() {
			AccUpdatePair(make([]int16, 512), make([]int16, 512), make([]int16, 256*2), &[2][]int32{}, &[2][]int32{nil, {2}})
		},
		"aff": func() { Affine(make([]uint8, 32), make([]uint8, 32), make([]int8, 10), make([]int32, 32), 1) },
	}
	for name, f := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func benchAcc(b *testing.B, avx bool) {
	if avx {
		needAVX2(b)
	}
	defer func(v bool) { UseAVX2 = v }(UseAVX2)
	UseAVX2 = avx
	r := rand.New(rand.NewPCG(1, 1))
	w := randI16(r, 256*1000, false)
	src := randI16(r, 256, false)
	dst := make([]int16, 256)
	rem, add := []int32{3, 500}, []int32{17, 900}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		AccUpdate(dst, src, w, rem, add)
	}
}

func benchL1(b *testing.B, avx bool) {
	if avx {
		needAVX2(b)
	}
	defer func(v bool) { UseAVX2 = v }(UseAVX2)
	UseAVX2 = avx
	r := rand.New(rand.NewPCG(1, 1))
	in := randU8(r, 512, 0)
	wb := randI8(r, 512*32, false)
	bias := make([]int32, 32)
	out := make([]uint8, 32)
	k := GroupLimit(MaxAbs(wb))
	b.ResetTimer()
	wr := RowChunks(wb, 32, 512) // random weights: any layout will do
	for i := 0; i < b.N; i++ {
		AffineSparse(out, in, wb, wr, bias, k)
	}
}

func BenchmarkAccUpdateAVX2(b *testing.B) { benchAcc(b, true) }
func BenchmarkAccUpdateGo(b *testing.B)   { benchAcc(b, false) }
func BenchmarkAffine512AVX2(b *testing.B) {
	defer func(v bool) { UseAVX512 = v }(UseAVX512)
	UseAVX512 = false
	benchL1(b, true)
}
func BenchmarkAffine512Go(b *testing.B) { benchL1(b, false) }

func TestAffineSparseBufLarge(t *testing.T) { levels(t, testAffineSparseBufLarge) }

func testAffineSparseBufLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for iter, nIn := range []int{1024, 2048, 8192, 1024, 2048} {
		in := randU8(r, nIn, 2-2*(iter/3)) // sparse, then dense
		w := randI8(r, 32*nIn, false)
		for i := range w {
			w[i] = int8(r.IntN(33) - 16)
		}
		bias := make([]int32, 32)
		wb := blockedOf(w, 32, nIn)
		spec, got, short := make([]uint8, 32), make([]uint8, 32), make([]uint8, 32)
		naiveAffine(spec, in, w, bias)
		wr := RowChunks(w, 32, nIn)
		AffineSparseBuf(got, in, wb, wr, bias, GroupLimit(MaxAbs(w)), make([]uint16, nIn/4+8))
		AffineSparseBuf(short, in, wb, wr, bias, GroupLimit(MaxAbs(w)), make([]uint16, 3)) // twin fallback
		if !slices.Equal(got, spec) || !slices.Equal(short, spec) {
			t.Fatalf("n %d: AffineSparseBuf differs", nIn)
		}
	}
}

func BenchmarkAffine512AVX512(b *testing.B) {
	if !SupportedAVX512() {
		b.Skip("no AVX-512")
	}
	benchL1(b, true)
}
