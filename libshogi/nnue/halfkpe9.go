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
	var both [2][]int32
	both[p] = dst
	ok := appendActiveE9Both(&both, pos, 1<<p)
	return both[p], ok
}

// appendActiveE9Both appends the HalfKPE9 features of the perspectives in
// mask (bit 0 Black, bit 1 White) to dst[p], counting the attackers of
// each square once for both. It reports false when a needed king is
// missing.
func appendActiveE9Both(dst *[2][]int32, pos *board.Position, mask int) bool {
	var base [2]int32
	for p := board.Black; p <= board.White; p++ {
		if mask>>p&1 == 0 {
			continue
		}
		ksq := pos.KingSquare(p)
		if !validSquare(ksq) {
			return false
		}
		base[p] = int32(KingIndex(p, ksq) * FEEnd)
	}
	occ := pos.Occupied()
	n := 0
	for b := occ; b.NonZero(); {
		sq := b.Pop()
		pc := pos.PieceOn(sq)
		if pc.Type() == board.King {
			continue
		}
		att := [2]int{min(pos.AttackersTo(board.Black, sq, occ).Count(), 2), min(pos.AttackersTo(board.White, sq, occ).Count(), 2)}
		for p := board.Black; p <= board.White; p++ {
			if mask>>p&1 != 0 {
				own, opp := att[p], att[p^1]
				dst[p] = append(dst[p], base[p]+int32(BoardBona(p, pc, sq))+int32(e9Plane*(own*3+opp)))
			}
		}
		n++
	}
	for p := board.Black; p <= board.White; p++ {
		if mask>>p&1 == 0 {
			continue
		}
		k := n
		for c := board.Black; c <= board.White; c++ {
			h := pos.Hand(c)
			for pt := board.Pawn; pt <= board.Gold; pt++ {
				cnt := h.Count(pt)
				for i := 0; i < cnt; i++ {
					dst[p] = append(dst[p], base[p]+int32(HandBona(p, c, pt, i)))
				}
				k += cnt
			}
		}
		for ; k < MaxPieces; k++ {
			dst[p] = append(dst[p], base[p]+BonaZero)
		}
	}
	return true
}
