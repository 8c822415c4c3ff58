// Command squaretypes writes the board-sorting kernel of package asm
// (SquareTypes: 81 one-byte piece codes sorted into bitboards by type)
// with avo, into its own file. Run it through `go generate` in ../../
// (see ../../squaretypes.go).
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!noasm")
	squareTypesAVX512()
	Generate()
}

// squareTypesAVX512: squares 0-62 in one 512-bit register and 63-80 in
// a second (masked loads: no byte past the 81st is read), the split of a
// board bitboard's two words. A VPTESTMB or VPCMPEQB of each against a
// broadcast byte gives a set as a mask, moved to a general register and
// stored: the colour bit, the occupied squares (low four bits not 0), and
// each type 1-14 (the low four bits compared). Type 15 and the bits above
// the five are ORed into the result.
func squareTypesAVX512() {
	TEXT("squareTypesAVX512", NOSPLIT, "func(sq *[81]uint8, types *[15][2]uint64, sets *[2][2]uint64) uint64")
	Doc("squareTypesAVX512 is SquareTypes (AVX-512F, BW).")
	Pragma("noescape")
	sq, types, sets := GP64(), GP64(), GP64()
	Load(Param("sq"), sq)
	Load(Param("types"), types)
	Load(Param("sets"), sets)

	lo, hi := ZMM(), ZMM()
	kl, kh := K(), K()
	t := GP64()
	MOVQ(U64(1<<63-1), t)
	KMOVQ(t, kl)
	VMOVDQU8_Z(Mem{Base: sq}, kl, lo)
	MOVL(U32(1<<18-1), t.As32())
	KMOVD(t.As32(), kh)
	VMOVDQU8_Z(Mem{Base: sq, Disp: 63}, kh, hi)

	pattern := ZMM()
	broadcast := func(b uint32) {
		MOVL(U32(b), t.As32())
		VPBROADCASTB(t.As32(), pattern)
	}
	// a set of lo and hi as two masks in general registers
	set := func(op func(a, b, k Op)) (GPVirtual, GPVirtual) {
		op(pattern, lo, kl)
		op(pattern, hi, kh)
		l, h := GP64(), GP64()
		KMOVQ(kl, l)
		KMOVQ(kh, h)
		return l, h
	}
	test := func(a, b, k Op) { VPTESTMB(a, b, k) }
	equal := func(a, b, k Op) { VPCMPEQB(a, b, k) }
	store := func(l, h GPVirtual, m Mem) {
		MOVQ(l, m)
		MOVQ(h, m.Offset(8))
	}

	Comment("bad: bits above the five")
	broadcast(0xe0)
	bad, badHi := set(test)
	ORQ(badHi, bad)
	Comment("the colour bit")
	broadcast(0x10)
	l, h := set(test)
	store(l, h, Mem{Base: sets})
	Comment("occupied: low four bits not 0; then only those bits")
	broadcast(0x0f)
	l, h = set(test)
	store(l, h, Mem{Base: sets, Disp: 16})
	VPANDD(pattern, lo, lo)
	VPANDD(pattern, hi, hi)
	for ty := 1; ty <= 15; ty++ {
		Comment(fmt.Sprintf("type %d", ty))
		broadcast(uint32(ty))
		l, h := set(equal)
		if ty < 15 {
			store(l, h, Mem{Base: types, Disp: 16 * ty})
			continue
		}
		ORQ(l, bad)
		ORQ(h, bad)
	}
	Store(bad, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
