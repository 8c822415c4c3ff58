package dataset

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The dlshogi planes as bits: every form the package writes (float32,
// bytes, packed bits) is expanded from them, so the planes are computed
// once, with bitboards, and each output is written in one sweep (zeros and
// ones together) instead of cleared and then set square by square.

// Sizes of the packed features, in bits and in 64-bit words.
const (
	Features1Bits  = Features1Num * 81           // 5022
	Features1Bytes = (Features1Bits + 7) / 8     // 628
	features1Words = (Features1Bits + 63) / 64   // 79
	features2Words = (Features2Num*81 + 63) / 64 // 73
	// Features2Bytes is the packed size of features2: one bit a plane.
	Features2Bytes = (Features2Num + 7) / 8 // 8
)

// planeBits holds the planes of one position: bit p*81+s of f1 (bit k of
// word k/64, least significant first) is square s of features1 plane p,
// and bit p of f2 is features2 plane p. f1 has a spare word so that the
// kernels may read a word past the last plane.
type planeBits struct {
	f1 [features1Words + 1]uint64
	f2 uint64
}

// compute fills pb from d and returns whether the side to move is in check.
// The board is turned to the side to move's view first (rotated and the
// colours swapped when White is to move), so that "us" is Black and every
// bitboard is already in output order.
func (pb *planeBits) compute(d *record.Diagram) bool {
	// Square s is seen at o + g*s, its piece with the colour bit toggled
	// by flip (no branch on the side per square).
	var flip board.Piece
	o, g := 0, 1
	if d.Side == board.White {
		flip, o, g = board.NewPiece(board.White, board.NoPieceType), 80, -1
	}
	var pcs [board.NumSquares]board.Piece
	var sqs [board.NumSquares]board.Square
	n := 0
	var occ board.Bitboard
	var buf [88]byte // the board and 7 empty squares, a whole number of words
	copy(buf[:], (*[board.NumSquares]byte)(unsafe.Pointer(&d.Squares))[:])
	for base := 0; base < len(buf); base += 8 {
		w := binary.LittleEndian.Uint64(buf[base:])
		for m := occupiedBytes(w); m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			s := board.Square(o + g*(base+j/8))
			pcs[n], sqs[n] = board.Piece(w>>(j&^7))^flip, s
			n++
			occ = occ.Or(board.SquareBB(s))
		}
	}

	// planes in features1 order; each attack set promotes the squares it
	// shares with the lower count planes.
	var planes [Features1Num]board.Bitboard
	king := board.NoSquare
	for i := 0; i < n; i++ {
		pc, s := pcs[i], sqs[i]
		side := int(pc.Color()) * Features1PerSide
		t := int(pc.Type()) - 1
		if t == int(board.King)-1 && side == 0 {
			king = s
		}
		planes[side+t] = planes[side+t].Or(board.SquareBB(s))
		a := board.Attacks(pc, s, occ)
		at := &planes[side+PieceTypeNum+t]
		*at = at.Or(a)
		c := planes[side+2*PieceTypeNum : side+Features1PerSide]
		c[2] = c[2].Or(c[1].And(a))
		c[1] = c[1].Or(c[0].And(a))
		c[0] = c[0].Or(a)
	}
	packPlanes(&pb.f1, &planes)
	pb.f1[features1Words] = 0

	check := king != board.NoSquare && planes[Features1PerSide+2*PieceTypeNum].Has(king)
	f2 := uint64(0)
	for rel := 0; rel < 2; rel++ {
		h := d.Hands[d.Side^board.Color(rel)]
		base := rel * HandPlanesPerSide
		for _, hp := range handPlanes {
			k := min(h.Count(hp.pt), hp.max)
			f2 |= (1<<k - 1) << base
			base += hp.max
		}
	}
	if check {
		f2 |= 1 << (2 * HandPlanesPerSide)
	}
	pb.f2 = f2
	return check
}

// packPlanes writes the 81 squares of each plane back to back. Shift
// counts are masked to 0..63 (no out-of-range handling in the generated
// code); x>>(64-k) is written (x>>1)>>(63-k), which is 0 for k = 0.
func packPlanes(dst *[features1Words + 1]uint64, planes *[Features1Num]board.Bitboard) {
	var acc uint64 // bits not yet stored, the low nb of them valid
	nb := uint(0)
	w := 0
	for _, p := range planes {
		lo, hi := p.Words()
		v := lo | hi<<63 // squares 0..63
		rest := hi >> 1  // squares 64..80 (17 bits)
		dst[w] = acc | v<<(nb&63)
		w++
		acc = (v>>1)>>(63-nb&63) | rest<<(nb&63)
		if nb >= 64-17 { // acc overflowed: store it, keep rest's high bits
			dst[w] = acc
			w++
			acc = (rest >> 1) >> (63 - nb&63)
		}
		nb = (nb + 17) & 63
	}
	if nb > 0 {
		dst[w] = acc
	}
}

// packF2 spreads features2 to 81-bit runs, plane p as 81 copies of bit p
// of f2, back to back (the layout of the float32 planes, for the expanders).
func packF2(dst *[features2Words + 1]uint64, f2 uint64) {
	var acc uint64
	nb := uint(0)
	w := 0
	for p := 0; p < Features2Num; p++ {
		v := -(f2 >> p & 1) // all ones or zero
		rest := v & (1<<17 - 1)
		dst[w] = acc | v<<nb
		w++
		acc = v >> (64 - nb)
		acc |= rest << nb
		nb += 17
		if nb >= 64 {
			dst[w] = acc
			w++
			nb -= 64
			acc = rest >> (17 - nb)
		}
	}
	if nb > 0 {
		dst[w] = acc
	}
	for w++; w < len(dst); w++ {
		dst[w] = 0
	}
}
