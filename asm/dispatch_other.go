//go:build !amd64 || noasm

package asm

var hasAVX2 = false

func accUpdateAVX2(dst, src, w *int16, n int, removed, added []int32) {
	panic("asm: no AVX2 kernels in this build")
}
func clippedReLUAVX2(out *uint8, in *int16, n int) { panic("asm: no AVX2 kernels in this build") }
func affineSparse32AVX2(out, in *uint8, wb *int8, bias *int32, n, k int, idx *uint16) {
	panic("asm: no AVX2 kernels in this build")
}
func affine32AVX2(out, in *uint8, wb *int8, bias *int32, n, k int) {
	panic("asm: no AVX2 kernels in this build")
}
func dotAVX2(in *uint8, w *int8, n int) int32 { panic("asm: no AVX2 kernels in this build") }
