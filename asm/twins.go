package asm

// The pure-Go twins: the reference the assembly is tested against, and the
// code used without AVX2 or with the noasm tag.

// AccUpdateGo is the twin of AccUpdate (no argument checks beyond Go's).
func AccUpdateGo(dst, src, w []int16, removed, added []int32) {
	accUpdateGo(dst, src, w, removed, added)
}

func accUpdateGo(dst, src, w []int16, removed, added []int32) {
	n := len(dst)
	src = src[:n]
	if &dst[0] != &src[0] {
		copy(dst, src)
	}
	for _, f := range removed {
		col := w[int(f)*n : int(f)*n+n]
		for j := range dst {
			dst[j] -= col[j]
		}
	}
	for _, f := range added {
		col := w[int(f)*n : int(f)*n+n]
		for j := range dst {
			dst[j] += col[j]
		}
	}
}

// ClippedReLUGo is the twin of ClippedReLU.
func ClippedReLUGo(out []uint8, in []int16) {
	out = out[:len(in)]
	for i, v := range in {
		out[i] = uint8(min(max(v, 0), 127))
	}
}

// AffineGo is the twin of Affine and AffineSparse.
func AffineGo(out []uint8, in []uint8, wb []int8, bias []int32) {
	nOut := len(out)
	var sums [128]int32
	var s []int32
	if nOut <= len(sums) {
		s = sums[:nOut]
	} else {
		s = make([]int32, nOut)
	}
	copy(s, bias[:nOut])
	for g := 0; g < len(in)/4; g++ {
		x0, x1, x2, x3 := int32(in[4*g]), int32(in[4*g+1]), int32(in[4*g+2]), int32(in[4*g+3])
		if x0|x1|x2|x3 == 0 {
			continue
		}
		blk := wb[g*nOut*4 : (g+1)*nOut*4]
		for o := range s {
			w := blk[4*o : 4*o+4]
			s[o] += x0*int32(w[0]) + x1*int32(w[1]) + x2*int32(w[2]) + x3*int32(w[3])
		}
	}
	for o, v := range s {
		out[o] = uint8(min(max(v>>6, 0), 127))
	}
}

// DotGo is the twin of Dot.
func DotGo(in []uint8, w []int8) int32 {
	w = w[:len(in)]
	var s int32
	for i, x := range in {
		s += int32(x) * int32(w[i])
	}
	return s
}

// PairwiseGo is the twin of Pairwise.
func PairwiseGo(out []uint8, acc []int16) {
	n := len(out)
	a, b := acc[:n:n], acc[n:2*n:2*n]
	for j := range out {
		u := int32(min(max(a[j], 0), 254))
		v := int32(min(b[j], 254))
		out[j] = uint8(min(max((u*v*128)>>16, 0), 255))
	}
}

// AffineRawGo is the twin of AffineRaw (row-major weights).
func AffineRawGo(out []int32, in []uint8, w []int8, bias []int32) {
	n := len(in)
	for o := range out {
		out[o] = bias[o] + DotGo(in, w[o*n:(o+1)*n])
	}
}
