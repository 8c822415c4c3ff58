// Command gen writes the AVX2 kernels of package asm with avo. It has its
// own go.mod so that avo is not a dependency of the library. Run it through
// `go generate` in ../ (see ../doc.go).
package main

import (


	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("!noasm")

	permd := GLOBL("permd", RODATA|NOPTR)
	for i, v := range []uint32{0, 4, 1, 5, 2, 6, 3, 7} {
		DATA(4*i, U32(v))
	}

	accUpdate()
	clippedReLU()
	affine("affineSparse32AVX2", true, permd)
	affine("affine32AVX2", false, permd)
	dot()
	Generate()
}

// accUpdate: dst = src - Σ removed columns + Σ added columns, 128 int16
// lanes (8 registers) at a time.
func accUpdate() {
	TEXT("accUpdateAVX2", NOSPLIT, "func(dst, src, w *int16, n int, removed, added []int32)")
	Pragma("noescape")
	Doc("accUpdateAVX2 is AccUpdate for n a multiple of 128.")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())
	rem := Load(Param("removed").Base(), GP64())
	remN := Load(Param("removed").Len(), GP64())
	add := Load(Param("added").Base(), GP64())
	addN := Load(Param("added").Len(), GP64())

	row := GP64() // bytes per column
	MOVQ(n, row)
	SHLQ(U8(1), row)
	off := GP64()
	XORQ(off, off)
	acc := make([]reg.VecVirtual, 8)
	for i := range acc {
		acc[i] = YMM()
	}
	i := GP64()
	col := GP64()

	Label("chunk")
	for k, a := range acc {
		VMOVDQU(Mem{Base: src, Index: off, Scale: 1, Disp: 32 * k}, a)
	}
	for _, pass := range []struct {
		name  string
		base  reg.Register
		count reg.Register
		sub   bool
	}{{"rem", rem, remN, true}, {"add", add, addN, false}} {
		XORQ(i, i)
		Label(pass.name + "_loop")
		CMPQ(i, pass.count)
		JAE(LabelRef(pass.name + "_done"))
		MOVLQZX(Mem{Base: pass.base, Index: i, Scale: 4}, col)
		IMULQ(row, col)
		ADDQ(w, col)
		for k, a := range acc {
			m := Mem{Base: col, Index: off, Scale: 1, Disp: 32 * k}
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
		VMOVDQU(a, Mem{Base: dst, Index: off, Scale: 1, Disp: 32 * k})
	}
	ADDQ(U32(256), off)
	CMPQ(off, row)
	JB(LabelRef("chunk"))
	VZEROUPPER()
	RET()
}

// clippedReLU: out[i] = clamp(in[i], 0, 127), 32 lanes at a time.
func clippedReLU() {
	TEXT("clippedReLUAVX2", NOSPLIT, "func(out *uint8, in *int16, n int)")
	Pragma("noescape")
	Doc("clippedReLUAVX2 is ClippedReLU for n a multiple of 32.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	n := Load(Param("n"), GP64())
	zero := YMM()
	VPXOR(zero, zero, zero)
	a, b := YMM(), YMM()
	Label("loop")
	VMOVDQU(Mem{Base: in}, a)
	VMOVDQU(Mem{Base: in, Disp: 32}, b)
	VPACKSSWB(b, a, a)     // per 128-bit lane: a(8 words) then b(8 words)
	VPERMQ(U8(0xD8), a, a) // restore the order of the four 8-byte groups
	VPMAXSB(zero, a, a)
	VMOVDQU(a, Mem{Base: out})
	ADDQ(U8(64), in)
	ADDQ(U8(32), out)
	SUBQ(U8(32), n)
	JNZ(LabelRef("loop"))
	VZEROUPPER()
	RET()
}

// affine: 32 outputs, inputs in groups of 4 broadcast against the blocked
// weights (128 bytes per group). sparse scans 32 inputs at a time for
// non-zero 4-byte groups and visits only those.
func affine(name string, sparse bool, permd Mem) {
	TEXT(name, NOSPLIT, "func(out, in *uint8, wb *int8, bias *int32, n int)")
	Pragma("noescape")
	if sparse {
		Doc(name + " is AffineSparse for 32 outputs and n a multiple of 32.")
	} else {
		Doc(name + " is Affine for 32 outputs and n a multiple of 4.")
	}
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	wb := Load(Param("wb"), GP64())
	bias := Load(Param("bias"), GP64())
	n := Load(Param("n"), GP64())

	acc := []reg.VecVirtual{YMM(), YMM(), YMM(), YMM()}
	for k, a := range acc {
		VMOVDQU(Mem{Base: bias, Disp: 32 * k}, a)
	}
	ones := YMM()
	VPCMPEQW(ones, ones, ones)
	VPSRLW(U8(15), ones, ones)
	zero := YMM()
	VPXOR(zero, zero, zero)
	x, t := YMM(), YMM()

	// group multiplies 4 inputs at inPtr with the 128 weight bytes at wPtr.
	group := func(inPtr, wPtr Mem) {
		VPBROADCASTD(inPtr, x)
		for k, a := range acc {
			wk := wPtr
			wk.Disp += 32 * k
			VPMADDUBSW(wk, x, t)
			VPMADDWD(ones, t, t)
			VPADDD(t, a, a)
		}
	}

	if sparse {
		c := GP64() // byte offset of the 32-input chunk
		XORQ(c, c)
		mask, g, tmp := GP32(), GP64(), GP64()
		Label(name + "_chunk")
		VMOVDQU(Mem{Base: in, Index: c, Scale: 1}, t)
		VPCMPEQD(zero, t, t)
		VMOVMSKPS(t, mask)
		XORL(U32(0xFF), mask) // bit i: group i of the chunk has a non-zero input
		Label(name + "_bits")
		TESTL(mask, mask)
		JZ(LabelRef(name + "_next"))
		BSFL(mask, g.As32())
		LEAL(Mem{Base: mask, Disp: -1}, tmp.As32())
		ANDL(tmp.As32(), mask)
		// g = chunk offset + 4*bit: byte offset of the group's inputs.
		SHLQ(U8(2), g)
		ADDQ(c, g)
		MOVQ(g, tmp)
		SHLQ(U8(5), tmp) // weights: 32 bytes per input byte offset (128 per group)
		group(Mem{Base: in, Index: g, Scale: 1}, Mem{Base: wb, Index: tmp, Scale: 1})
		JMP(LabelRef(name + "_bits"))
		Label(name + "_next")
		ADDQ(U8(32), c)
		CMPQ(c, n)
		JB(LabelRef(name + "_chunk"))
	} else {
		Label(name + "_loop")
		group(Mem{Base: in}, Mem{Base: wb})
		ADDQ(U8(4), in)
		ADDQ(U32(128), wb)
		SUBQ(U8(4), n)
		JNZ(LabelRef(name + "_loop"))
	}

	for _, a := range acc {
		VPSRAD(U8(6), a, a)
	}
	VPACKSSDW(acc[1], acc[0], acc[0])
	VPACKSSDW(acc[3], acc[2], acc[2])
	VPACKSSWB(acc[2], acc[0], acc[0])
	perm := YMM()
	VMOVDQU(permd, perm)
	VPERMD(acc[0], perm, acc[0])
	VPMAXSB(zero, acc[0], acc[0])
	VMOVDQU(acc[0], Mem{Base: out})
	VZEROUPPER()
	RET()
}

// dot: Σ in[i]*w[i] for n a multiple of 32.
func dot() {
	TEXT("dotAVX2", NOSPLIT, "func(in *uint8, w *int8, n int) int32")
	Pragma("noescape")
	Doc("dotAVX2 is Dot for n a multiple of 32.")
	in := Load(Param("in"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())
	ones := YMM()
	VPCMPEQW(ones, ones, ones)
	VPSRLW(U8(15), ones, ones)
	acc, x := YMM(), YMM()
	VPXOR(acc, acc, acc)
	Label("dot_loop")
	VMOVDQU(Mem{Base: in}, x)
	VPMADDUBSW(Mem{Base: w}, x, x)
	VPMADDWD(ones, x, x)
	VPADDD(x, acc, acc)
	ADDQ(U8(32), in)
	ADDQ(U8(32), w)
	SUBQ(U8(32), n)
	JNZ(LabelRef("dot_loop"))
	lo, hi := acc.AsX(), XMM()
	VEXTRACTI128(U8(1), acc, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(U8(0x4E), lo, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(U8(0xB1), lo, hi)
	VPADDD(hi, lo, lo)
	r := GP32()
	MOVD(lo, r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}


