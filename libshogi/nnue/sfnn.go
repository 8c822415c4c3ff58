package nnue

import (
	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// SFNNBucket is the k3k3 LayerStack of a position: the ranks (0 = rank a)
// of the side to move's king and of the other king, each seen from the
// side to move, in thirds: (f_rank/3)*3 + e_rank/3.
func SFNNBucket(stm board.Color, kings [2]board.Square) int {
	f, e := int(kings[stm])%9, int(kings[stm^1])%9
	if stm == board.Black {
		e = 8 - e
	} else {
		f = 8 - f
	}
	return (f/3)*3 + e/3
}

// bucketOf is the LayerStack pos uses (0 for classic nets). Kings must be
// on the board.
func (n *Net) bucketOf(pos *board.Position) int {
	if n.Arch.Kind != SFNN {
		return 0
	}
	return SFNNBucket(pos.SideToMove(), [2]board.Square{pos.KingSquare(board.Black), pos.KingSquare(board.White)})
}

// propagateSFNN is the SFNN forward pass from the two accumulators with
// LayerStack bucket.
func (n *Net) propagateSFNN(s *scratch, us, them []int16, bucket int) int32 {
	half := n.Arch.HalfDims / 2
	y := s.x[:2*half]
	asm.Pairwise(y[:half], us)
	asm.Pairwise(y[half:], them)
	per := len(n.Layers) / n.Arch.NumStacks()
	l0, l1, l2 := &n.Layers[per*bucket], &n.Layers[per*bucket+1], &n.Layers[per*bucket+2]
	var o [64]int32
	asm.AffineRaw(o[:l0.Out], y, l0.blocked, l0.Weight, l0.Bias) // In = HalfDims: no padding
	h1 := n.Arch.Hidden[0]
	z := s.pad[:l1.PaddedIn()]
	clear(z)
	for i := 0; i < h1; i++ {
		sq := int64(o[i]) * int64(o[i]) >> 19
		z[i] = uint8(min(sq, 127))
		z[h1+i] = uint8(min(max(o[i]>>WeightScaleBits, 0), 127))
	}
	a := s.h1[:l1.Out]
	asm.Affine(a, z, l1.blocked, l1.Bias, l1.group)
	in := a
	if l2.PaddedIn() != l2.In {
		in = padded(s.h2[:], a, l2.PaddedIn())
	}
	out := l2.Bias[0] + asm.Dot(in, l2.Weight)
	if n.Arch.Shortcut() {
		out += o[h1]
	}
	return out
}
