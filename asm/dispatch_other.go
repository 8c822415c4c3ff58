//go:build !amd64 || noasm

package asm

var hasAVX2, hasAVX512 = false, false

const noKernels = "asm: no assembly kernels in this build"

func accUpdateAVX2(dst, src, w *int16, n int, removed, added []int32) { panic(noKernels) }
func clippedReLUAVX2(out *uint8, in *int16, n int)                    { panic(noKernels) }
func affineSparse32AVX2(out, in *uint8, wb *int8, bias *int32, n, k int, idx *uint16) {
	panic(noKernels)
}
func affine32AVX2(out, in *uint8, wb *int8, bias *int32, n, k int)      { panic(noKernels) }
func dotAVX2(in *uint8, w *int8, n int) int32                           { panic(noKernels) }
func accUpdateAVX512(dst, src, w *int16, n int, removed, added []int32) { panic(noKernels) }
func clippedReLUAVX512(out *uint8, in *int16, n int)                    { panic(noKernels) }
func affineSparse32AVX512(out, in *uint8, wb, wr *int8, bias *int32, n int, idx *uint16) {
	panic(noKernels)
}
func affine32AVX512(out, in *uint8, wb *int8, bias *int32, n int) { panic(noKernels) }
func forward32AVX512(us, them *int16, half int, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32 {
	panic(noKernels)
}
func accUpdatePairAVX512(dst, src, w *int16, n int, removed0, added0, removed1, added1 []int32) {
	panic(noKernels)
}
func forward256AVX512(us, them *int16, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32 {
	panic(noKernels)
}
func evaluate256AVX512(dstUs, srcUs, dstThem, srcThem, w *int16, remUs, addUs, remThem, addThem []int32, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32 {
	panic(noKernels)
}
func evaluateLeaf256AVX512(srcUs, srcThem, w *int16, remUs, addUs, remThem, addThem []int32, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32 {
	panic(noKernels)
}
func affineSparse16AVX2(out, in *uint8, wb *int8, bias *int32, n, k int, idx *uint16) {
	panic(noKernels)
}
func affineSparse8AVX2(out, in *uint8, wb *int8, bias *int32, n, k int, idx *uint16) {
	panic(noKernels)
}
func affine16AVX2(out, in *uint8, wb *int8, bias *int32, n, k int)          { panic(noKernels) }
func affine8AVX2(out, in *uint8, wb *int8, bias *int32, n, k int)           { panic(noKernels) }
func pairwiseAVX2(out *uint8, a, b *int16, n int)                           { panic(noKernels) }
func affine16AVX512(out, in *uint8, wb *int8, bias *int32, n int)           { panic(noKernels) }
func affine8AVX512(out, in *uint8, wb *int8, bias *int32, n int)            { panic(noKernels) }
func affineRaw16AVX512(out *int32, in *uint8, wb *int8, bias *int32, n int) { panic(noKernels) }
func pairwiseAVX512(out *uint8, a, b *int16, n int)                         { panic(noKernels) }
func affine8ClipAVX512(out *uint8, us, them *int16, half int, wb *int8, bias *int32) {
	panic(noKernels)
}

func squareTypesAVX512(sq *[81]uint8, types *[15][2]uint64, sets *[2][2]uint64) uint64 {
	panic(noKernels)
}

func argMaxAVX2(s *int32, n int) int { panic(noKernels) }
