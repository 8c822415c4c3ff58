package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The AVX-512 kernels (F, BW, VL and VNNI): 512-bit registers, and
// VPDPBUSD for the affine layers. VPDPBUSD sums four u8*s8 products into
// an int32 lane without an int16 step, so the result equals the maddubs +
// madd chain of the AVX2 kernels exactly and needs no grouping limit.

// zeroData is 64 zero bytes and bcastIndex 8 index vectors for VPERMD,
// vector g with every lane g (set by main).
var zeroData, bcastIndex Mem

// zeroVec is the current kernel's zero register (see text512).
var zeroVec reg.VecVirtual

// text512 starts an AVX-512 kernel: TEXT, its doc and noescape, and the
// zero register that zeroReg copies.
func text512(name, signature, doc string) {
	TEXT(name, NOSPLIT, signature)
	Doc(doc)
	Pragma("noescape")
	zeroVec = ZMM()
	VMOVDQU64(zeroData, zeroVec)
}

// zeroReg sets r to zero by a register move (which the CPU eliminates).
// The VPXOR idiom would read r as far as avo's liveness analysis knows,
// making r live from the kernel's entry; with many registers zeroed that
// way the allocator runs out.
func zeroReg(r reg.Register) {
	switch r.Size() {
	case 16:
		VMOVDQA64(zeroVec.AsX(), r)
	case 32:
		VMOVDQA64(zeroVec.AsY(), r)
	default:
		VMOVDQA64(zeroVec, r)
	}
}

// clippedReLU512: out[i] = clamp(in[i], 0, 127), 32 lanes at a time: the
// maximum with zero, then a signed-saturating narrowing that keeps order.
func clippedReLU512() {
	text512("clippedReLUAVX512", "func(out *uint8, in *int16, n int)",
		"clippedReLUAVX512 is ClippedReLU for n a multiple of 32.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	n := Load(Param("n"), GP64())
	zero := ZMM()
	zeroReg(zero)
	a, b := ZMM(), ZMM()
	Label("relu512_loop")
	VPMAXSW(Mem{Base: in}, zero, a)
	VPMOVSWB(a, b.AsY())
	VMOVDQU32(b.AsY(), Mem{Base: out})
	ADDQ(U8(64), in)
	ADDQ(U8(32), out)
	SUBQ(U8(32), n)
	JNZ(LabelRef("relu512_loop"))
	VZEROUPPER()
	RET()
}

// affineVNNI writes the kernel name: AffineSparse (sparse) or Affine for
// 32 outputs, around affineBody.
func affineVNNI(name string, sparse bool, nnzTable Mem) {
	if sparse {
		text512(name, "func(out, in *uint8, wb, wr *int8, bias *int32, n int, idx *uint16)",
			name+" is AffineSparse for 32 outputs and n a multiple of 64; idx has room for n/4+8 entries; wr is nil or the row-chunk weights.")
	} else {
		text512(name, "func(out, in *uint8, wb *int8, bias *int32, n int)",
			name+" is Affine for 32 outputs and n a multiple of 4.")
	}
	r := affineRegs{
		out:  Load(Param("out"), GP64()),
		in:   Load(Param("in"), GP64()),
		wb:   Load(Param("wb"), GP64()),
		bias: Load(Param("bias"), GP64()),
		n:    Load(Param("n"), GP64()),
	}
	if sparse {
		r.wr = Load(Param("wr"), GP64())
		r.idx = Load(Param("idx"), GP64())
	}
	affineBody(name, r, nnzTable)
	VZEROUPPER()
	RET()
}

// affineRegs are the operands of affineBody; wr and idx are nil for the
// dense-only form.
type affineRegs struct {
	out, in, wb, bias, n reg.Register
	wr, idx              reg.Register
	// nz, when not nil, holds the number of non-zero input groups already
	// counted by the caller.
	nz reg.Register
}

// affineBody: 32 outputs. Each group of 4 inputs is broadcast against its
// 128 bytes of blocked weights (two registers of 16 outputs). Four groups
// go to four accumulator pairs so that VPDPBUSD's latency overlaps. With
// idx, the body first counts the non-zero groups: mostly non-zero input
// takes the row-chunk form (rowsBody) when wr is not nil, the dense
// broadcast loop otherwise; sparser input is listed into idx (16 groups
// per test mask, two lookups in the 8-bit position table) and only those
// groups are visited. Every path ends at the label pre+"_end".
func affineBody(pre string, r affineRegs, nnzTable Mem) {
	in, wb := r.in, r.wb
	const sets = 4
	var acc [sets][2]reg.VecVirtual
	for u := range acc {
		for h := range acc[u] {
			acc[u][h] = ZMM()
		}
	}
	// initAcc starts the broadcast paths (not before the row-chunk one,
	// which needs the registers).
	initAcc := func() {
		for u := range acc {
			for h, a := range acc[u] {
				if u == 0 {
					VMOVDQU32(Mem{Base: r.bias, Disp: 64 * h}, a)
				} else {
					zeroReg(a)
				}
			}
		}
	}
	count := GP64() // number of groups to visit
	MOVQ(r.n, count)
	SHRQ(U8(2), count)
	var x [sets]reg.VecVirtual
	for u := range x {
		x[u] = ZMM()
	}
	// visit accumulates group g (a register holding the group number) into
	// set u: broadcast its 4 inputs, then the two 64-byte weight halves.
	visit := func(u int, g reg.GPVirtual) {
		VPBROADCASTD(Mem{Base: in, Index: g, Scale: 4}, x[u])
		SHLQ(U8(7), g)
		VPDPBUSD(Mem{Base: wb, Index: g, Scale: 1}, x[u], acc[u][0])
		VPDPBUSD(Mem{Base: wb, Index: g, Scale: 1, Disp: 64}, x[u], acc[u][1])
	}
	i, end := GP64(), GP64()
	var g [sets]reg.GPVirtual
	for u := range g {
		g[u] = GP64()
	}
	// loop visits groups 0..count-1, four per iteration then one at a time,
	// through idx (viaIdx) or directly.
	loop := func(lp string, viaIdx bool) {
		groupOf := func(u int) {
			if viaIdx {
				MOVWQZX(Mem{Base: r.idx, Index: i, Scale: 2, Disp: 2 * u}, g[u])
			} else {
				LEAQ(Mem{Base: i, Disp: u}, g[u])
			}
		}
		XORQ(i, i)
		LEAQ(Mem{Base: count, Disp: -(sets - 1)}, end)
		Label(lp + "_quad")
		CMPQ(i, end)
		JGE(LabelRef(lp + "_single"))
		for u := 0; u < sets; u++ {
			groupOf(u)
			visit(u, g[u])
		}
		ADDQ(U8(sets), i)
		JMP(LabelRef(lp + "_quad"))
		Label(lp + "_single")
		CMPQ(i, count)
		JAE(LabelRef(lp + "_end"))
		groupOf(0)
		visit(0, g[0])
		INCQ(i)
		JMP(LabelRef(lp + "_single"))
		Label(lp + "_end")
	}

	if r.idx != nil {
		c, mask := GP64(), GP64()
		t, k := ZMM(), K()
		nz := r.nz
		if nz == nil {
			nz = GP64()
			XORQ(nz, nz)
			XORQ(c, c)
			Label(pre + "_count")
			VMOVDQU64(Mem{Base: in, Index: c, Scale: 1}, t)
			VPTESTMD(t, t, k)
			KMOVW(k, mask.As32())
			POPCNTL(mask.As32(), mask.As32())
			ADDQ(mask, nz)
			ADDQ(U8(64), c)
			CMPQ(c, r.n)
			JB(LabelRef(pre + "_count"))
		}
		limit := GP64() // 7/8 of the groups
		MOVQ(count, limit)
		SHRQ(U8(3), limit)
		NEGQ(limit)
		ADDQ(count, limit)
		CMPQ(nz, limit)
		JAE(LabelRef(pre + "_dense"))

		XORQ(nz, nz)
		XORQ(c, c)
		pc, tab := GP64(), GP64()
		LEAQ(nnzTable, tab)
		base, eight := XMM(), XMM()
		zeroReg(base)
		MOVQ(U32(8), pc)
		VMOVQ(pc, eight)
		VPBROADCASTW(eight, eight)
		lst := XMM()
		Label(pre + "_scan")
		VMOVDQU64(Mem{Base: in, Index: c, Scale: 1}, t)
		VPTESTMD(t, t, k)
		KMOVW(k, mask.As32()) // bit i: group i of these 16 has a non-zero input
		for half := 0; half < 2; half++ {
			MOVQ(mask, pc)
			if half == 0 {
				ANDQ(U32(0xFF), pc)
			} else {
				SHRQ(U8(8), pc)
			}
			SHLQ(U8(4), pc)
			VMOVDQU32(Mem{Base: tab, Index: pc, Scale: 1}, lst)
			VPADDW(base, lst, lst)
			VMOVDQU32(lst, Mem{Base: r.idx, Index: nz, Scale: 2})
			SHRQ(U8(4), pc)
			POPCNTL(pc.As32(), pc.As32())
			ADDQ(pc, nz)
			VPADDW(eight, base, base)
		}
		ADDQ(U8(64), c)
		CMPQ(c, r.n)
		JB(LabelRef(pre + "_scan"))
		MOVQ(nz, count)
		initAcc()
		loop(pre+"_s", true)
		JMP(LabelRef(pre + "_bsum"))

		Label(pre + "_dense")
		TESTQ(r.wr, r.wr)
		JZ(LabelRef(pre + "_bcast"))
		rowsBody(pre, r)
		JMP(LabelRef(pre + "_end"))
		Label(pre + "_bcast")
	}
	initAcc()
	loop(pre+"_d", false)
	Label(pre + "_bsum")

	for h := 0; h < 2; h++ {
		for u := 1; u < sets; u++ {
			VPADDD(acc[u][h], acc[0][h], acc[0][h])
		}
	}
	store32(r.out, acc[0][0], acc[0][1], nil)
	Label(pre + "_end")
}

// store32 writes clamp(v >> 6, 0, 127) of the 32 int32 lanes lo, hi to
// out; bias is added first unless it is nil.
func store32(out reg.Register, lo, hi reg.VecVirtual, bias reg.Register) {
	t := ZMM()
	pack32(t, lo, hi, bias)
	VMOVDQU32(t.AsY(), Mem{Base: out})
}

// rowsBody: 32 outputs from dense input with the weights in the
// row-chunk layout (asm.RowChunks): for each block of 16 outputs and each
// 64-byte input chunk, the 16 rows' 64 bytes one after another, so the
// kernel streams through them once. Each chunk of input is loaded once per
// block and multiplied against 16 rows into 16 accumulators; a tree of
// unpacks and lane shuffles then sums each accumulator's 16 lanes. This
// reads 2/3 of the bytes of the broadcast form (which also loads one
// broadcast per 4 inputs): 53 vs 80 ns for 512 inputs.
func rowsBody(pre string, r affineRegs) {
	var sums [2]reg.VecVirtual
	j, p := GP64(), GP64()
	MOVQ(r.wr, p)
	x := ZMM()
	a := make([]reg.Register, 16)
	for k := range a {
		a[k] = ZMM()
	}
	for ob := range sums {
		for _, v := range a {
			zeroReg(v)
		}
		XORQ(j, j)
		chunk := fmt.Sprintf("%s_rows%d", pre, ob)
		Label(chunk)
		VMOVDQU64(Mem{Base: r.in, Index: j, Scale: 1}, x)
		for k, v := range a {
			VPDPBUSD(Mem{Base: p, Disp: 64 * k}, x, v)
		}
		ADDQ(U32(64*len(a)), p)
		ADDQ(U8(64), j)
		CMPQ(j, r.n)
		JB(LabelRef(chunk))
		sums[ob] = ZMM()
		VMOVDQA64(hsum16(a), sums[ob]) // a[0] is cleared for the next block
	}
	store32(r.out, sums[0], sums[1], r.bias)
}

// hsum16 returns a register whose 16 int32 lanes are the lane sums of
// a[0..15], in order. It works in place in a (one temporary at a time:
// the 16 accumulators already take half of the registers).
func hsum16(a []reg.Register) reg.Register {
	t := ZMM()
	// step folds y into x: x = lo(x, y) + hi(x, y).
	step := func(x, y reg.Register, hi, lo func(ops ...Op)) {
		hi(y, x, t)
		lo(y, x, x)
		VPADDD(t, x, x)
	}
	// Pairs: per 128-bit lane, [a0(0+2) a1(0+2) a0(1+3) a1(1+3)].
	for i := 0; i < 16; i += 2 {
		step(a[i], a[i+1], VPUNPCKHDQ, VPUNPCKLDQ)
	}
	// Quads: per 128-bit lane, the partial sums of a[4q..4q+3].
	for i := 0; i < 16; i += 4 {
		step(a[i], a[i+2], VPUNPCKHQDQ, VPUNPCKLQDQ)
	}
	// Lanes: pairs of 128-bit lanes, twice.
	lanes := func(x, y reg.Register) {
		VSHUFI32X4(U8(0xDD), y, x, t) // x.L1 x.L3 y.L1 y.L3
		VSHUFI32X4(U8(0x88), y, x, x) // x.L0 x.L2 y.L0 y.L2
		VPADDD(t, x, x)
	}
	lanes(a[0], a[4])
	lanes(a[8], a[12])
	lanes(a[0], a[8])
	return a[0]
}

// forward512: the whole tail of the common layouts in one call, from the
// two int16 accumulators to the network output: ClippedReLU of both halves
// into x, the first layer (affineBody with its sparse and row-chunk paths)
// into h[0:32], the 32->32 layer into h[32:64], then the output layer's
// dot product plus its bias. One call instead of five saves the calls,
// the argument checks and a store-reload of each vector.
func forward512(nnzTable Mem) {
	text512("forward32AVX512", "func(us, them *int16, half int, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32",
		"forward32AVX512 is Tail.Forward: half a multiple of 64, x has 2*half bytes, idx 2*half/4+8 entries, h 64 bytes.")
	half := Load(Param("half"), GP64())
	x := Load(Param("x"), GP64())
	zero, a, b := ZMM(), ZMM(), ZMM()
	zeroReg(zero)
	dst, nz, cnt := GP64(), GP64(), GP64()
	MOVQ(x, dst)
	XORQ(nz, nz)
	k := K()
	// 64 outputs per store, so that the first layer's 64-byte loads of x
	// forward from the stores; the non-zero groups are counted on the way.
	for side, name := range []string{"us", "them"} {
		src, n := Load(Param(name), GP64()), GP64()
		MOVQ(half, n)
		loop := fmt.Sprintf("fwd_relu%d", side)
		Label(loop)
		VPMAXSW(Mem{Base: src}, zero, a)
		VPMOVSWB(a, a.AsY())
		VPMAXSW(Mem{Base: src, Disp: 64}, zero, b)
		VPMOVSWB(b, b.AsY())
		VINSERTI64X4(U8(1), b.AsY(), a, a)
		VMOVDQU64(a, Mem{Base: dst})
		VPTESTMD(a, a, k)
		KMOVW(k, cnt.As32())
		POPCNTL(cnt.As32(), cnt.As32())
		ADDQ(cnt, nz)
		ADDQ(U8(128), src)
		ADDQ(U8(64), dst)
		SUBQ(U8(64), n)
		JNZ(LabelRef(loop))
	}
	n := GP64()
	LEAQ(Mem{Base: half, Index: half, Scale: 1}, n)
	h := Load(Param("h"), GP64())
	affineBody("fwd_l1", affineRegs{
		out: h, in: x, n: n, nz: nz,
		wb:   Load(Param("w1b"), GP64()),
		wr:   Load(Param("w1r"), GP64()),
		bias: Load(Param("b1"), GP64()),
		idx:  Load(Param("idx"), GP64()),
	}, nnzTable)
	forwardLayers23("fwd", h, nnzTable)
}

// forwardLayers23 ends the fused forward kernels from h[0:32] (the first
// layer's output): the 32->32 layer into h[32:64], then the output layer's
// dot product plus its bias, returned.
func forwardLayers23(pre string, h reg.Register, nnzTable Mem) {
	h2 := GP64()
	LEAQ(Mem{Base: h, Disp: 32}, h2)
	n2 := GP64()
	MOVQ(U32(32), n2)
	affineBody(pre+"_l2", affineRegs{
		out: h2, in: h, n: n2,
		wb:   Load(Param("w2b"), GP64()),
		bias: Load(Param("b2"), GP64()),
	}, nnzTable)

	// The load forwards from store32's one 32-byte store.
	v := ZMM()
	VMOVDQU32(Mem{Base: h2}, v.AsY())
	outputLayer(v)
}

// outputLayer returns Σ h2[i]*w3[i] + b3 for h2 in the low 32 bytes of a
// register: one VPDPBUSD and a lane sum. It ends the kernel.
func outputLayer(h2 reg.VecVirtual) {
	w3 := Load(Param("w3"), GP64())
	sum := ZMM()
	zeroReg(sum)
	VPDPBUSD(Mem{Base: w3}, h2.AsY(), sum.AsY())
	r := laneSum8(sum, true)
	b3 := Load(Param("b3"), GP32())
	ADDL(b3, r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// forward256: forward512 for half = 256 (HalfKP 256x2-32-32), with the
// 512 clipped inputs kept in 8 registers: no store and reload of x and
// a fully unrolled row-chunk layer when the input is dense (the common
// case); sparse input is stored and goes through affineBody.
func forward256(nnzTable Mem) {
	text512("forward256AVX512", "func(us, them *int16, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32",
		"forward256AVX512 is Tail.Forward for half = 256 with row-chunk weights: x has 512 bytes, idx 136 entries, h 64 bytes.")
	c := newClipper()
	for _, name := range []string{"us", "them"} {
		src := Load(Param(name), GP64())
		var acc [8]Op
		for i := range acc {
			acc[i] = Mem{Base: src, Disp: 64 * i}
		}
		c.clip(acc)
	}
	forward256From("f256", c.in, c.nz, nnzTable)
}

// evaluate256: the accumulator update of both perspectives (as
// accUpdatePair512, for half = 256) and forward256 in one call: the
// updated accumulators are stored for later plies and clipped from the
// registers. With leaf (evaluateLeaf256AVX512) they are not stored: a
// leaf scored and forgotten needs only the output.
func evaluate256(nnzTable Mem, leaf bool) {
	if leaf {
		text512("evaluateLeaf256AVX512", "func(srcUs, srcThem, w *int16, remUs, addUs, remThem, addThem []int32, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32",
			"evaluateLeaf256AVX512 is evaluate256AVX512 without storing the updated accumulators (Tail.EvaluateLeaf).")
	} else {
		text512("evaluate256AVX512", "func(dstUs, srcUs, dstThem, srcThem, w *int16, remUs, addUs, remThem, addThem []int32, x *uint8, idx *uint16, h *uint8, w1b, w1r *int8, b1 *int32, w2b *int8, b2 *int32, w3 *int8, b3 int32) int32",
			"evaluate256AVX512 is Tail.UpdateForward for half = 256 with row-chunk weights: the two updates, then forward256AVX512.")
	}
	pre := "e256"
	if leaf {
		pre = "leaf256"
	}
	w := Load(Param("w"), GP64())
	c := newClipper()
	col, i := GP64(), GP64()
	for _, side := range []string{"Us", "Them"} {
		src := Load(Param("src"+side), GP64())
		var acc [8]reg.VecVirtual
		var ops [8]Op
		for k := range acc {
			acc[k] = ZMM()
			ops[k] = acc[k]
			VMOVDQU64(Mem{Base: src, Disp: 64 * k}, acc[k])
		}
		for _, pass := range []string{"rem", "add"} {
			list := Param(pass + side)
			base, count := Load(list.Base(), GP64()), Load(list.Len(), GP64())
			loop := pre + "_" + pass + side
			XORQ(i, i)
			Label(loop)
			CMPQ(i, count)
			JAE(LabelRef(loop + "_done"))
			MOVLQZX(Mem{Base: base, Index: i, Scale: 4}, col)
			SHLQ(U8(9), col) // 256 int16 per column
			ADDQ(w, col)
			for k, a := range acc {
				if pass == "rem" {
					VPSUBW(Mem{Base: col, Disp: 64 * k}, a, a)
				} else {
					VPADDW(Mem{Base: col, Disp: 64 * k}, a, a)
				}
			}
			INCQ(i)
			JMP(LabelRef(loop))
			Label(loop + "_done")
		}
		if !leaf {
			dst := Load(Param("dst"+side), GP64())
			for k, a := range acc {
				VMOVDQU64(a, Mem{Base: dst, Disp: 64 * k})
			}
		}
		c.clip(ops)
	}
	forward256From(pre, c.in, c.nz, nnzTable)
}

// clipper turns accumulators into the 512 clipped inputs of forward256,
// 64 at a time, counting the non-zero 4-byte groups.
type clipper struct {
	zero, b reg.VecVirtual
	k       reg.Register
	nz, cnt reg.GPVirtual
	in      [8]reg.VecVirtual
	n       int
}

func newClipper() *clipper {
	c := &clipper{zero: ZMM(), b: ZMM(), k: K(), nz: GP64(), cnt: GP64()}
	zeroReg(c.zero)
	XORQ(c.nz, c.nz)
	return c
}

// clip appends the clipped bytes of one perspective's 256 int16 values
// (8 registers or memory operands) as 4 registers.
func (c *clipper) clip(acc [8]Op) {
	for q := 0; q < 4; q++ {
		a := ZMM()
		c.in[c.n] = a
		c.n++
		VPMAXSW(acc[2*q], c.zero, a)
		VPMOVSWB(a, a.AsY())
		VPMAXSW(acc[2*q+1], c.zero, c.b)
		VPMOVSWB(c.b, c.b.AsY())
		VINSERTI64X4(U8(1), c.b.AsY(), a, a)
		VPTESTMD(a, a, c.k)
		KMOVW(c.k, c.cnt.As32())
		POPCNTL(c.cnt.As32(), c.cnt.As32())
		ADDQ(c.cnt, c.nz)
	}
}

// forward256From is the rest of forward256 once the inputs are in
// registers and their non-zero groups counted.
func forward256From(pre string, in [8]reg.VecVirtual, nz reg.GPVirtual, nnzTable Mem) {
	h := Load(Param("h"), GP64())
	b1 := Load(Param("b1"), GP64())
	h1 := ZMM() // the first layer's output, from either path
	CMPQ(nz, U8(128-128/8))
	JAE(LabelRef(pre + "_dense"))

	x := Load(Param("x"), GP64())
	for i, v := range in {
		VMOVDQU64(v, Mem{Base: x, Disp: 64 * i})
	}
	n := GP64()
	MOVQ(U32(512), n)
	affineBody(pre+"_l1", affineRegs{
		out: h, in: x, n: n, nz: nz, bias: b1,
		wb:  Load(Param("w1b"), GP64()),
		wr:  Load(Param("w1r"), GP64()),
		idx: Load(Param("idx"), GP64()),
	}, nnzTable)
	VMOVDQU32(Mem{Base: h}, h1.AsY())
	JMP(LabelRef(pre + "_layers23"))

	Label(pre + "_dense")
	p := Load(Param("w1r"), GP64())
	var sums [2]reg.VecVirtual
	a := make([]reg.Register, 16)
	for k := range a {
		a[k] = ZMM()
	}
	for ob := range sums {
		for _, acc := range a {
			zeroReg(acc)
		}
		for j, v := range in {
			for k, acc := range a {
				VPDPBUSD(Mem{Base: p, Disp: 1024*(8*ob+j) + 64*k}, v, acc)
			}
		}
		sums[ob] = ZMM()
		VMOVDQA64(hsum16(a), sums[ob]) // a[0] is cleared for the next block
	}
	pack32(h1, sums[0], sums[1], b1)
	Label(pre + "_layers23")
	layers23Reg(h1)
}

// pack32 writes to the low 256 bits of dst the 32 bytes clamp((v + bias)
// >> 6, 0, 127) of the int32 lanes lo, hi (store32 without the store);
// bias may be nil.
func pack32(dst, lo, hi reg.VecVirtual, bias reg.Register) {
	zero, t := ZMM(), ZMM()
	zeroReg(zero)
	for h, v := range []reg.VecVirtual{lo, hi} {
		if bias != nil {
			VPADDD(Mem{Base: bias, Disp: 64 * h}, v, v)
		}
		VPSRAD(U8(6), v, v)
		VPMAXSD(zero, v, v)
	}
	VPMOVSDB(lo, dst.AsX())
	VPMOVSDB(hi, t.AsX())
	VINSERTI32X4(U8(1), t.AsX(), dst.AsY(), dst.AsY())
}

// layers23Reg is forwardLayers23 from h1 in a register (the low 32 bytes):
// each group of 4 inputs is broadcast by a lane permutation instead of a
// load, and h2 stays in a register too. Going through memory made this
// tail a chain of store-to-load waits that cost 20 ns of the incremental
// step.
func layers23Reg(h1 reg.VecVirtual) {
	w2b := Load(Param("w2b"), GP64())
	b2 := Load(Param("b2"), GP64())
	const sets = 4
	var acc [sets][2]reg.VecVirtual
	for u := range acc {
		for k := range acc[u] {
			acc[u][k] = ZMM()
			if u == 0 {
				VMOVDQU32(Mem{Base: b2, Disp: 64 * k}, acc[u][k])
			} else {
				zeroReg(acc[u][k])
			}
		}
	}
	for g := 0; g < 8; g++ {
		x := ZMM()
		VMOVDQU32(bcastIndex.Offset(64*g), x)
		VPERMD(h1, x, x)
		a := acc[g%sets]
		VPDPBUSD(Mem{Base: w2b, Disp: 128 * g}, x, a[0])
		VPDPBUSD(Mem{Base: w2b, Disp: 128*g + 64}, x, a[1])
	}
	for k := 0; k < 2; k++ {
		for step := 1; step < sets; step *= 2 {
			for u := 0; u < sets; u += 2 * step {
				VPADDD(acc[u+step][k], acc[u][k], acc[u][k])
			}
		}
	}
	h2 := ZMM()
	pack32(h2, acc[0][0], acc[0][1], nil)
	outputLayer(h2)
}
