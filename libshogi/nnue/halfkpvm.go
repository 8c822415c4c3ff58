package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// HalfKPvm is HalfKP_vm(Friend) (halfkpvm_256x2-32-32): HalfKP with a
// left-right mirror keyed on the perspective's own king file. When the king
// stands on files 6..9 (K_p >= 45) the king square and every board
// BonaPiece are mirrored, so K_p takes 45 values.
var HalfKPvm = registerFeatureSet(FeatureSet{Kind: KindHalfKPvm, Short: "halfkpvm", Name: "HalfKP_vm(Friend)",
	Dims: 5 * 9 * FEEnd, Hash: 0x0B6B1D9B ^ 1, MaxActive: MaxPieces, Stride: FEEnd})

// mirrorSquare maps file f to 10-f on the same rank.
func mirrorSquare(s int) int { return (8-s/9)*9 + s%9 }

// mirrorBona mirrors a board BonaPiece (>= 90, king planes included);
// hand BonaPieces are returned as they are.
func mirrorBona(b uint16) uint16 {
	if b < FEHandEnd {
		return b
	}
	t, s := (b-FEHandEnd)/NumSquares, int(b-FEHandEnd)%NumSquares
	return FEHandEnd + t*NumSquares + uint16(mirrorSquare(s))
}

// mirroredKing returns K_p folded onto files 1..5 and whether it was mirrored.
func mirroredKing(p board.Color, ksq board.Square) (int, bool) {
	kp := KingIndex(p, ksq)
	if kp >= 45 {
		return mirrorSquare(kp), true
	}
	return kp, false
}

func halfKPvmKing(p board.Color, ksq board.Square) kingCtx {
	kp, m := mirroredKing(p, ksq)
	return kingCtx{base: int32(kp * FEEnd), mirror: m}
}

func halfKPvmIndex(k kingCtx, b uint16) int32 {
	if k.mirror {
		b = mirrorBona(b)
	}
	return k.base + int32(b)
}
