package asm

// UseAVX2 reports whether the exported kernels use the AVX2 assembly. It is
// true when the CPU supports AVX2 and the package was built without noasm;
// tests and benchmarks may set it to false to force the Go twins.
var UseAVX2 = hasAVX2

// UseAVX512 reports whether the kernels that have an AVX-512 form (F, BW,
// VL and VNNI) use it; it applies only while UseAVX2 is true, so clearing
// UseAVX2 still selects the Go twins. Tests may clear it to run the AVX2
// kernels on a machine that has AVX-512.
var UseAVX512 = hasAVX512

// SupportedCPU reports whether the AVX2 kernels can run on this machine.
func SupportedCPU() bool { return hasAVX2 }

// SupportedAVX512 reports whether the AVX-512 kernels can run on this machine.
func SupportedAVX512() bool { return hasAVX512 }

// Level names the kernels in use: "avx512", "avx2" or "go".
func Level() string {
	switch {
	case UseAVX2 && UseAVX512:
		return "avx512"
	case UseAVX2:
		return "avx2"
	}
	return "go"
}

func use512() bool { return UseAVX2 && UseAVX512 }

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
	if cols := uint32(len(w) / n); !inRange(removed, cols) || !inRange(added, cols) {
		panic("asm: AccUpdate: feature index out of range")
	}
	if use512() && n%256 == 0 {
		accUpdateAVX512(&dst[0], &src[0], &w[0], n, removed, added)
		return
	}
	if UseAVX2 && n%128 == 0 {
		accUpdateAVX2(&dst[0], &src[0], &w[0], n, removed, added)
		return
	}
	accUpdateGo(dst, src[:n], w, removed, added)
}

// AccUpdatePair is AccUpdate for both perspectives at once: dst and src
// hold 2n values (n = len(dst)/2), the first n updated with removed[0] and
// added[0], the next n with removed[1] and added[1]. One call instead of
// two is what the evaluator's common case (both perspectives one move on
// from their parent) needs.
func AccUpdatePair(dst, src, w []int16, removed, added *[2][]int32) {
	n := len(dst) / 2
	if use512() && n%256 == 0 && n > 0 && len(src) >= 2*n {
		if cols := uint32(len(w) / n); !inRange(removed[0], cols) || !inRange(added[0], cols) ||
			!inRange(removed[1], cols) || !inRange(added[1], cols) {
			panic("asm: AccUpdatePair: feature index out of range")
		}
		accUpdatePairAVX512(&dst[0], &src[0], &w[0], n, removed[0], added[0], removed[1], added[1])
		return
	}
	if len(src) < 2*n {
		panic("asm: AccUpdatePair: src shorter than dst")
	}
	AccUpdate(dst[:n], src[:n], w, removed[0], added[0])
	AccUpdate(dst[n:2*n], src[n:2*n], w, removed[1], added[1])
}

// inRange reports whether every index of l is below n.
func inRange(l []int32, n uint32) bool {
	for _, f := range l {
		if uint32(f) >= n {
			return false
		}
	}
	return true
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
	if use512() && len(in)%32 == 0 && len(in) > 0 {
		clippedReLUAVX512(&out[0], &in[0], len(in))
		return
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
// or smaller (the AVX2 assembly sums k groups in int16; the result is
// exact). wr is nil or the same weights in the row-chunk layout
// (RowChunks), which the AVX-512 kernel reads when the input is dense.
// len(in) must be a multiple of 4; the assembly runs when len(out) is 8,
// 16 or 32 and len(in) is a multiple of 32, at most 1024 (see
// AffineSparseBuf; at the AVX-512 level 8 and 16 outputs take a dense
// VNNI kernel when len(in) is a multiple of 64).
func AffineSparse(out []uint8, in []uint8, wb, wr []int8, bias []int32, k int) {
	var idx [1024/4 + 8]uint16
	AffineSparseBuf(out, in, wb, wr, bias, k, idx[:])
}

// AffineSparseBuf is AffineSparse with caller-provided working memory for
// the list of non-zero input groups (len(in)/4 + 8 entries; a shorter idx
// falls back to the Go twin). Hot loops keep idx between calls.
func AffineSparseBuf(out []uint8, in []uint8, wb, wr []int8, bias []int32, k int, idx []uint16) {
	checkAffine("AffineSparse", out, in, wb, bias)
	if use512() && len(out) == 32 && len(in)%64 == 0 && len(in) > 0 && len(idx) >= len(in)/4+8 {
		var rows *int8
		if len(wr) >= len(wb) {
			rows = &wr[0]
		}
		affineSparse32AVX512(&out[0], &in[0], &wb[0], rows, &bias[0], len(in), &idx[0])
		return
	}
	if narrow512(out, in, wb, bias) {
		return
	}
	if UseAVX2 && len(in)%32 == 0 && len(in) > 0 && len(idx) >= len(in)/4+8 {
		switch len(out) {
		case 32:
			affineSparse32AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1), &idx[0])
			return
		case 16:
			affineSparse16AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1), &idx[0])
			return
		case 8:
			affineSparse8AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1), &idx[0])
			return
		}
	}
	AffineGo(out, in, wb, bias)
}

// Affine is AffineSparse without the zero-block scan, for small dense
// layers (32->32). The assembly runs when len(out) is 8, 16 or 32 and
// len(in) is a multiple of 4.
func Affine(out []uint8, in []uint8, wb []int8, bias []int32, k int) {
	checkAffine("Affine", out, in, wb, bias)
	if use512() && len(out) == 32 && len(in) > 0 {
		affine32AVX512(&out[0], &in[0], &wb[0], &bias[0], len(in))
		return
	}
	if narrow512(out, in, wb, bias) {
		return
	}
	if UseAVX2 && len(in) > 0 {
		switch len(out) {
		case 32:
			affine32AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1))
			return
		case 16:
			affine16AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1))
			return
		case 8:
			affine8AVX2(&out[0], &in[0], &wb[0], &bias[0], len(in), max(k, 1))
			return
		}
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

// RowChunks rearranges the row-major weights w (nOut rows of nIn) into the
// layout of the dense AVX-512 kernel: for each block of 16 outputs and
// each 64-byte chunk of input, the 64 bytes of the 16 rows, one row after
// another. It returns nil when the shape has no such kernel (nOut != 32 or
// nIn not a multiple of 64).
func RowChunks(w []int8, nOut, nIn int) []int8 {
	if nOut != 32 || nIn%64 != 0 || nIn == 0 || len(w) < nOut*nIn {
		return nil
	}
	r := make([]int8, nOut*nIn)
	p := 0
	for ob := 0; ob < nOut; ob += 16 {
		for j := 0; j < nIn; j += 64 {
			for o := ob; o < ob+16; o++ {
				p += copy(r[p:], w[o*nIn+j:o*nIn+j+64])
			}
		}
	}
	return r
}

// Pairwise writes the SFNN pairwise product of one perspective's
// accumulator acc (2n values, n = len(out)): out[j] = clamp(floor(
// clamp(acc[j],0,254) * min(acc[n+j],254) * 128 / 65536), 0, 255). The
// assembly runs when n is a multiple of 32.
func Pairwise(out []uint8, acc []int16) {
	n := len(out)
	if len(acc) < 2*n {
		panic("asm: Pairwise: accumulator shorter than 2*len(out)")
	}
	if use512() && n%64 == 0 && n > 0 {
		pairwiseAVX512(&out[0], &acc[0], &acc[n], n)
		return
	}
	if UseAVX2 && n%32 == 0 && n > 0 {
		pairwiseAVX2(&out[0], &acc[0], &acc[n], n)
		return
	}
	PairwiseGo(out, acc)
}

// narrow512 runs the dense AVX-512 kernel of 8 or 16 outputs when the
// shapes fit (len(in) a multiple of 64) and reports whether it did.
func narrow512(out, in []uint8, wb []int8, bias []int32) bool {
	if !use512() || len(in)%64 != 0 || len(in) == 0 {
		return false
	}
	switch len(out) {
	case 16:
		affine16AVX512(&out[0], &in[0], &wb[0], &bias[0], len(in))
	case 8:
		affine8AVX512(&out[0], &in[0], &wb[0], &bias[0], len(in))
	default:
		return false
	}
	return true
}

// AffineRaw computes out[o] = bias[o] + Σ_i in[i]*W[o][i] for o <
// len(out) (int32 with wrap-around; no shift, no clipping: the SFNN fc_0,
// whose outputs are squared and shifted by the caller), inputs 0..127.
// wb is W in the blocked layout, w row-major (len(in) per row). The
// AVX-512 kernel runs for 16 outputs and len(in) a multiple of 64; the
// AVX2 level takes one Dot per row when len(in) is a multiple of 32.
func AffineRaw(out []int32, in []uint8, wb, w []int8, bias []int32) {
	n := len(in)
	if len(bias) < len(out) || len(w) < len(out)*n || len(wb) < len(out)*n || n%4 != 0 {
		panic("asm: AffineRaw: bad shapes")
	}
	if use512() && len(out) == 16 && n%64 == 0 && n > 0 {
		affineRaw16AVX512(&out[0], &in[0], &wb[0], &bias[0], n)
		return
	}
	if UseAVX2 && n%32 == 0 && n > 0 {
		for o := range out {
			out[o] = bias[o] + dotAVX2(&in[0], &w[o*n], n)
		}
		return
	}
	AffineRawGo(out, in, w, bias)
}

// AffineClipped computes the first layer of a classic net with 8 outputs
// straight from the two accumulators: AffineSparse(out, clip(us) ++
// clip(them)) with clip = ClippedReLU, without storing the clipped vector.
// It reports false, doing nothing, where no kernel fits (the AVX-512 one
// needs 8 outputs and len(us) a multiple of 64): the caller then clips and
// calls AffineSparseBuf.
func AffineClipped(out []uint8, us, them []int16, wb []int8, bias []int32) bool {
	h := len(us)
	if !use512() || len(out) != 8 || h%64 != 0 || h == 0 || len(them) < h || len(wb) < 8*2*h || len(bias) < 8 {
		return false
	}
	affine8ClipAVX512(&out[0], &us[0], &them[0], h, &wb[0], &bias[0])
	return true
}
