// Command squareplanes writes the board-plane kernel of package asm
// (SquarePlanes: the five low bits of 81 one-byte piece codes as bit
// planes) with avo, into its own file. Run it through `go generate` in
// ../../ (see ../../squareplanes.go).
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!noasm")
	squarePlanesAVX512()
	Generate()
}

// squarePlanesAVX512: squares 0-62 in one 512-bit register and 63-80 in
// a second (masked loads: no byte past the 81st is read), the split of a
// board Bitboard's two words; VPTESTMB against a broadcast byte 1<<j gives
// plane j of each as a mask, moved to a general register and stored. The
// byte 0xe0 does the same for the bits above the five.
func squarePlanesAVX512() {
	TEXT("squarePlanesAVX512", NOSPLIT, "func(sq *[81]uint8, planes *[10]uint64) uint64")
	Doc("squarePlanesAVX512 is SquarePlanes (AVX-512F, BW).")
	Pragma("noescape")
	sq, out := GP64(), GP64()
	Load(Param("sq"), sq)
	Load(Param("planes"), out)

	lo, hi := ZMM(), ZMM()
	kl, kh := K(), K()
	t := GP64()
	MOVQ(U64(1<<63-1), t)
	KMOVQ(t, kl)
	VMOVDQU8_Z(Mem{Base: sq}, kl, lo)
	MOVL(U32(1<<18-1), t.As32())
	KMOVD(t.As32(), kh)
	VMOVDQU8_Z(Mem{Base: sq, Disp: 63}, kh, hi)

	bit := ZMM()
	plane := func(pattern uint32) (GPVirtual, GPVirtual) {
		MOVL(U32(pattern), t.As32())
		VPBROADCASTB(t.As32(), bit)
		VPTESTMB(bit, lo, kl)
		VPTESTMB(bit, hi, kh)
		l, h := GP64(), GP64()
		KMOVQ(kl, l)
		KMOVQ(kh, h)
		return l, h
	}
	for j := 0; j < 5; j++ {
		Comment(fmt.Sprintf("plane %d", j))
		l, h := plane(1 << j)
		MOVQ(l, Mem{Base: out, Disp: 8 * j})
		MOVQ(h, Mem{Base: out, Disp: 8 * (5 + j)})
	}
	l, h := plane(0xe0)
	ORQ(h, l)
	Store(l, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
