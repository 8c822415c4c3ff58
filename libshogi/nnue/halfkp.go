package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// HalfKP is the HalfKP(Friend) feature set: own king square x BonaPiece.
var HalfKP = registerFeatureSet(FeatureSet{Kind: KindHalfKP, Short: "halfkp", Name: "HalfKP(Friend)",
	Dims: NumSquares * FEEnd, Hash: 0x5D69D5B9 ^ 1, MaxActive: MaxPieces, Stride: FEEnd})

// HalfKP numbering (DISTINGUISH_GOLDS off).
const (
	NumSquares = 81
	FEHandEnd  = 90
	FEEnd      = 1548 // BonaPiece range; also the stride of one king square
	// BonaZero is the BonaPiece of an empty piece slot (fewer than 38 pieces).
	BonaZero = 0
	// MaxPieces is the number of non-king PieceNumbers.
	MaxPieces = 38
)

// handBase[friend][pt] is the first hand BonaPiece of type pt (Pawn..Gold);
// friend = 0 for the perspective side's hand, 1 for the opponent's.
var handBase = [2][8]uint16{
	{0, 1, 39, 49, 59, 79, 85, 69},
	{0, 20, 44, 54, 64, 82, 88, 74},
}

// boardBase[friend][pt] is the board BonaPiece base of type pt (0 for king).
var boardBase = [2][board.NumPieceTypes]uint16{
	//  -  P   L    N    S    B    R     G    K  +P   +L   +N   +S   +B    +R
	{0, 90, 252, 414, 576, 900, 1224, 738, 0, 738, 738, 738, 738, 1062, 1386},
	{0, 171, 333, 495, 657, 981, 1305, 819, 0, 819, 819, 819, 819, 1143, 1467},
}

// bonaOfPiece[pc] is, for the piece code pc (colour and type), the
// BonaPiece base of each perspective in one entry: BoardBona(Black, pc, sq)
// = [0] + sq and BoardBona(White, pc, sq) = [1] - sq. bonaOfHand[owner][pt]
// is HandBona's base of each perspective: HandBona(p, owner, pt, i) =
// [owner][pt][p] + i. Both are boardBase and handBase rearranged (init).
var (
	bonaOfPiece [32][2]int32
	bonaOfHand  [2][8][2]int32
)

func init() {
	for c := board.Black; c <= board.White; c++ {
		for pt := board.Pawn; pt < board.NumPieceTypes; pt++ {
			pc := board.NewPiece(c, pt)
			bonaOfPiece[pc] = [2]int32{int32(boardBase[c][pt]), int32(boardBase[c^1][pt]) + 80}
		}
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			bonaOfHand[c][pt] = [2]int32{int32(handBase[c][pt]), int32(handBase[c^1][pt])}
		}
	}
}

// BoardBona returns the BonaPiece of piece pc on square sq seen from
// perspective p (Black: board as is; White: rotated 180 degrees and colours
// swapped). pc must not be a king or empty.
func BoardBona(p board.Color, pc board.Piece, sq board.Square) uint16 {
	s := uint16(sq)
	if p == board.White {
		s = 80 - s
	}
	return boardBase[pc.Color()^p][pc.Type()] + s
}

// HandBona returns the BonaPiece of the i-th (0-based) piece of type pt in
// the hand of colour owner, seen from perspective p.
func HandBona(p, owner board.Color, pt board.PieceType, i int) uint16 {
	return handBase[owner^p][pt] + uint16(i)
}

// KingIndex returns K_p for perspective p given the king square of p.
func KingIndex(p board.Color, ksq board.Square) int {
	if p == board.White {
		return 80 - int(ksq)
	}
	return int(ksq)
}

// FeatureIndex is K_p*1548 + BonaPiece.
func FeatureIndex(kp int, bona uint16) int32 { return int32(kp*FEEnd + int(bona)) }

// AppendActive appends the active HalfKP feature indices of perspective p
// of pos to dst and returns it, with false if p's king is missing (no
// features can be computed). Empty piece slots (fewer than 38 non-king
// pieces) contribute the BonaZero feature, like the engines.
func AppendActive(dst []int32, pos *board.Position, p board.Color) ([]int32, bool) {
	squares := pos.Squares()
	hands := [2]board.Hand{pos.Hand(board.Black), pos.Hand(board.White)}
	return AppendActivePieces(dst, &squares, &hands, pos.KingSquare(p), p)
}

// AppendActivePieces is AppendActive for a position given as its squares,
// hands and perspective p's king square (NoSquare when missing), so that
// callers holding a decoded record need not build a Position.
func AppendActivePieces(dst []int32, squares *[board.NumSquares]board.Piece, hands *[2]board.Hand, ksq board.Square, p board.Color) ([]int32, bool) {
	if ksq < 0 || ksq >= NumSquares {
		return dst, false
	}
	kp := KingIndex(p, ksq)
	base := int32(kp * FEEnd)
	n := 0
	for sq := board.Square(0); sq < NumSquares; sq++ {
		pc := squares[sq]
		if pc == board.NoPiece || pc.Type() == board.King {
			continue
		}
		dst = append(dst, base+int32(BoardBona(p, pc, sq)))
		n++
	}
	for c := board.Black; c <= board.White; c++ {
		h := hands[c]
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			k := h.Count(pt)
			hb := base + int32(handBase[c^p][pt])
			for i := 0; i < k; i++ {
				dst = append(dst, hb+int32(i))
			}
			n += k
		}
	}
	for ; n < MaxPieces; n++ {
		dst = append(dst, base+BonaZero)
	}
	return dst, true
}

// ActiveFeatures returns the active feature indices of both perspectives
// (index 0: Black, 1: White), or false if a king is missing.
func ActiveFeatures(pos *board.Position) ([2][]int32, bool) {
	var f [2][]int32
	ok0, ok1 := false, false
	f[0], ok0 = AppendActive(make([]int32, 0, MaxPieces), pos, board.Black)
	f[1], ok1 = AppendActive(make([]int32, 0, MaxPieces), pos, board.White)
	return f, ok0 && ok1
}
