package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The AVX2 kernels: 256-bit registers, VPMADDUBSW + VPMADDWD for the
// affine layers (the accumulator update is in accumulator.go, shared with
// AVX-512).

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

// affine: nOut (8, 16 or 32) outputs, inputs in groups of 4 broadcast
// against the blocked weights (4*nOut bytes per group, nOut/8 registers). The maddubs products of up to k groups are
// summed in int16 before widening (the caller chooses k so that this cannot
// overflow). The sparse kernel first lists the non-zero 4-byte input groups
// (8 at a time through a 256-entry table of bit positions) into idx, then
// visits only those.
func affine(name string, sparse bool, nOut int, permd, nnzTable Mem) {
	if sparse {
		TEXT(name, NOSPLIT, "func(out, in *uint8, wb *int8, bias *int32, n int, k int, idx *uint16)")
		Doc(fmt.Sprintf("%s is AffineSparse for %d outputs and n a multiple of 32; idx has room for n/4+8 entries.", name, nOut))
	} else {
		TEXT(name, NOSPLIT, "func(out, in *uint8, wb *int8, bias *int32, n int, k int)")
		Doc(fmt.Sprintf("%s is Affine for %d outputs and n a multiple of 4.", name, nOut))
	}
	parts := nOut / 8
	groupShift := map[int]uint8{8: 5, 16: 6, 32: 7}[nOut] // log2(4*nOut)
	Pragma("noescape")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	wb := Load(Param("wb"), GP64())
	bias := Load(Param("bias"), GP64())
	n := Load(Param("n"), GP64())
	k := Load(Param("k"), GP64())

	acc := make([]reg.VecVirtual, parts)
	for j := range acc {
		acc[j] = YMM()
	}
	for j, a := range acc {
		VMOVDQU(Mem{Base: bias, Disp: 32 * j}, a)
	}
	ones := YMM()
	VPCMPEQW(ones, ones, ones)
	VPSRLW(U8(15), ones, ones)
	zero := YMM()
	VPXOR(zero, zero, zero)

	count := GP64() // number of groups to visit
	var idx reg.Register
	if sparse {
		idx = Load(Param("idx"), GP64())
		XORQ(count, count)
		c, mask, pc, tab := GP64(), GP64(), GP64(), GP64()
		XORQ(c, c)
		LEAQ(nnzTable, tab)
		base, eight, t := XMM(), XMM(), YMM()
		VPXOR(base, base, base)
		MOVQ(U32(8), pc)
		VMOVQ(pc, eight)
		VPBROADCASTW(eight, eight)
		Label(name + "_scan")
		VMOVDQU(Mem{Base: in, Index: c, Scale: 1}, t)
		VPCMPEQD(zero, t, t)
		VMOVMSKPS(t, mask.As32())
		XORQ(U32(0xFF), mask) // bit i: group i of the chunk has a non-zero input
		MOVQ(mask, pc)
		SHLQ(U8(4), pc)
		lst := XMM()
		VMOVDQU(Mem{Base: tab, Index: pc, Scale: 1}, lst)
		VPADDW(base, lst, lst)
		VMOVDQU(lst, Mem{Base: idx, Index: count, Scale: 2})
		POPCNTL(mask.As32(), pc.As32())
		ADDQ(pc, count)
		VPADDW(eight, base, base)
		ADDQ(U8(32), c)
		CMPQ(c, n)
		JB(LabelRef(name + "_scan"))
	} else {
		MOVQ(n, count)
		SHRQ(U8(2), count)
	}

	part := make([]reg.VecVirtual, parts)
	for j := range part {
		part[j] = YMM()
	}
	x, p := YMM(), YMM()
	i, end, g := GP64(), GP64(), GP64()
	x2, p2, g2, end1 := YMM(), YMM(), GP64(), GP64()
	// blocks visits groups 0..count-1: through idx (viaIdx) or directly.
	blocks := func(pre string, viaIdx bool) {
		XORQ(i, i)
		Label(pre + "_block")
		CMPQ(i, count)
		JAE(LabelRef(pre + "_end"))
		LEAQ(Mem{Base: i, Index: k, Scale: 1}, end)
		CMPQ(end, count)
		CMOVQHI(count, end) // end = min(i+k, count)
		for _, t := range part {
			VPXOR(t, t, t)
		}
		// Two groups per iteration while two remain in the block, then one.
		LEAQ(Mem{Base: end, Disp: -1}, end1)
		loadGroup := func(gr reg.GPVirtual, idxOff int, xr reg.VecVirtual) {
			if viaIdx {
				MOVWQZX(Mem{Base: idx, Index: i, Scale: 2, Disp: 2 * idxOff}, gr)
			} else {
				LEAQ(Mem{Base: i, Disp: idxOff}, gr)
			}
			VPBROADCASTD(Mem{Base: in, Index: gr, Scale: 4}, xr)
			SHLQ(U8(groupShift), gr)
		}
		Label(pre + "_pair")
		CMPQ(i, end1)
		JAE(LabelRef(pre + "_single"))
		loadGroup(g, 0, x)
		loadGroup(g2, 1, x2)
		for j, t := range part {
			VPMADDUBSW(Mem{Base: wb, Index: g, Scale: 1, Disp: 32 * j}, x, p)
			VPMADDUBSW(Mem{Base: wb, Index: g2, Scale: 1, Disp: 32 * j}, x2, p2)
			VPADDW(p, t, t)
			VPADDW(p2, t, t)
		}
		ADDQ(U8(2), i)
		JMP(LabelRef(pre + "_pair"))
		Label(pre + "_single")
		CMPQ(i, end)
		JAE(LabelRef(pre + "_flush"))
		loadGroup(g, 0, x)
		for j, t := range part {
			VPMADDUBSW(Mem{Base: wb, Index: g, Scale: 1, Disp: 32 * j}, x, p)
			VPADDW(p, t, t)
		}
		INCQ(i)
		Label(pre + "_flush")
		for j, t := range part {
			VPMADDWD(ones, t, t)
			VPADDD(t, acc[j], acc[j])
		}
		JMP(LabelRef(pre + "_block"))
		Label(pre + "_end")
	}
	if sparse {
		// Mostly non-zero input (>= 7/8 of the groups): the dense loop,
		// without the index loads, is faster.
		total, eighth := GP64(), GP64()
		MOVQ(n, total)
		SHRQ(U8(2), total)
		MOVQ(total, eighth)
		SHRQ(U8(3), eighth)
		MOVQ(total, g)
		SUBQ(eighth, g)
		CMPQ(count, g)
		JAE(LabelRef(name + "_dense"))
		blocks(name+"_s", true)
		JMP(LabelRef(name + "_done"))
		Label(name + "_dense")
		MOVQ(total, count)
		blocks(name+"_d", false)
	} else {
		blocks(name+"_d", false)
	}
	Label(name + "_done")

	for _, a := range acc {
		VPSRAD(U8(6), a, a)
	}
	// Pack to bytes (saturating at 127), undo the lane interleaving with
	// permd (dwords 0,4,1,5,...), clamp at 0.
	switch nOut {
	case 32:
		VPACKSSDW(acc[1], acc[0], acc[0])
		VPACKSSDW(acc[3], acc[2], acc[2])
		VPACKSSWB(acc[2], acc[0], acc[0])
	case 16:
		VPACKSSDW(acc[1], acc[0], acc[0])
		VPACKSSWB(acc[0], acc[0], acc[0])
	case 8:
		VPACKSSDW(acc[0], acc[0], acc[0])
		VPACKSSWB(acc[0], acc[0], acc[0])
	}
	perm := YMM()
	VMOVDQU(permd, perm)
	VPERMD(acc[0], perm, acc[0])
	VPMAXSB(zero, acc[0], acc[0])
	switch nOut {
	case 32:
		VMOVDQU(acc[0], Mem{Base: out})
	case 16:
		VMOVDQU(acc[0].AsX(), Mem{Base: out})
	case 8:
		VMOVQ(acc[0].AsX(), Mem{Base: out})
	}
	VZEROUPPER()
	RET()
}

// pairwiseMul: the SFNN pairwise product of one perspective, 32 outputs per
// iteration: u = clamp(a, 0, 254), v = clamp(b, 0, 254) (a negative b gives
// 0 either way), out = mulhi(u << 7, v) = floor(u*v*128 / 65536), packed
// to bytes.
func pairwiseMul() {
	TEXT("pairwiseAVX2", NOSPLIT, "func(out *uint8, a, b *int16, n int)")
	Pragma("noescape")
	Doc("pairwiseAVX2 is Pairwise for n a multiple of 32.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	zero, top := YMM(), YMM()
	VPXOR(zero, zero, zero)
	t := GP32()
	MOVL(U32(254), t)
	VMOVD(t, top.AsX())
	VPBROADCASTW(top.AsX(), top)
	u0, u1, v0, v1 := YMM(), YMM(), YMM(), YMM()
	Label("pairwise_loop")
	VMOVDQU(Mem{Base: a}, u0)
	VMOVDQU(Mem{Base: a, Disp: 32}, u1)
	VMOVDQU(Mem{Base: b}, v0)
	VMOVDQU(Mem{Base: b, Disp: 32}, v1)
	for _, r := range []reg.VecVirtual{u0, u1, v0, v1} {
		VPMAXSW(zero, r, r)
		VPMINSW(top, r, r)
	}
	VPSLLW(U8(7), u0, u0)
	VPSLLW(U8(7), u1, u1)
	VPMULHW(v0, u0, u0)
	VPMULHW(v1, u1, u1)
	VPACKUSWB(u1, u0, u0)
	VPERMQ(U8(0xD8), u0, u0)
	VMOVDQU(u0, Mem{Base: out})
	ADDQ(U8(64), a)
	ADDQ(U8(64), b)
	ADDQ(U8(32), out)
	SUBQ(U8(32), n)
	JNZ(LabelRef("pairwise_loop"))
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
	Store(laneSum8(acc, false), ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// laneSum8 returns in a GP register the sum of the 8 int32 lanes of the
// low 256 bits of v (clobbered). evex picks the encodings that accept
// registers 16-31, which the AVX-512 kernels' allocator hands out.
func laneSum8(v reg.VecVirtual, evex bool) reg.GPVirtual {
	lo, hi := v.AsX(), XMM()
	if evex {
		VEXTRACTI32X4(U8(1), v.AsY(), hi)
	} else {
		VEXTRACTI128(U8(1), v.AsY(), hi)
	}
	VPADDD(hi, lo, lo)
	VPSHUFD(U8(0x4E), lo, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(U8(0xB1), lo, hi)
	VPADDD(hi, lo, lo)
	r := GP32()
	VMOVD(lo, r)
	return r
}
