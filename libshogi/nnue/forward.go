package nnue

import (
	"fmt"
	"math"

	"github.com/libshogi/libshogi/asm"
)

// maxTransformed bounds the scratch buffers of the forward pass.
const maxTransformed = 2 * 4096

// scratch holds the intermediate vectors of one forward pass.
type scratch struct {
	x  [maxTransformed]uint8
	h1 [1024]uint8
	h2 [1024]uint8
	// idx is the kernel's list of non-zero input groups of the first layer.
	idx  [maxTransformed/4 + 8]uint16
	pad  [1056]uint8 // a hidden layer's output padded to a multiple of 32
	tail asm.TailScratch
}

// Propagate runs the network from two accumulators (us = side to move's
// perspective, them = the other) and returns the raw output (before
// FV_SCALE). Each accumulator has HalfDims values. SFNN nets use
// LayerStack 0: see PropagateBucket.
// It is safe for concurrent use.
func (n *Net) Propagate(us, them []int16) int32 { return n.PropagateBucket(us, them, 0) }

// PropagateBucket is Propagate with the LayerStack of SFNN nets (SFNNBucket;
// ignored by classic nets).
func (n *Net) PropagateBucket(us, them []int16, bucket int) int32 {
	s := refreshPool.Get().(*refreshScratch)
	defer refreshPool.Put(s)
	return n.propagate(&s.scratch, us, them, min(max(bucket, 0), n.Arch.NumStacks()-1))
}

func (n *Net) propagate(s *scratch, us, them []int16, bucket int) int32 {
	if n.Arch.Kind == SFNN {
		return n.propagateSFNN(s, us, them, bucket)
	}
	h := n.Arch.HalfDims
	if n.tailFits {
		return n.tail.Forward(us[:h], them[:h], &s.tail)
	}
	l1, l2, lo := &n.Layers[0], &n.Layers[1], &n.Layers[2]
	h1 := s.h1[:l1.Out]
	if !asm.AffineClipped(h1, us[:h], them[:h], l1.blocked, l1.Bias) { // 8 outputs: fused
		x := s.x[:2*h]
		asm.ClippedReLU(x[:h], us[:h])
		asm.ClippedReLU(x[h:], them[:h])
		// 2*HalfDims is a multiple of 32: the first layer needs no padding.
		l1.forward(h1, x, s, true)
	}
	var in []uint8 = h1
	if l2.PaddedIn() != l2.In {
		in = padded(s.pad[:], h1, l2.PaddedIn())
	}
	h2 := s.h2[:l2.Out]
	l2.forward(h2, in, s, false)
	in = h2
	if lo.PaddedIn() != lo.In {
		in = padded(s.pad[:], h2, lo.PaddedIn())
	}
	return lo.Bias[0] + asm.Dot(in, lo.Weight)
}

// forward runs an affine layer with clipped output: wider than 32 outputs
// in chunks of 32 (each with its own blocked weights, which the 32-output
// kernels take), else in one kernel call; sparse selects the kernel that
// skips zero input groups.
func (l *Layer) forward(out, in []uint8, s *scratch, sparse bool) {
	if l.chunks != nil {
		for c, wb := range l.chunks {
			asm.Affine(out[32*c:32*c+32], in, wb, l.Bias[32*c:], l.group)
		}
		return
	}
	if sparse {
		asm.AffineSparseBuf(out, in, l.blocked, l.rows, l.Bias, l.group, s.idx[:])
	} else {
		asm.Affine(out, in, l.blocked, l.Bias, l.group)
	}
}

// padded copies src into dst (with room for n) followed by zeros up to n.
func padded(dst, src []uint8, n int) []uint8 {
	dst = dst[:n]
	k := copy(dst, src)
	clear(dst[k:])
	return dst
}

// ScaleOutput converts a raw network output into the evaluation: divided by
// fvScale truncating toward zero, clamped to ±ValueMaxEval.
// An fvScale below 1 counts as 1.
func ScaleOutput(out int32, fvScale int) int {
	v := int(out / int32(min(max(fvScale, 1), math.MaxInt32))) // 32-bit division: cheaper than 64-bit
	return min(max(v, -ValueMaxEval), ValueMaxEval)
}

// CheckFVScale reports whether fvScale is in the engines' range 1..128.
func CheckFVScale(fvScale int) error {
	if fvScale < MinFVScale || fvScale > MaxFVScale {
		return fmt.Errorf("nnue: FV_SCALE %d out of range %d..%d", fvScale, MinFVScale, MaxFVScale)
	}
	return nil
}
