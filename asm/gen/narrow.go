package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// pairIndex holds 8 VPERMD index vectors for the 8-output kernel: vector p
// has lanes 0..7 = 2p and lanes 8..15 = 2p+1 (set by narrowTables).
var pairIndex Mem

// loadPairIndex loads the 8 pairIndex vectors into fresh registers.
func loadPairIndex() []reg.VecVirtual {
	idx := make([]reg.VecVirtual, 8)
	for p := range idx {
		idx[p] = ZMM()
		VMOVDQU32(pairIndex.Offset(64*p), idx[p])
	}
	return idx
}

// pairGroups adds 64 bytes of input xin (16 groups of 4) times the 512
// weight bytes at wb into acc, one VPDPBUSD per pair of groups spread by
// idx through the scratch registers x; it jumps to skip, placed after it,
// when the input is all zero.
func pairGroups(xin reg.VecVirtual, k reg.Register, idx, x []reg.VecVirtual, wb reg.Register, acc []reg.VecVirtual, skip string) {
	VPTESTMD(xin, xin, k)
	KORTESTW(k, k)
	JZ(LabelRef(skip))
	for p := 0; p < 8; p++ {
		VPERMD(xin, idx[p], x[p%2])
		VPDPBUSD(Mem{Base: wb, Disp: 64 * p}, x[p%2], acc[p%4])
	}
	Label(skip)
}

// sumInto0 adds the four accumulators into acc[0].
func sumInto0(acc []reg.VecVirtual) {
	VPADDD(acc[1], acc[0], acc[0])
	VPADDD(acc[3], acc[2], acc[2])
	VPADDD(acc[2], acc[0], acc[0])
}

// store8 folds the two 8-lane halves of acc[0] (pairs of groups), adds the
// bias, shifts, clips at zero and stores the 8 output bytes.
func store8(acc []reg.VecVirtual, zero reg.VecVirtual, bias, out reg.Register) {
	hi := acc[1].AsY()
	VEXTRACTI64X4(U8(1), acc[0], hi)
	lo := acc[0].AsY()
	VPADDD(hi, lo, lo)
	VPADDD(Mem{Base: bias}, lo, lo)
	VPSRAD(U8(6), lo, lo)
	VPMAXSD(zero.AsY(), lo, lo)
	VPMOVSDB(lo, acc[2].AsX())
	VMOVQ(acc[2].AsX(), Mem{Base: out})
}

func narrowTables() {
	pairIndex = GLOBL("pairidx", RODATA|NOPTR)
	for p := 0; p < 8; p++ {
		for l := 0; l < 16; l++ {
			DATA(64*p+4*l, U32(2*p+l/8))
		}
	}
}

// affineNarrowVNNI: AffineSparse / Affine for nOut = 8 or 16 outputs from
// the blocked weights (4*nOut bytes per group of 4 inputs), dense, n a
// multiple of 64, with VPDPBUSD (exact int32 sums, no grouping limit).
//
// 16 outputs: each group's 4 inputs are broadcast from memory against its
// 64 bytes of weights, four accumulators in turn.
//
// 8 outputs: two groups per instruction. 64 bytes of input (16 groups) are
// loaded once; a VPERMD per pair of groups spreads group 2p over lanes
// 0..7 and group 2p+1 over lanes 8..15, matching the pair's 64 contiguous
// weight bytes; the two halves are summed at the end. A 64-byte chunk of
// zero input is skipped.
//
// raw (16 outputs only) stores the int32 sums with the bias instead of the
// shifted and clipped bytes: AffineRaw, the SFNN fc_0.
func affineNarrowVNNI(name string, nOut int, raw bool) {
	if raw {
		text512(name, "func(out *int32, in *uint8, wb *int8, bias *int32, n int)",
			fmt.Sprintf("%s is AffineRaw for %d outputs and n a multiple of 64.", name, nOut))
	} else {
		text512(name, "func(out, in *uint8, wb *int8, bias *int32, n int)",
			fmt.Sprintf("%s is Affine and AffineSparse for %d outputs and n a multiple of 64.", name, nOut))
	}
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	wb := Load(Param("wb"), GP64())
	bias := Load(Param("bias"), GP64())
	n := Load(Param("n"), GP64())
	acc := []reg.VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	for _, a := range acc {
		zeroReg(a)
	}
	loop, skip := name+"_loop", name+"_skip"
	if nOut == 16 {
		x := []reg.VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
		Label(loop)
		for u := 0; u < 4; u++ {
			VPBROADCASTD(Mem{Base: in, Disp: 4 * u}, x[u])
			VPDPBUSD(Mem{Base: wb, Disp: 64 * u}, x[u], acc[u])
		}
		ADDQ(U8(16), in)
		ADDQ(U32(256), wb)
		SUBQ(U8(16), n)
		JNZ(LabelRef(loop))
	} else {
		idx := loadPairIndex()
		xin, k := ZMM(), K()
		x := []reg.VecVirtual{ZMM(), ZMM()}
		Label(loop)
		VMOVDQU64(Mem{Base: in}, xin)
		pairGroups(xin, k, idx, x, wb, acc, skip)
		ADDQ(U8(64), in)
		ADDQ(U32(512), wb)
		SUBQ(U8(64), n)
		JNZ(LabelRef(loop))
	}
	sumInto0(acc)
	zero := ZMM()
	zeroReg(zero)
	if raw {
		VPADDD(Mem{Base: bias}, acc[0], acc[0])
		VMOVDQU32(acc[0], Mem{Base: out})
	} else if nOut == 16 {
		VPADDD(Mem{Base: bias}, acc[0], acc[0])
		VPSRAD(U8(6), acc[0], acc[0])
		VPMAXSD(zero, acc[0], acc[0])
		VPMOVSDB(acc[0], acc[1].AsX())
		VMOVDQU32(acc[1].AsX(), Mem{Base: out})
	} else {
		store8(acc, zero, bias, out)
	}
	VZEROUPPER()
	RET()
}

// pairwise512: pairwiseMul with 512-bit registers, 64 outputs per
// iteration; VPACKUSWB packs per 128-bit lane, a VPERMQ with qwords
// 0,2,4,6,1,3,5,7 restores the order.
func pairwise512() {
	order := GLOBL("pairperm", RODATA|NOPTR)
	for i, q := range []uint64{0, 2, 4, 6, 1, 3, 5, 7} {
		DATA(8*i, U64(q))
	}
	text512("pairwiseAVX512", "func(out *uint8, a, b *int16, n int)",
		"pairwiseAVX512 is Pairwise for n a multiple of 64.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	zero, top, perm := ZMM(), ZMM(), ZMM()
	zeroReg(zero)
	t := GP32()
	MOVL(U32(254), t)
	VPBROADCASTW(t, top)
	VMOVDQU64(order, perm)
	u0, u1, v0, v1 := ZMM(), ZMM(), ZMM(), ZMM()
	Label("pairwise512_loop")
	VPMAXSW(Mem{Base: a}, zero, u0)
	VPMAXSW(Mem{Base: a, Disp: 64}, zero, u1)
	VPMAXSW(Mem{Base: b}, zero, v0)
	VPMAXSW(Mem{Base: b, Disp: 64}, zero, v1)
	for _, r := range []reg.VecVirtual{u0, u1, v0, v1} {
		VPMINSW(top, r, r)
	}
	VPSLLW(U8(7), u0, u0)
	VPSLLW(U8(7), u1, u1)
	VPMULHW(v0, u0, u0)
	VPMULHW(v1, u1, u1)
	VPACKUSWB(u1, u0, u0)
	VPERMQ(u0, perm, u0)
	VMOVDQU64(u0, Mem{Base: out})
	ADDQ(U8(128), a)
	ADDQ(U8(128), b)
	ADDQ(U8(64), out)
	SUBQ(U8(64), n)
	JNZ(LabelRef("pairwise512_loop"))
	VZEROUPPER()
	RET()
}

// affine8Clip512: affine8AVX512 whose input is clamp(acc, 0, 127) of two
// int16 accumulators (us then them, half values each) read directly, so
// that the transformed vector is never stored: per 64 inputs two loads, a
// maximum with zero and a saturating narrowing each, joined into one
// register, then the pairs as in affineNarrowVNNI.
func affine8Clip512() {
	text512("affine8ClipAVX512", "func(out *uint8, us, them *int16, half int, wb *int8, bias *int32)",
		"affine8ClipAVX512 is the 8-output first layer from the clipped accumulators us and them (half a multiple of 64).")
	out := Load(Param("out"), GP64())
	us := Load(Param("us"), GP64())
	them := Load(Param("them"), GP64())
	half := Load(Param("half"), GP64())
	wb := Load(Param("wb"), GP64())
	bias := Load(Param("bias"), GP64())
	acc := []reg.VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	for _, a := range acc {
		zeroReg(a)
	}
	idx := loadPairIndex()
	zero := ZMM()
	zeroReg(zero)
	xin, lo, hi, k := ZMM(), ZMM(), ZMM(), K()
	x := []reg.VecVirtual{ZMM(), ZMM()}
	n := GP64()
	for s, src := range []reg.Register{us, them} {
		loop, skip := fmt.Sprintf("clip8_loop%d", s), fmt.Sprintf("clip8_skip%d", s)
		MOVQ(half, n)
		Label(loop)
		VPMAXSW(Mem{Base: src}, zero, lo)
		VPMAXSW(Mem{Base: src, Disp: 64}, zero, hi)
		VPMOVSWB(lo, xin.AsY())
		VPMOVSWB(hi, hi.AsY())
		VINSERTI64X4(U8(1), hi.AsY(), xin, xin)
		pairGroups(xin, k, idx, x, wb, acc, skip)
		ADDQ(U8(128), src)
		ADDQ(U32(512), wb)
		SUBQ(U8(64), n)
		JNZ(LabelRef(loop))
	}
	sumInto0(acc)
	store8(acc, zero, bias, out)
	VZEROUPPER()
	RET()
}
