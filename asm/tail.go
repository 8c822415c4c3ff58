package asm

// Tail is the part of the common NNUE layouts after the feature
// transformer (2*half → 32 → 32 → 1, as in HalfKP 256x2-32-32) with its
// weights in the kernels' layouts. Forward runs it in one AVX-512 kernel
// where the machine has one, and through the separate kernels otherwise.
type Tail struct {
	L1Blocked, L1Rows []int8 // first layer: blocked, and row chunks (or nil)
	L1Bias            []int32
	L1Group           int // GroupLimit of the first layer
	L2Blocked         []int8
	L2Bias            []int32
	L2Group           int
	Out               []int8 // the output layer's 32 weights
	OutBias           int32
}

// TailScratch is the working memory of Tail.Forward (one per goroutine).
type TailScratch struct {
	x   [maxTailIn]uint8
	idx [maxTailIn/4 + 8]uint16
	h   [64]uint8
}

// maxTailIn bounds 2*half.
const maxTailIn = 8192

// Fits reports whether Forward can run a network whose accumulators have
// half values each: half a multiple of 32, 2*half at most maxTailIn, and
// the layer sizes of the 32-32 layouts.
func (t *Tail) Fits(half int) bool {
	return half > 0 && half%32 == 0 && 2*half <= maxTailIn &&
		len(t.L1Bias) == 32 && len(t.L1Blocked) == 32*2*half &&
		len(t.L2Bias) == 32 && len(t.L2Blocked) == 32*32 && len(t.Out) == 32
}

// mustFit panics unless Fits(half): the kernels read the layers without
// bounds checks.
func (t *Tail) mustFit(half int) {
	if !t.Fits(half) {
		panic("asm: Tail does not fit accumulators of this size (see Fits)")
	}
}

// Forward returns the raw network output for the accumulators us (the
// side to move's perspective) and them, which have the same length half;
// it panics unless Fits(half).
func (t *Tail) Forward(us, them []int16, s *TailScratch) int32 {
	half := len(us)
	them = them[:half]
	t.mustFit(half)
	if use512() && half%64 == 0 {
		var rows *int8
		if len(t.L1Rows) == len(t.L1Blocked) {
			rows = &t.L1Rows[0]
			if half == 256 {
				return forward256AVX512(&us[0], &them[0], &s.x[0], &s.idx[0], &s.h[0],
					&t.L1Blocked[0], rows, &t.L1Bias[0], &t.L2Blocked[0], &t.L2Bias[0], &t.Out[0], t.OutBias)
			}
		}
		return forward32AVX512(&us[0], &them[0], half, &s.x[0], &s.idx[0], &s.h[0],
			&t.L1Blocked[0], rows, &t.L1Bias[0], &t.L2Blocked[0], &t.L2Bias[0], &t.Out[0], t.OutBias)
	}
	return t.ForwardSteps(us, them, s)
}

// ForwardSteps is Forward through the separate kernels (ClippedReLU,
// AffineSparseBuf, Affine, Dot): the twin of the fused kernel, and the
// path without AVX-512.
func (t *Tail) ForwardSteps(us, them []int16, s *TailScratch) int32 {
	half := len(us)
	x := s.x[:2*half]
	ClippedReLU(x[:half], us)
	ClippedReLU(x[half:], them[:half])
	h1, h2 := s.h[:32], s.h[32:]
	AffineSparseBuf(h1, x, t.L1Blocked, t.L1Rows, t.L1Bias, t.L1Group, s.idx[:])
	Affine(h2, h1, t.L2Blocked, t.L2Bias, t.L2Group)
	return t.OutBias + Dot(h2, t.Out)
}

// fused512 says whether the fused AVX-512 kernels (half = 256) take a call
// with these arguments, after the checks they cannot make themselves: every
// feature index within w's columns (a bad one panics, as AccUpdate does).
func (t *Tail) fused512(caller string, dstUs, srcUs, dstThem, srcThem, w []int16, remUs, addUs, remThem, addThem []int32) bool {
	half := len(dstUs)
	t.mustFit(half)
	if !use512() || half != 256 || len(t.L1Rows) != len(t.L1Blocked) ||
		len(srcUs) < half || len(dstThem) < half || len(srcThem) < half {
		return false
	}
	if cols := uint32(len(w) / 256); !inRange(remUs, cols) || !inRange(addUs, cols) ||
		!inRange(remThem, cols) || !inRange(addThem, cols) {
		panic("asm: " + caller + ": feature index out of range")
	}
	return true
}

// UpdateForward is AccUpdate for the two perspectives followed by Forward,
// in one kernel where the machine has AVX-512 and half is 256 (HalfKP
// 256x2-32-32): dstUs = srcUs - Σ remUs + Σ addUs columns of w, the same
// for them, then the network output from dstUs and dstThem. The kernel
// clips the new accumulators from its registers instead of reloading
// them. All four accumulators have the same length half (Fits).
func (t *Tail) UpdateForward(dstUs, srcUs, dstThem, srcThem, w []int16, remUs, addUs, remThem, addThem []int32, s *TailScratch) int32 {
	half := len(dstUs)
	if t.fused512("UpdateForward", dstUs, srcUs, dstThem, srcThem, w, remUs, addUs, remThem, addThem) {
		return evaluate256AVX512(&dstUs[0], &srcUs[0], &dstThem[0], &srcThem[0], &w[0], remUs, addUs, remThem, addThem,
			&s.x[0], &s.idx[0], &s.h[0], &t.L1Blocked[0], &t.L1Rows[0], &t.L1Bias[0], &t.L2Blocked[0], &t.L2Bias[0], &t.Out[0], t.OutBias)
	}
	AccUpdate(dstUs, srcUs, w, remUs, addUs)
	AccUpdate(dstThem[:half], srcThem, w, remThem, addThem)
	return t.Forward(dstUs, dstThem[:half], s)
}
