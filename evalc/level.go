package evalc

// #include "evalc.h"
import "C"

import "github.com/libshogi/libshogi/asm"

// Level is a kernel level of the C stack.
type Level int

// The levels: portable C, AVX2, AVX-512 (F, BW, VL, VNNI).
const (
	Portable Level = C.EC_LEVEL_PORTABLE
	AVX2     Level = C.EC_LEVEL_AVX2
	AVX512   Level = C.EC_LEVEL_AVX512
)

func (l Level) String() string {
	switch l {
	case AVX512:
		return "avx512"
	case AVX2:
		return "avx2"
	}
	return "portable"
}

// DefaultLevel is the level of the Go kernels (asm.Level: the CPU's and
// the OS's support, capped by LIBSHOGI_SIMD, so that "go" selects the
// portable C), within what the C was compiled with (x86-64: all three).
func DefaultLevel() Level {
	l := Portable
	switch asm.Level() {
	case "avx512":
		l = AVX512
	case "avx2":
		l = AVX2
	}
	return min(l, Level(C.ec_max_level()))
}

// Levels lists the levels this machine runs: the portable one and the
// SIMD ones its CPU has (whatever LIBSHOGI_SIMD says: for tests).
func Levels() []Level {
	ls := []Level{Portable}
	if C.ec_max_level() >= C.EC_LEVEL_AVX2 && asm.SupportedCPU() {
		ls = append(ls, AVX2)
	}
	if C.ec_max_level() >= C.EC_LEVEL_AVX512 && asm.SupportedAVX512() {
		ls = append(ls, AVX512)
	}
	return ls
}
