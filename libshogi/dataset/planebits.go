package dataset

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The dlshogi planes as bits: every form the package writes (float32,
// bytes, packed bits) is expanded from them, so the planes are computed
// once, with bitboards, and each output is written in one sweep (zeros and
// ones together) instead of cleared and then set square by square.

// Sizes of the packed planes (InputFeaturesBits): 16 bytes a features1
// plane (81 bits and 47 zero bits: a plane unpacks by a reshape), one bit a
// features2 plane.
const (
	Features1Bytes = Features1Num * 16      // 992
	Features2Bytes = (Features2Num + 7) / 8 // 8
)

// planeBits holds the planes of one position: features1 plane p is the
// bitboard f1[p]; features2 plane p is bit p of f2.
type planeBits struct {
	f1 [Features1Num]board.Bitboard
	f2 uint64
}

// words is f1 as the word pairs of asm.ExpandPlanes81, which are a
// Bitboard's two words in its memory layout (TestPlaneWords).
func (pb *planeBits) words() [][2]uint64 {
	return (*[Features1Num][2]uint64)(unsafe.Pointer(&pb.f1))[:]
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
	// One pass over the occupied squares, eight squares a word: a bitboard
	// per piece code, and the occupancy.
	var byCode [board.NumPieces]board.Bitboard
	var occ board.Bitboard
	sq := (*[board.NumSquares]byte)(unsafe.Pointer(&d.Squares))
	for base := 0; base < board.NumSquares; base += 8 {
		// Read in place, 8 squares a load (square 80 alone): a copy to
		// a padded buffer cost a store-forwarding stall per word.
		w := uint64(sq[80])
		if base < 80 {
			w = binary.LittleEndian.Uint64(sq[base : base+8])
		}
		for m := occupiedBytes(w); m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			sb := board.SquareBB(board.Square(o + g*(base+j/8)))
			pc := (board.Piece(w>>(j&^7)) ^ flip) & (board.NumPieces - 1)
			byCode[pc] = byCode[pc].Or(sb)
			occ = occ.Or(sb)
		}
	}
	// Then type by type: the piece plane is that bitboard, the attack
	// plane the union of its pieces' attacks, and each attack set promotes
	// the squares it shares with the lower count planes (all in registers
	// through a side; stepping and sliding types in their own loops).
	// Every plane is assigned below (14 types, their attacks and the three
	// counts a side): no clearing first.
	for side := board.Black; side <= board.White; side++ {
		pl := (*[Features1PerSide]board.Bitboard)(pb.f1[int(side)*Features1PerSide:])
		var c0, c1, c2 board.Bitboard
		for _, pt := range &steppingTypes {
			bb := byCode[board.NewPiece(side, pt)]
			t := int(pt-1) % PieceTypeNum
			pl[t] = bb
			var union board.Bitboard
			for bb.NonZero() {
				a := board.StepAttacks(side, pt, bb.Pop())
				union = union.Or(a)
				c2 = c2.Or(c1.And(a))
				c1 = c1.Or(c0.And(a))
				c0 = c0.Or(a)
			}
			pl[PieceTypeNum+t] = union
		}
		for _, pt := range &slidingTypes {
			pc := board.NewPiece(side, pt)
			bb := byCode[pc]
			t := int(pt-1) % PieceTypeNum
			pl[t] = bb
			var union board.Bitboard
			for bb.NonZero() {
				a := board.Attacks(pc, bb.Pop(), occ)
				union = union.Or(a)
				c2 = c2.Or(c1.And(a))
				c1 = c1.Or(c0.And(a))
				c0 = c0.Or(a)
			}
			pl[PieceTypeNum+t] = union
		}
		pl[2*PieceTypeNum], pl[2*PieceTypeNum+1], pl[2*PieceTypeNum+2] = c0, c1, c2
	}
	planes := &pb.f1
	king := board.NoSquare
	if kb := planes[int(board.King)-1]; kb.NonZero() {
		king = kb.First()
	}
	check := king != board.NoSquare && planes[Features1PerSide+2*PieceTypeNum].Has(king)
	f2 := handPlaneBits(d.Hands[d.Side]) | handPlaneBits(d.Hands[d.Side^1])<<HandPlanesPerSide
	if check {
		f2 |= 1 << (2 * HandPlanesPerSide)
	}
	pb.f2 = f2
	return check
}

// putU8 writes the planes as bytes, features2 one a plane (InputFeaturesU8).
func (pb *planeBits) putU8(f1, f2 []uint8) {
	asm.ExpandPlanes81U8(f1[:Features1Num*81], pb.words())
	f2 = f2[:Features2Num]
	for p := range f2 {
		f2[p] = uint8(pb.f2 >> p & 1)
	}
}

// putBits writes the planes as little-endian bytes (InputFeaturesBits).
func (pb *planeBits) putBits(f1, f2 []uint8) {
	f1 = f1[:Features1Bytes]
	for p, bb := range &pb.f1 {
		lo, hi := bb.Words()
		binary.LittleEndian.PutUint64(f1[16*p:], lo|hi<<63) // squares 0..63
		binary.LittleEndian.PutUint64(f1[16*p+8:], hi>>1)   // 64..80
	}
	binary.LittleEndian.PutUint64(f2[:Features2Bytes], pb.f2)
}

// handPlaneBits is the 28 hand planes of one side as bits: k pieces of a
// type set the first min(k, max) planes of its block, in the order and
// sizes the features2 comment in dlshogi.go gives (P 8, L 4, N 4, S 4, G 4,
// B 2, R 2).
func handPlaneBits(h board.Hand) uint64 {
	run := func(pt board.PieceType, max int) uint64 { return 1<<min(h.Count(pt), max) - 1 }
	return run(board.Pawn, 8) | run(board.Lance, 4)<<8 | run(board.Knight, 4)<<12 | run(board.Silver, 4)<<16 |
		run(board.Gold, 4)<<20 | run(board.Bishop, 2)<<24 | run(board.Rook, 2)<<26
}

// Piece types by kind, in any order (each fills its own planes).
var (
	steppingTypes = [...]board.PieceType{board.Pawn, board.Knight, board.Silver, board.Gold, board.King,
		board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver}
	slidingTypes = [...]board.PieceType{board.Lance, board.Bishop, board.Rook, board.Horse, board.Dragon}
)
