//go:build !amd64 || noasm

package asm

func expandBitsAVX512(dst *float32, src *uint64, n int) { panic(noKernels) }
func expandBitsU8AVX512(dst *uint8, src *uint64, n int) { panic(noKernels) }
func expandBitsAVX2(dst *float32, src *uint64, n int)   { panic(noKernels) }
func expandBitsU8AVX2(dst *uint8, src *uint64, n int)   { panic(noKernels) }
