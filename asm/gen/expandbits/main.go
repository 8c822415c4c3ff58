// Command expandbits writes the bit-string expansion kernel of package asm
// (ExpandBits: a string of bits widened to float32 0 and 1, in whole aligned
// 64-byte lines) with avo, into its own file. Run it through `go generate`
// in ../../ (see ../../expandbits.go).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// one32 is the bit pattern of float32(1).
const one32 = 0x3f800000

func main() {
	ConstraintExpr("!noasm")
	expandBitsAVX512()
	expandChangedAVX512()
	Generate()
}

// lineGeometry emits what both kernels start with: ones (float32 1 in
// every lane); dst moved back to the start of its first line; last, the
// index of the last line; and the store masks of the first line (head =
// 0xffff << phase) and of the last (tail = (1 << (phase+n-16*last)) - 1).
func lineGeometry(dst, phase, n GPVirtual) (ones VecVirtual, last, head, tail GPVirtual) {
	one := GP32()
	MOVL(U32(one32), one)
	ones = ZMM()
	VPBROADCASTD(one, ones)

	SHLQ(U8(2), phase)
	SUBQ(phase, dst)
	SHRQ(U8(2), phase)
	last = GP64()
	LEAQ(Mem{Base: phase, Index: n, Scale: 1, Disp: -1}, last)
	SHRQ(U8(4), last)

	head, tail = GP32(), GP32()
	t := GP64()
	MOVL(U32(0xffff), head)
	SHLXL(phase.As32(), head, head)
	LEAQ(Mem{Base: phase, Index: n, Scale: 1}, t)
	MOVQ(last, tail.As64())
	SHLQ(U8(4), tail.As64())
	SUBQ(tail.As64(), t)
	MOVL(U32(1), tail)
	SHLXL(t.As32(), tail, tail)
	DECL(tail)
	return ones, last, head, tail
}

// expandBitsAVX512: the output is cut into the 64-byte lines it touches,
// line c being floats 16c-phase .. 16c-phase+15 of dst and bits 16c..16c+15
// of the string (a 16-bit mask load each). The first and last lines are
// stored under masks that keep the stores inside dst; the lines between
// are whole stores, aligned when phase is dst's place in its line, and
// non-temporal (VMOVNTPS, then SFENCE) when stream is set.
func expandBitsAVX512() {
	TEXT("expandBitsAVX512", NOSPLIT, "func(dst *float32, bits *uint64, phase, n, stream int)")
	Doc("expandBitsAVX512 is ExpandBits for n > 0 values (AVX-512F, BW); stream",
		"needs dst-4*phase aligned to 64 bytes.")
	Pragma("noescape")
	dst, src, phase, n, stream := GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst"), dst)
	Load(Param("bits"), src)
	Load(Param("phase"), phase)
	Load(Param("n"), n)
	Load(Param("stream"), stream)

	ones, last, head, tail := lineGeometry(dst, phase, n)

	kv, ks := K(), K()
	z := ZMM()
	line := func(c Register, store func()) {
		KMOVW(Mem{Base: src, Index: c, Scale: 2}, kv)
		VMOVAPS_Z(ones, kv, z)
		store()
	}
	c := GP64()
	XORQ(c, c)
	TESTQ(last, last)
	JNZ(LabelRef("xb_head"))
	// One line: both masks.
	ANDL(tail, head)
	KMOVW(head, ks)
	line(c, func() { VMOVUPS(z, ks, Mem{Base: dst}) })
	JMP(LabelRef("xb_done"))

	Label("xb_head")
	KMOVW(head, ks)
	line(c, func() { VMOVUPS(z, ks, Mem{Base: dst}) })
	INCQ(c)
	ptr := GP64()
	LEAQ(Mem{Base: dst, Disp: 64}, ptr)
	TESTQ(stream, stream)
	JNZ(LabelRef("xb_nt_test"))

	JMP(LabelRef("xb_test"))
	Label("xb_loop")
	line(c, func() { VMOVUPS(z, Mem{Base: ptr}) })
	INCQ(c)
	ADDQ(U8(64), ptr)
	Label("xb_test")
	CMPQ(c, last)
	JB(LabelRef("xb_loop"))
	JMP(LabelRef("xb_tail"))

	Label("xb_nt_loop")
	line(c, func() { VMOVNTPS(z, Mem{Base: ptr}) })
	INCQ(c)
	ADDQ(U8(64), ptr)
	Label("xb_nt_test")
	CMPQ(c, last)
	JB(LabelRef("xb_nt_loop"))
	SFENCE()

	Label("xb_tail")
	KMOVW(tail, ks)
	line(c, func() { VMOVUPS(z, ks, Mem{Base: ptr}) })

	Label("xb_done")
	VZEROUPPER()
	RET()
}

// expandChangedAVX512: the lines of expandBitsAVX512 that hold a one now
// or held one before (the line bitmap), 32 lines a step: VPTESTMW of 32
// words of bits gives the lines holding a one, the bitmap's word is read
// and replaced by them, and the lines of the union are visited by its set
// bits. Lines past the last one are masked off (bits and bitmap may hold
// anything there).
func expandChangedAVX512() {
	TEXT("expandChangedAVX512", NOSPLIT, "func(dst *float32, bits *uint64, phase, n int, lines *uint64, stream int)")
	Doc("expandChangedAVX512 is ExpandBitsChanged for n > 0 values (AVX-512F, BW,",
		"BMI1, BMI2); stream needs dst-4*phase aligned to 64 bytes.")
	Pragma("noescape")
	dst, src, phase, n, lines, stream := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst"), dst)
	Load(Param("bits"), src)
	Load(Param("phase"), phase)
	Load(Param("n"), n)
	Load(Param("lines"), lines)
	Load(Param("stream"), stream)

	ones, last, head, tail := lineGeometry(dst, phase, n)
	TESTQ(last, last)
	JNZ(LabelRef("xc_masks"))
	ANDL(head, tail) // one line: both masks
	Label("xc_masks")
	kh, kt, kv, kn := K(), K(), K(), K()
	KMOVW(head, kh)
	KMOVW(tail, kt)

	// b = the block (32 lines) in bytes of the bitmap (4 a block); end =
	// the last block's; lastMask = its lines up to last.
	b, end, lastMask, m, prev, c, ptr, t := GP64(), GP64(), GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	MOVQ(last, end)
	SHRQ(U8(5), end)
	SHLQ(U8(2), end)
	MOVQ(last, t)
	ANDL(U8(31), t.As32())
	MOVL(U32(2), lastMask.As32())
	SHLXQ(t, lastMask, lastMask)
	DECQ(lastMask)
	XORQ(b, b)
	blk := GP64() // the block's bits
	MOVQ(src, blk)
	zb, z := ZMM(), ZMM()
	Label("xc_block")
	VMOVDQU64(Mem{Base: blk}, zb)
	VPTESTMW(zb, zb, kn)
	KMOVD(kn, m.As32())
	MOVL(Mem{Base: lines, Index: b, Scale: 1}, prev.As32())
	CMPQ(b, end)
	JNE(LabelRef("xc_store"))
	ANDQ(lastMask, m)
	ANDQ(lastMask, prev)
	Label("xc_store")
	MOVL(m.As32(), Mem{Base: lines, Index: b, Scale: 1})
	ORQ(prev, m)
	Label("xc_bit")
	TESTQ(m, m)
	JZ(LabelRef("xc_next"))
	TZCNTQ(m, c)
	BLSRQ(m, m)
	LEAQ(Mem{Base: c, Index: b, Scale: 8}, c) // + 32 * block (b counts 4 a block)
	KMOVW(Mem{Base: src, Index: c, Scale: 2}, kv)
	VMOVAPS_Z(ones, kv, z)
	MOVQ(c, ptr)
	SHLQ(U8(6), ptr)
	ADDQ(dst, ptr)
	CMPQ(c, last)
	JE(LabelRef("xc_tail"))
	TESTQ(c, c)
	JZ(LabelRef("xc_head"))
	TESTQ(stream, stream)
	JNZ(LabelRef("xc_nt"))
	VMOVUPS(z, Mem{Base: ptr})
	JMP(LabelRef("xc_bit"))
	Label("xc_nt")
	VMOVNTPS(z, Mem{Base: ptr})
	JMP(LabelRef("xc_bit"))
	Label("xc_head")
	VMOVUPS(z, kh, Mem{Base: ptr})
	JMP(LabelRef("xc_bit"))
	Label("xc_tail")
	VMOVUPS(z, kt, Mem{Base: ptr})
	JMP(LabelRef("xc_bit"))
	Label("xc_next")
	ADDQ(U8(64), blk)
	ADDQ(U8(4), b)
	CMPQ(b, end)
	JBE(LabelRef("xc_block"))
	SFENCE()
	VZEROUPPER()
	RET()
}
