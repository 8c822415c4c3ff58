package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The accumulator updates: dst = src - Σ removed columns + Σ added
// columns, in int16 with wrap-around, 8 registers of lanes at a time.

// vecKind is a register width for the shared loops.
type vecKind struct {
	make  func() reg.VecVirtual
	bytes int
	move  func(src, dst Op) // unaligned load or store
}

var (
	ymmKind = vecKind{YMM, 32, func(s, d Op) { VMOVDQU(s, d) }}
	zmmKind = vecKind{ZMM, 64, func(s, d Op) { VMOVDQU64(s, d) }}
)

// accUpdate: the AVX2 kernel, 128 lanes a pass.
func accUpdate() {
	TEXT("accUpdateAVX2", NOSPLIT, "func(dst, src, w *int16, n int, removed, added []int32)")
	Pragma("noescape")
	Doc("accUpdateAVX2 is AccUpdate for n a multiple of 128.")
	accUpdateBody("acc2", ymmKind, Load(Param("dst"), GP64()), Load(Param("src"), GP64()),
		Load(Param("w"), GP64()), Load(Param("n"), GP64()), "removed", "added")
	VZEROUPPER()
	RET()
}

// accUpdate512: the AVX-512 kernel, 256 lanes a pass: one pass for
// HalfKP's 256-wide columns.
func accUpdate512() {
	TEXT("accUpdateAVX512", NOSPLIT, "func(dst, src, w *int16, n int, removed, added []int32)")
	Pragma("noescape")
	Doc("accUpdateAVX512 is AccUpdate for n a multiple of 256.")
	accUpdateBody("acc512", zmmKind, Load(Param("dst"), GP64()), Load(Param("src"), GP64()),
		Load(Param("w"), GP64()), Load(Param("n"), GP64()), "removed", "added")
	VZEROUPPER()
	RET()
}

// accUpdatePair512 is accUpdate512 for both perspectives in one call: dst
// and src hold 2n values, the first n updated with removed0/added0, the
// next n with removed1/added1.
func accUpdatePair512() {
	TEXT("accUpdatePairAVX512", NOSPLIT, "func(dst, src, w *int16, n int, removed0, added0, removed1, added1 []int32)")
	Pragma("noescape")
	Doc("accUpdatePairAVX512 is AccUpdatePair for n a multiple of 256.")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())
	accUpdateBody("pair0", zmmKind, dst, src, w, n, "removed0", "added0")
	row := GP64()
	LEAQ(Mem{Base: n, Index: n, Scale: 1}, row)
	ADDQ(row, dst)
	ADDQ(row, src)
	accUpdateBody("pair1", zmmKind, dst, src, w, n, "removed1", "added1")
	VZEROUPPER()
	RET()
}

// accUpdateBody: the update loop, 8 registers of kind v per pass, with the
// column lists read from the slice parameters named remName and addName.
func accUpdateBody(pre string, v vecKind, dst, src, w, n reg.Register, remName, addName string) {
	rem := Load(Param(remName).Base(), GP64())
	remN := Load(Param(remName).Len(), GP64())
	add := Load(Param(addName).Base(), GP64())
	addN := Load(Param(addName).Len(), GP64())

	row := GP64() // bytes per column
	MOVQ(n, row)
	SHLQ(U8(1), row)
	off := GP64()
	XORQ(off, off)
	acc := make([]reg.VecVirtual, 8)
	for i := range acc {
		acc[i] = v.make()
	}
	i, col := GP64(), GP64()

	Label(pre + "_chunk")
	for k, a := range acc {
		v.move(Mem{Base: src, Index: off, Scale: 1, Disp: v.bytes * k}, a)
	}
	for _, pass := range []struct {
		name  string
		base  reg.Register
		count reg.Register
		sub   bool
	}{{pre + "_rem", rem, remN, true}, {pre + "_add", add, addN, false}} {
		XORQ(i, i)
		Label(pass.name + "_loop")
		CMPQ(i, pass.count)
		JAE(LabelRef(pass.name + "_done"))
		MOVLQZX(Mem{Base: pass.base, Index: i, Scale: 4}, col)
		IMULQ(row, col)
		ADDQ(w, col)
		for k, a := range acc {
			m := Mem{Base: col, Index: off, Scale: 1, Disp: v.bytes * k}
			if pass.sub {
				VPSUBW(m, a, a)
			} else {
				VPADDW(m, a, a)
			}
		}
		INCQ(i)
		JMP(LabelRef(pass.name + "_loop"))
		Label(pass.name + "_done")
	}
	for k, a := range acc {
		v.move(a, Mem{Base: dst, Index: off, Scale: 1, Disp: v.bytes * k})
	}
	ADDQ(U32(8*v.bytes), off)
	CMPQ(off, row)
	JB(LabelRef(pre + "_chunk"))
}
