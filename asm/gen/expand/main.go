// Command expand writes the bit-expansion kernels of package asm
// (ExpandBits, ExpandBitsU8: a bit array widened to float32 or bytes of 0
// and 1) with avo, into their own file beside the NNUE kernels. Run it
// through `go generate` in ../../ (see ../../expand.go).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// one32 is the bit pattern of float32(1).
const one32 = 0x3f800000

func main() {
	ConstraintExpr("!noasm")

	// bitOfLane32[j] = 1<<j: lane j%8 of the (j/8)-th vector of a
	// broadcast dword tests bit j.
	bitOfLane32 := GLOBL("bitOfLane32", RODATA|NOPTR)
	for j := 0; j < 32; j++ {
		DATA(4*j, U32(1<<j))
	}
	// byteOfLane8[j] = j/8 (VPSHUFB picks byte j/8 of the broadcast dword,
	// in both 128-bit halves) and bitOfLane8[j] = 1<<(j%8).
	byteOfLane8 := GLOBL("byteOfLane8", RODATA|NOPTR)
	for j := 0; j < 32; j++ {
		DATA(j, U8(j/8))
	}
	bitOfLane8 := GLOBL("bitOfLane8", RODATA|NOPTR)
	for j := 0; j < 32; j++ {
		DATA(j, U8(1<<(j%8)))
	}

	expandAVX512()
	expandU8AVX512()
	expandAVX2(bitOfLane32)
	expandU8AVX2(byteOfLane8, bitOfLane8)
	Generate()
}

// expandAVX512: 16 floats per mask register loaded straight from the bits
// (KMOVW), the zeroing masked move of a register of ones, four at a time.
func expandAVX512() {
	TEXT("expandBitsAVX512", NOSPLIT, "func(dst *float32, src *uint64, n int)")
	Doc("expandBitsAVX512 is ExpandBits for n a positive multiple of 16 (AVX-512F).")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(one32), one)
	ones := ZMM()
	VPBROADCASTD(one, ones)
	k := []Op{K(), K(), K(), K()}
	z := []Op{ZMM(), ZMM(), ZMM(), ZMM()}

	Label("x512_loop64")
	CMPQ(n, U8(64))
	JB(LabelRef("x512_loop16"))
	for i := range k {
		KMOVW(Mem{Base: src, Disp: 2 * i}, k[i])
	}
	for i := range k {
		VMOVAPS_Z(ones, k[i], z[i])
	}
	for i := range k {
		VMOVUPS(z[i], Mem{Base: dst, Disp: 64 * i})
	}
	ADDQ(U8(8), src)
	ADDQ(U32(256), dst)
	SUBQ(U8(64), n)
	JMP(LabelRef("x512_loop64"))

	Label("x512_loop16")
	TESTQ(n, n)
	JZ(LabelRef("x512_done"))
	KMOVW(Mem{Base: src}, k[0])
	VMOVAPS_Z(ones, k[0], z[0])
	VMOVUPS(z[0], Mem{Base: dst})
	ADDQ(U8(2), src)
	ADDQ(U8(64), dst)
	SUBQ(U8(16), n)
	JMP(LabelRef("x512_loop16"))

	Label("x512_done")
	VZEROUPPER()
	RET()
}

// expandU8AVX512: 64 bytes per mask register (KMOVQ, AVX-512BW).
func expandU8AVX512() {
	TEXT("expandBitsU8AVX512", NOSPLIT, "func(dst *uint8, src *uint64, n int)")
	Doc("expandBitsU8AVX512 is ExpandBitsU8 for n a positive multiple of 64 (AVX-512BW).")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(1), one)
	ones := ZMM()
	VPBROADCASTB(one, ones)
	z, m := ZMM(), K()
	Label("x512u8_loop")
	KMOVQ(Mem{Base: src}, m)
	VMOVDQU8_Z(ones, m, z)
	VMOVDQU8(z, Mem{Base: dst})
	ADDQ(U8(8), src)
	ADDQ(U8(64), dst)
	SUBQ(U8(64), n)
	JNZ(LabelRef("x512u8_loop"))
	VZEROUPPER()
	RET()
}

// expandAVX2: 32 bits broadcast to 8 lanes, each lane of the q-th vector
// keeps bit 8q+lane (and, compare), and the all-ones lanes become 1.0.
func expandAVX2(bitOfLane Mem) {
	TEXT("expandBitsAVX2", NOSPLIT, "func(dst *float32, src *uint64, n int)")
	Doc("expandBitsAVX2 is ExpandBits for n a positive multiple of 32.")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(one32), one)
	ones := YMM()
	VMOVD(one, ones.AsX())
	VPBROADCASTD(ones.AsX(), ones)
	bits := []Op{YMM(), YMM(), YMM(), YMM()}
	for q := range bits {
		VMOVDQU(bitOfLane.Offset(32*q), bits[q])
	}
	w := YMM()
	y := []Op{YMM(), YMM(), YMM(), YMM()}
	Label("x2_loop")
	VPBROADCASTD(Mem{Base: src}, w)
	for q := range y {
		VPAND(bits[q], w, y[q])
		VPCMPEQD(bits[q], y[q], y[q])
		VPAND(ones, y[q], y[q])
		VMOVUPS(y[q], Mem{Base: dst, Disp: 32 * q})
	}
	ADDQ(U8(4), src)
	ADDQ(U32(128), dst)
	SUBQ(U8(32), n)
	JNZ(LabelRef("x2_loop"))
	VZEROUPPER()
	RET()
}

// expandU8AVX2: 32 bits broadcast, byte j of the result picks byte j/8 of
// them (VPSHUFB) and keeps bit j%8 (and, compare); all-ones bytes become 1.
func expandU8AVX2(byteOfLane, bitOfLane Mem) {
	TEXT("expandBitsU8AVX2", NOSPLIT, "func(dst *uint8, src *uint64, n int)")
	Doc("expandBitsU8AVX2 is ExpandBitsU8 for n a positive multiple of 32.")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(0x01010101), one)
	ones := YMM()
	VMOVD(one, ones.AsX())
	VPBROADCASTD(ones.AsX(), ones)
	shuf, bits := YMM(), YMM()
	VMOVDQU(byteOfLane, shuf)
	VMOVDQU(bitOfLane, bits)
	y := YMM()
	Label("x2u8_loop")
	VPBROADCASTD(Mem{Base: src}, y)
	VPSHUFB(shuf, y, y)
	VPAND(bits, y, y)
	VPCMPEQB(bits, y, y)
	VPAND(ones, y, y)
	VMOVDQU(y, Mem{Base: dst})
	ADDQ(U8(4), src)
	ADDQ(U8(32), dst)
	SUBQ(U8(32), n)
	JNZ(LabelRef("x2u8_loop"))
	VZEROUPPER()
	RET()
}
