//go:build !amd64 || noasm

package asm

const hasBMI2 = false

func expandBitsAVX512(dst *float32, bits *uint64, phase, n, stream int) { panic(noKernels) }
func expandChangedAVX512(dst *float32, bits *uint64, phase, n int, lines *uint64, stream int) {
	panic(noKernels)
}
