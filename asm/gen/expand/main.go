// Command expand writes the plane-expansion kernels of package asm
// (ExpandPlanes81, ExpandPlanes81U8: planes of 81 bits widened to float32
// or bytes of 0 and 1) with avo, into their own file beside the NNUE
// kernels. Run it through `go generate` in ../../ (see ../../expand.go).
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

	expandAVX512()
	expandU8AVX512()
	expandAVX2(bitOfLane32)
	Generate()
}

// A plane is 16 bytes in (squares 0..62 in bits 0..62 of the first word,
// 63..80 in bits 0..17 of the second: a board.Bitboard) and 81 values out.
// The kernels first join them as squares 0..63 (lo | hi<<63) and 64..80
// (hi>>1).
const planeIn, planeOut = 16, 81

// expandAVX512: the plane's words into mask registers, sixteen floats per
// zeroing masked move of a register of ones; square 80 is one lane stored
// under a one-lane mask.
func expandAVX512() {
	TEXT("expandPlanesAVX512", NOSPLIT, "func(dst *float32, planes *[2]uint64, n int)")
	Doc("expandPlanesAVX512 is ExpandPlanes81 for n > 0 planes (AVX-512F, BW).")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("planes"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(one32), one)
	ones := ZMM()
	VPBROADCASTD(one, ones)
	lane0 := K()
	MOVL(U32(1), one)
	KMOVW(one, lane0)
	lo, hi := GP64(), GP64()
	k := []Op{K(), K(), K(), K(), K(), K()}
	z := []Op{ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}

	t := GP64()
	Label("xp512_loop")
	MOVQ(Mem{Base: src}, lo)
	MOVQ(Mem{Base: src, Disp: 8}, hi)
	MOVQ(hi, t)
	SHLQ(U8(63), t)
	BTRQ(U8(63), lo) // not a square
	ORQ(t, lo)
	SHRQ(U8(1), hi)
	KMOVQ(lo, k[0])
	KSHIFTRQ(U8(16), k[0], k[1])
	KSHIFTRQ(U8(32), k[0], k[2])
	KSHIFTRQ(U8(48), k[0], k[3])
	KMOVD(hi.As32(), k[4])
	KSHIFTRD(U8(16), k[4], k[5])
	for i := range z {
		VMOVAPS_Z(ones, k[i], z[i])
	}
	for i := 0; i < 5; i++ {
		VMOVUPS(z[i], Mem{Base: dst, Disp: 64 * i})
	}
	VMOVUPS(z[5], lane0, Mem{Base: dst, Disp: 320})
	ADDQ(U8(planeIn), src)
	ADDQ(U32(4*planeOut), dst)
	DECQ(n)
	JNZ(LabelRef("xp512_loop"))
	VZEROUPPER()
	RET()
}

// expandU8AVX512: 64 bytes from the first word, 17 from the second under
// a 17-lane store mask.
func expandU8AVX512() {
	TEXT("expandPlanesU8AVX512", NOSPLIT, "func(dst *uint8, planes *[2]uint64, n int)")
	Doc("expandPlanesU8AVX512 is ExpandPlanes81U8 for n > 0 planes (AVX-512BW).")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("planes"), GP64())
	n := Load(Param("n"), GP64())
	one := GP32()
	MOVL(U32(1), one)
	ones := ZMM()
	VPBROADCASTB(one, ones)
	tail := K()
	MOVL(U32(1<<17-1), one)
	KMOVD(one, tail)
	lo, hi, t := GP64(), GP64(), GP64()
	k0, k1 := K(), K()
	z0, z1 := ZMM(), ZMM()
	Label("xp512u8_loop")
	MOVQ(Mem{Base: src}, lo)
	MOVQ(Mem{Base: src, Disp: 8}, hi)
	MOVQ(hi, t)
	SHLQ(U8(63), t)
	BTRQ(U8(63), lo) // not a square
	ORQ(t, lo)
	SHRQ(U8(1), hi)
	KMOVQ(lo, k0)
	KMOVQ(hi, k1)
	VMOVDQU8_Z(ones, k0, z0)
	VMOVDQU8_Z(ones, k1, z1)
	VMOVDQU8(z0, Mem{Base: dst})
	VMOVDQU8(z1, tail, Mem{Base: dst, Disp: 64})
	ADDQ(U8(planeIn), src)
	ADDQ(U8(planeOut), dst)
	DECQ(n)
	JNZ(LabelRef("xp512u8_loop"))
	VZEROUPPER()
	RET()
}

// expandAVX2: each dword of the plane broadcast to 8 lanes, each lane of
// the q-th vector keeps bit 8q+lane (and, compare) and the all-ones lanes
// become 1.0 (and); square 80 is a scalar store.
func expandAVX2(bitOfLane Mem) {
	TEXT("expandPlanesAVX2", NOSPLIT, "func(dst *float32, planes *[2]uint64, n int)")
	Doc("expandPlanesAVX2 is ExpandPlanes81 for n > 0 planes.")
	Pragma("noescape")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("planes"), GP64())
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
	lo, hi, t := GP64(), GP64(), GP64()
	x := XMM()
	Label("xp2_loop")
	MOVQ(Mem{Base: src}, lo)
	MOVQ(Mem{Base: src, Disp: 8}, hi)
	MOVQ(hi, t)
	SHLQ(U8(63), t)
	BTRQ(U8(63), lo) // not a square
	ORQ(t, lo)
	SHRQ(U8(1), hi)
	out := 0
	for d, groups := range []int{4, 4, 2} { // the dwords of squares 0-31, 32-63, 64-79
		switch d {
		case 0:
			MOVQ(lo, x)
		case 1:
			SHRQ(U8(32), lo)
			MOVQ(lo, x)
		case 2:
			MOVQ(hi, x)
		}
		VPBROADCASTD(x, w)
		for q := 0; q < groups; q++ {
			VPAND(bits[q], w, y[q])
			VPCMPEQD(bits[q], y[q], y[q])
			VPAND(ones, y[q], y[q])
			VMOVUPS(y[q], Mem{Base: dst, Disp: 4 * out})
			out += 8
		}
	}
	SHRQ(U8(16), hi)
	ANDL(U8(1), hi.As32())
	IMUL3L(U32(one32), hi.As32(), hi.As32())
	MOVL(hi.As32(), Mem{Base: dst, Disp: 4 * 80})
	ADDQ(U8(planeIn), src)
	ADDQ(U32(4*planeOut), dst)
	DECQ(n)
	JNZ(LabelRef("xp2_loop"))
	VZEROUPPER()
	RET()
}
