// Package asm holds the SIMD kernels of the NNUE evaluation and two more,
// one of the board (SquareTypes: a position's squares sorted by piece
// type) and one of the search (ArgMaxInt32: the move picker's scan for the
// best score): AVX2 and AVX-512 (F, BW, VL, VNNI) assembly generated with avo (see gen/, run
// `go generate`), a pure-Go twin of every kernel (the *Go functions, and
// Tail.ForwardSteps for the fused forward pass), and dispatch on the CPU's
// features with golang.org/x/sys/cpu. Build with the noasm tag to use only
// the twins.
//
// The exported kernels check their arguments and use the widest assembly
// the CPU has when the shapes fit it (see each function), the twin
// otherwise; every path computes exactly the same integers. UseAVX2 and
// UseAVX512 let tests and benchmarks choose a level (see Level).
package asm

//go:generate sh -c "cd gen && go run . -out ../kernels_amd64.s -stubs ../stub_amd64.go -pkg asm"
