package dataset

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// dlshogi input features and move labels, in the layout of cshogi's
// dlshogi.make_input_features and make_move_label (docs/specs/dlshogi-features.md).
//
// Features1 (per position, float32, Features1Num planes of 81 squares,
// square index (file-1)*9 + (rank-1)): for the side to move ("us", planes
// 0-30) then the other side ("them", planes 31-61):
//
//	 0-13  pieces of that side by type P L N S B R G K +P +L +N +S +B +R
//	14-27  squares attacked by that side's pieces of each type
//	28-30  squares attacked by at least 1, 2, 3 pieces of that side
//
// Features2 (Features2Num planes, each all ones or all zeros): the hand of
// us (planes 0-27) then them (28-55) as one plane per piece held, up to
// 8 P, 4 L, 4 N, 4 S, 4 G, 2 B, 2 R in that order; plane 56: in check.
//
// When White is to move the board is rotated 180 degrees (square s becomes
// 80-s) so that the side to move always plays up the board.
const (
	PieceTypeNum      = 14
	MaxAttackNum      = 3
	Features1PerSide  = 2*PieceTypeNum + MaxAttackNum // 31
	Features1Num      = 2 * Features1PerSide          // 62
	HandPlanesPerSide = 28
	Features2Num      = 2*HandPlanesPerSide + 1 // 57
	// MoveDirections is the number of board-move directions (10, then the
	// same 10 promoting); drops follow, one label block per piece type.
	MoveDirections = 20
	MoveLabelNum   = (MoveDirections + 7) * 81 // 2187
)

// InputFeatures writes the planes of d into f1 (Features1Num*81 values)
// and f2 (Features2Num*81 values) and returns whether the side to move is
// in check. Both are overwritten entirely, each in one sweep from the
// planes computed as bits (see planebits.go).
func InputFeatures(d *record.Diagram, f1, f2 []float32) bool {
	var pb planeBits
	check := pb.compute(d)
	pb.putFloats(f1, f2, false, nil)
	return check
}

// InputFeaturesU8 is InputFeatures in a compact form, a quarter of the
// bytes of f1 and 1/324 of those of f2: f1 as Features1Num*81 bytes (0 or
// 1) and f2 as Features2Num bytes, one per plane (a features2 plane is all
// ones or all zeros). A trainer widens them on the GPU (to float32, and f2
// broadcast to 9x9); the values are those of InputFeatures.
func InputFeaturesU8(d *record.Diagram, f1, f2 []uint8) bool {
	var pb planeBits
	check := pb.compute(d)
	pb.putU8(f1, f2)
	return check
}

// InputFeaturesBits is InputFeatures packed one bit a value, 1/39 of the
// float32 bytes: f1 holds Features1Bytes (992) bytes, 16 a plane, where
// square s of features1 plane p is bit s%8 (least significant first) of
// byte 16p + s/8 (bits 81-127 of a plane are 0); f2 holds Features2Bytes
// (8) bytes, bit p%8 of byte p/8 being features2 plane p, all ones or all
// zeros in the float form (bits 57-63 are 0). A trainer unpacks them on
// the GPU: numpy unpackbits(bitorder="little"), then reshape to
// (62, 128), keep [:, :81] and reshape to (62, 9, 9).
func InputFeaturesBits(d *record.Diagram, f1, f2 []uint8) bool {
	var pb planeBits
	check := pb.compute(d)
	pb.putBits(f1, f2)
	return check
}

// Move directions, seen from the side to move after the rotation ("up" is
// toward rank 1; "left" toward file 9, the mover's left as Black).
const (
	dirUp = iota
	dirUpLeft
	dirUpRight
	dirLeft
	dirRight
	dirDown
	dirDownLeft
	dirDownRight
	dirUp2Left  // knight jump to the left
	dirUp2Right // knight jump to the right
)

// MoveLabel returns the dlshogi label (0..MoveLabelNum-1) of a move
// (YaneuraOu move16) played by side, or -1 for no move: direction*81 + the
// destination (both after rotating the board for White), where a
// promotion adds 10 to the direction and a drop of piece type t
// (P L N S B R G = 1..7) has direction 20 + t - 1.
func MoveLabel(m16 uint16, side board.Color) int32 {
	m := board.Move(m16)
	if m16 == 0 || m.IsSpecial() {
		return -1
	}
	to := int(m.To())
	if side == board.White {
		to = 80 - to
	}
	if m.IsDrop() {
		return int32((MoveDirections+int(m.DropType())-1)*81 + to)
	}
	from := int(m.From())
	if side == board.White {
		from = 80 - from
	}
	df := to/9 - from/9 // + toward file 9 (left)
	dr := to%9 - from%9 // + toward rank 9 (down)
	var dir int
	switch {
	case dr == -2 && df == 1:
		dir = dirUp2Left
	case dr == -2 && df == -1:
		dir = dirUp2Right
	case dr < 0 && df == 0:
		dir = dirUp
	case dr < 0 && df > 0:
		dir = dirUpLeft
	case dr < 0:
		dir = dirUpRight
	case dr == 0 && df > 0:
		dir = dirLeft
	case dr == 0:
		dir = dirRight
	case df == 0:
		dir = dirDown
	case df > 0:
		dir = dirDownLeft
	default:
		dir = dirDownRight
	}
	if m.IsPromotion() {
		dir += 10
	}
	return int32(dir*81 + to)
}
