// Command argmax writes the move-ordering scan of package asm (ArgMaxInt32:
// the index of the first greatest of n int32 scores) with avo, into its
// own file. Run it through `go generate` in ../../ (see ../../argmax.go).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

func main() {
	ConstraintExpr("!noasm")
	argMaxAVX2()
	Generate()
}

// argMaxAVX2 takes the lane-wise maximum of the 8-score blocks (the last
// block is the last eight scores, overlapping the one before it: a maximum
// does not mind a score seen twice), spreads the greatest to every lane,
// and then finds the first block that holds it, in order; the first lane
// of that block that holds it is the answer.
func argMaxAVX2() {
	TEXT("argMaxAVX2", NOSPLIT, "func(s *int32, n int) int")
	Pragma("noescape")
	Doc("argMaxAVX2 is ArgMaxInt32 for n >= 8 scores.")
	s := Load(Param("s"), GP64())
	n := Load(Param("n"), GP64())
	end := GP64() // the start of the last block
	LEAQ(Mem{Base: n, Disp: -8}, end)

	// Two blocks a step into two maxima (their dependency chains overlap).
	m, t, m2 := YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: s, Index: end, Scale: 4}, m)
	VMOVDQA(m, m2)
	i := GP64()
	XORQ(i, i)
	pairEnd := GP64() // blocks i and i+8 both end at or before the last block's start
	LEAQ(Mem{Base: end, Disp: -8}, pairEnd)
	Label("max2")
	CMPQ(i, pairEnd)
	JG(LabelRef("max1"))
	VPMAXSD(Mem{Base: s, Index: i, Scale: 4}, m, m)
	VPMAXSD(Mem{Base: s, Index: i, Scale: 4, Disp: 32}, m2, m2)
	ADDQ(U8(16), i)
	JMP(LabelRef("max2"))
	Label("max1")
	CMPQ(i, end)
	JGE(LabelRef("maxDone"))
	VPMAXSD(Mem{Base: s, Index: i, Scale: 4}, m, m)
	Label("maxDone")
	VPMAXSD(m2, m, m)

	// The greatest of the eight lanes, in every lane.
	x, y := m.AsX(), t.AsX()
	VEXTRACTI128(U8(1), m, y)
	VPMAXSD(y, x, x)
	VPSHUFD(U8(0x4e), x, y)
	VPMAXSD(y, x, x)
	VPSHUFD(U8(0xb1), x, y)
	VPMAXSD(y, x, x)
	VPBROADCASTD(x, m)

	mask := GP32()
	XORQ(i, i)
	Label("find")
	CMPQ(i, end)
	JAE(LabelRef("findLast"))
	VPCMPEQD(Mem{Base: s, Index: i, Scale: 4}, m, t)
	VMOVMSKPS(t, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("found"))
	ADDQ(U8(8), i)
	JMP(LabelRef("find"))
	Label("findLast")
	MOVQ(end, i)
	VPCMPEQD(Mem{Base: s, Index: end, Scale: 4}, m, t)
	VMOVMSKPS(t, mask)
	Label("found")
	lane := GP32()
	BSFL(mask, lane) // mask is not 0: the greatest is in this block
	ADDQ(lane.As64(), i)
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}
