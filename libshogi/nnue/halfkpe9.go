package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// HalfKPE9 is HalfKPE9(Friend) (halfkpe9_256x2-32-32): HalfKP times the
// attack counts on each board piece's square, 9 planes of 125388:
// index = K_p*1548 + BonaPiece + 125388*(e_own*3 + e_opp), e_own / e_opp
// the number (capped at 2) of the perspective's / the other side's pieces
// attacking the square on the real board. Hand pieces and empty slots use
// plane 0. Its hashes equal HalfKP's: only the description or the file
// size tell the two apart.
var HalfKPE9 = registerFeatureSet(FeatureSet{Kind: KindHalfKPE9, Short: "halfkpe9", Name: "HalfKPE9(Friend)",
	Dims: 9 * NumSquares * FEEnd, Hash: 0x5D69D5B9 ^ 1, MaxActive: MaxPieces})

// e9Plane is the stride of one attack-count plane.
const e9Plane = NumSquares * FEEnd

func appendActiveE9(dst []int32, pos *board.Position, p board.Color) ([]int32, bool) {
	ksq := pos.KingSquare(p)
	if !validSquare(ksq) {
		return dst, false
	}
	base := int32(KingIndex(p, ksq) * FEEnd)
	occ := pos.Occupied()
	n := 0
	for b := occ; b.NonZero(); {
		sq := b.Pop()
		pc := pos.PieceOn(sq)
		if pc.Type() == board.King {
			continue
		}
		own := min(pos.AttackersTo(p, sq, occ).Count(), 2)
		opp := min(pos.AttackersTo(p^1, sq, occ).Count(), 2)
		dst = append(dst, base+int32(BoardBona(p, pc, sq))+int32(e9Plane*(own*3+opp)))
		n++
	}
	for c := board.Black; c <= board.White; c++ {
		h := pos.Hand(c)
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			cnt := h.Count(pt)
			for i := 0; i < cnt; i++ {
				dst = append(dst, base+int32(HandBona(p, c, pt, i)))
			}
			n += cnt
		}
	}
	for ; n < MaxPieces; n++ {
		dst = append(dst, base+BonaZero)
	}
	return dst, true
}
