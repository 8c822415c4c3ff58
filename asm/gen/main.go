// Command gen writes the AVX2 (avx2.go, narrow.go) and AVX-512 (avx512.go)
// kernels of package asm, and the accumulator updates of both
// (accumulator.go), with avo. It has its own go.mod so that avo is not a
// dependency of the library. Run it through `go generate` in ../ (see ../doc.go).
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

func main() {
	ConstraintExpr("!noasm")

	permd := GLOBL("permd", RODATA|NOPTR)
	for i, v := range []uint32{0, 4, 1, 5, 2, 6, 3, 7} {
		DATA(4*i, U32(v))
	}

	// nnz[m] lists the positions of the set bits of the byte m (8 uint16).
	nnz := GLOBL("nnz", RODATA|NOPTR)
	for m := 0; m < 256; m++ {
		j := 0
		for b := 0; b < 8; b++ {
			if m&(1<<b) != 0 {
				DATA(16*m+2*j, U16(b))
				j++
			}
		}
		for ; j < 8; j++ {
			DATA(16*m+2*j, U16(0))
		}
	}

	zeroData = GLOBL("zero64", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(8*i, U64(0))
	}

	bcastIndex = GLOBL("bcastidx", RODATA|NOPTR)
	for g := 0; g < 8; g++ {
		for l := 0; l < 16; l++ {
			DATA(64*g+4*l, U32(g))
		}
	}

	accUpdate()
	clippedReLU()
	for _, nOut := range []int{32, 16, 8} {
		affine(fmt.Sprintf("affineSparse%dAVX2", nOut), true, nOut, permd, nnz)
		affine(fmt.Sprintf("affine%dAVX2", nOut), false, nOut, permd, nnz)
	}
	pairwiseMul()
	dot()
	accUpdate512()
	accUpdatePair512()
	clippedReLU512()
	affineVNNI("affineSparse32AVX512", true, nnz)
	affineVNNI("affine32AVX512", false, nnz)
	forward512(nnz)
	forward256(nnz)
	evaluate256(nnz, false)
	evaluate256(nnz, true)
	narrowTables()
	affineNarrowVNNI("affine16AVX512", 16, false)
	affineNarrowVNNI("affine8AVX512", 8, false)
	affineNarrowVNNI("affineRaw16AVX512", 16, true)
	pairwise512()
	affine8Clip512()
	Generate()
}
