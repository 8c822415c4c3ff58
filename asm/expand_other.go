//go:build !amd64 || noasm

package asm

func expandPlanesAVX512(dst *float32, planes *[2]uint64, n int) { panic(noKernels) }
func expandPlanesU8AVX512(dst *uint8, planes *[2]uint64, n int) { panic(noKernels) }
func expandPlanesAVX2(dst *float32, planes *[2]uint64, n int)   { panic(noKernels) }
