// Package asm holds the SIMD kernels of the NNUE evaluation: AVX2 assembly
// generated with avo (see gen/, run `go generate`), a pure-Go twin of every
// kernel (the *Go functions), and dispatch on the CPU's features with
// golang.org/x/sys/cpu. Build with the noasm tag to use only the twins.
//
// The exported kernels check their arguments and use the assembly when the
// CPU has AVX2 and the shapes fit it (see each function), the twin otherwise;
// both compute exactly the same integers.
package asm

//go:generate sh -c "cd gen && go run . -out ../kernels_amd64.s -stubs ../stub_amd64.go -pkg asm"
