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

func TestAccUpdateVsTwin(t *testing.T) {
	needAVX2(t)
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

func TestClippedReLUVsTwin(t *testing.T) {
	needAVX2(t)
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

func TestAffineVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 400; iter++ {
		nIn := []int{32, 64, 512}[iter%3]
		mode := iter % 4
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
		wb := blockedOf(w, 32, nIn)
		spec := make([]uint8, 32)
		naiveAffine(spec, in, w, bias)
		twin := make([]uint8, 32)
		AffineGo(twin, in, wb, bias)
		if !slices.Equal(twin, spec) {
			t.Fatalf("iter %d: twin differs from the specification", iter)
		}
		if !SupportedCPU() {
			continue
		}
		got := make([]uint8, 32)
		for _, k := range []int{1, GroupLimit(MaxAbs(w))} {
			clear(got)
			AffineSparse(got, in, wb, bias, k)
			if !slices.Equal(got, spec) {
				t.Fatalf("iter %d k %d: AffineSparse differs: %v vs %v", iter, k, got, spec)
			}
			clear(got)
			Affine(got, in, wb, bias, k)
			if !slices.Equal(got, spec) {
				t.Fatalf("iter %d k %d: Affine differs", iter, k)
			}
		}
	}
}

func TestDotVsTwin(t *testing.T) {
	needAVX2(t)
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
		"aff":   func() { Affine(make([]uint8, 32), make([]uint8, 32), make([]int8, 10), make([]int32, 32), 1) },
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
	for i := 0; i < b.N; i++ {
		AffineSparse(out, in, wb, bias, k)
	}
}

func BenchmarkAccUpdateAVX2(b *testing.B) { benchAcc(b, true) }
func BenchmarkAccUpdateGo(b *testing.B)   { benchAcc(b, false) }
func BenchmarkAffine512AVX2(b *testing.B) { benchL1(b, true) }
func BenchmarkAffine512Go(b *testing.B)   { benchL1(b, false) }

func TestAffineSparseBufLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, nIn := range []int{1024, 2048, 8192} {
		in := randU8(r, nIn, 2)
		w := randI8(r, 32*nIn, false)
		for i := range w {
			w[i] = int8(r.IntN(33) - 16)
		}
		bias := make([]int32, 32)
		wb := blockedOf(w, 32, nIn)
		spec, got, short := make([]uint8, 32), make([]uint8, 32), make([]uint8, 32)
		naiveAffine(spec, in, w, bias)
		AffineSparseBuf(got, in, wb, bias, GroupLimit(MaxAbs(w)), make([]uint16, nIn/4+8))
		AffineSparseBuf(short, in, wb, bias, GroupLimit(MaxAbs(w)), make([]uint16, 3)) // twin fallback
		if !slices.Equal(got, spec) || !slices.Equal(short, spec) {
			t.Fatalf("n %d: AffineSparseBuf differs", nIn)
		}
	}
}
