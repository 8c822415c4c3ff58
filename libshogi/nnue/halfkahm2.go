package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// HalfKAhm2 is HalfKA_hm2(Friend) (halfkahm2_1024x2-8-96 and sfnn1536):
// all 40 pieces, kings included, keyed on the own king folded onto files
// 1..5 (mirrored like HalfKP_vm, kings too), with the other king's plane
// merged into the own king's (p >= 1629 becomes p - 81).
var HalfKAhm2 = registerFeatureSet(FeatureSet{Kind: KindHalfKAhm2, Short: "halfkahm2", Name: "HalfKA_hm2(Friend)",
	Dims: 5 * 9 * EKingOther, Hash: 0x7F234CB9 ^ 1, MaxActive: MaxPieces + 2, Kings: true, Stride: EKingOther})

func halfKAhm2King(p board.Color, ksq board.Square) kingCtx {
	kp, m := mirroredKing(p, ksq)
	return kingCtx{base: int32(kp * EKingOther), mirror: m}
}

func halfKAhm2Index(k kingCtx, b uint16) int32 {
	if k.mirror {
		b = mirrorBona(b)
	}
	if b >= EKingOther {
		b -= NumSquares
	}
	return k.base + int32(b)
}
