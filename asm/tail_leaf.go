package asm

// EvaluateLeaf is UpdateForward for a leaf that is scored and forgotten:
// the same output, but dstUs and dstThem are only working memory (the
// AVX-512 kernel of half = 256 does not write them at all; the other
// paths leave the updated accumulators there). The fused kernel saves the
// stores of both accumulators.
func (t *Tail) EvaluateLeaf(dstUs, srcUs, dstThem, srcThem, w []int16, remUs, addUs, remThem, addThem []int32, s *TailScratch) int32 {
	if t.fused512("EvaluateLeaf", dstUs, srcUs, dstThem, srcThem, w, remUs, addUs, remThem, addThem) {
		return evaluateLeaf256AVX512(&srcUs[0], &srcThem[0], &w[0], remUs, addUs, remThem, addThem,
			&s.x[0], &s.idx[0], &s.h[0], &t.L1Blocked[0], &t.L1Rows[0], &t.L1Bias[0], &t.L2Blocked[0], &t.L2Bias[0], &t.Out[0], t.OutBias)
	}
	return t.UpdateForward(dstUs, srcUs, dstThem, srcThem, w, remUs, addUs, remThem, addThem, s)
}
