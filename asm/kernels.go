package asm

// UseAVX2 reports whether the exported kernels use the AVX2 assembly. It is
// true when the CPU supports AVX2 and the package was built without noasm;
// tests and benchmarks may set it to false to force the Go twins.
var UseAVX2 = hasAVX2

// SupportedCPU reports whether the AVX2 kernels can run on this machine.
func SupportedCPU() bool { return hasAVX2 }

// AccUpdate computes dst[j] = src[j] - Σ_{r∈removed} w[r*n+j] + Σ_{a∈added}
// w[a*n+j] for j < n = len(dst), in int16 with wrap-around. w holds feature
// columns of n int16 each (feature-major). dst and src may be the same slice.
// With src = biases and added = the active features it is a full refresh.
// It panics if len(src) < n or an index is out of range of w.
func AccUpdate(dst, src, w []int16, removed, added []int32) {
	n := len(dst)
	if len(src) < n {
		panic("asm: AccUpdate: src shorter than dst")
	}
	if n == 0 {
		return
	}
	cols := uint32(len(w) / n)
	for _, f := range removed {
		if uint32(f) >= cols {
			panic("asm: AccUpdate: feature index out of range")
		}
	}
	for _, f := range added {
		if uint32(f) >= cols {
			panic("asm: AccUpdate: feature index out of range")
		}
	}
	if UseAVX2 && n%128 == 0 {
		accUpdateAVX2(&dst[0], &src[0], &w[0], n, removed, added)
		return
	}
	accUpdateGo(dst, src[:n], w, removed, added)
}

// AccAdd adds column col (len(acc) int16) to acc, with wrap-around.
func AccAdd(acc, col []int16) {
	if len(col) < len(acc) {
		panic("asm: AccAdd: column shorter than accumulator")
	}
	AccUpdate(acc, acc, col[:len(acc)], nil, zeroIndex[:])
}

// AccSub subtracts column col from acc, with wrap-around.
func AccSub(acc, col []int16) {
	if len(col) < len(acc) {
		panic("asm: AccSub: column shorter than accumulator")
	}
	AccUpdate(acc, acc, col[:len(acc)], zeroIndex[:], nil)
}

var zeroIndex = [1]int32{0}

// ClippedReLU writes out[i] = clamp(in[i], 0, 127) for i < len(in).
func ClippedReLU(out []uint8, in []int16) {
	if len(out) < len(in) {
		panic("asm: ClippedReLU: output too short")
	}
	if UseAVX2 && len(in)%32 == 0 && len(in) > 0 {
		clippedReLUAVX2(&out[0], &in[0], len(in))
		return
	}
	ClippedReLUGo(out, in)
}

// checkAffine validates the shapes of an affine kernel call.
func checkAffine(name string, out []uint8, in []uint8, wb []int8, bias []int32) {
	if len(in)%4 != 0 || len(bias) < len(out) || len(wb) < len(in)*len(out) {
		panic("asm: " + name + ": bad shapes")
	}
}

// GroupLimit returns how many maddubs products (each the sum of two
// input*weight products, inputs 0..127) can be summed in int16 without
// overflow when every weight w of the layer has |w| <= maxAbs: the k argument
// of Affine and AffineSparse. It is at least 1 for int8 weights.
func GroupLimit(maxAbs int) int {
	if maxAbs <= 0 {
		return 64
	}
	return min(max(32767/(2*127*maxAbs), 1), 64)
}

// MaxAbs returns the largest |w| of the weights.
func MaxAbs(w []int8) int {
	m := 0
	for _, v := range w {
		m = max(m, abs(int(v)))
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// AffineSparse computes out[o] = clamp((bias[o] + Σ_i in[i]*W[o][i]) >> 6,
// 0, 127) for o < len(out), with inputs 0..127 (as produced by ClippedReLU)
// and W given in the blocked layout: W[o][i] at wb[(i/4)*len(out)*4 + o*4 +
// i%4]. Groups of 4 zero inputs are skipped. k must be GroupLimit(MaxAbs(wb))
// or smaller (the assembly sums k groups in int16; the result is exact).
// len(in) must be a multiple of 4; the assembly runs when len(out) == 32
// and len(in) is a multiple of 32, at most 1024 (see AffineSparseBuf).
func AffineSparse(out []uint8, in []uint8, wb []int8, bias []int32, k int) {
	var idx [1024/4 + 8]uint16
	AffineSparseBuf(out, in, wb, bias, k, idx[:])
}

// AffineSparseBuf is AffineSparse with caller-provided working memory for
// the list of non-zero input groups (len(in)/4 + 8 entries; a shorter idx
// falls back to the Go twin). Hot loops keep idx between calls.
func AffineSparseBuf(out []uint8, in []uint8, wb []int8, bias []int32, k int, idx []uint16) {
	checkAffine("AffineSparse", out, in, wb, bias)
	if UseAVX2 && len(out) == 32 && len(in)%32 == 0 && len(in) > 0 && len(idx) >= len(in)/4+8 {
		affineSparse32AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1), &idx[0])
		return
	}
	AffineGo(out, in, wb, bias)
}

// Affine is AffineSparse without the zero-block scan, for small dense
// layers (32->32). The assembly runs when len(out) == 32 and len(in) is a
// multiple of 4.
func Affine(out []uint8, in []uint8, wb []int8, bias []int32, k int) {
	checkAffine("Affine", out, in, wb, bias)
	if UseAVX2 && len(out) == 32 && len(in) > 0 {
		affine32AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1))
		return
	}
	AffineGo(out, in, wb, bias)
}

// Dot returns Σ in[i]*w[i] (the output layer without its bias) for inputs
// 0..255 as uint8 and int8 weights. The assembly runs when len(in) is a
// multiple of 32.
func Dot(in []uint8, w []int8) int32 {
	if len(w) < len(in) {
		panic("asm: Dot: weights too short")
	}
	if UseAVX2 && len(in)%32 == 0 && len(in) > 0 {
		return dotAVX2(&in[0], &w[0], len(in))
	}
	return DotGo(in, w)
}
