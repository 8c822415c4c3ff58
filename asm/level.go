package asm

import "os"

// LIBSHOGI_SIMD caps the kernel level picked at start-up: "go" (the pure-Go
// twins), "avx2", or "avx512" (the default: the widest the CPU has). A level
// the CPU lacks is never raised to; other values are ignored. It lets a
// packaged library be checked at every level on one machine, and lets a user
// step around a CPU feature that misbehaves (e.g. under an emulator).
func init() { capLevel(os.Getenv("LIBSHOGI_SIMD")) }

func capLevel(level string) {
	switch level {
	case "go":
		UseAVX2, UseAVX512 = false, false
	case "avx2":
		UseAVX512 = false
	}
}
