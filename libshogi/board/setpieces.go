package board

import "fmt"

// SetPieces replaces the position with the given squares, hands and side to
// move, with no history (the binary record formats and cshogi's set_pieces
// arrive this way): the checks of SFEN text (validate's rules: piece codes,
// one king per side, dead pieces, counts, nifu, the side not to move in
// check), without building the text. On error p is unchanged. ply is the
// move number (1..1000000).
//
// It runs once per record when a training set is decoded one record at a
// time: a valid position without relaxations takes setPiecesFast (bitboard
// checks, no branch per square); anything else, and every error, takes
// setPiecesChecked, which folds the checks and the Zobrist key into one
// pass over the squares (TestSetPiecesMatchesSFEN and FuzzSetPieces hold
// it to validate's verdicts and computeKey's key,
// TestSetPiecesFastMatchesChecked the two paths to each other).
func (p *Position) SetPieces(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int, opt SFENOptions) error {
	if opt == (SFENOptions{}) && p.setPiecesFast(squares, hands, side, ply) {
		return nil
	}
	return p.setPiecesChecked(squares, hands, side, ply, opt)
}

// setPiecesChecked is SetPieces square by square, each check in turn (the
// first fault found is the error).
func (p *Position) setPiecesChecked(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int, opt SFENOptions) error {
	if side > White {
		return fmt.Errorf("side to move %d, want 0 (black) or 1 (white)", side)
	}
	if ply < 1 || ply > 1_000_000 {
		return fmt.Errorf("move number %d, want 1..1000000", ply)
	}
	q := Position{kingSq: [2]Square{NoSquare, NoSquare}, side: side, startPly: ply}
	var counts [8]int
	var pawnFiles [2]uint16
	var key uint64
	for s := Square(0); s < NumSquares; s++ {
		pc := squares[s]
		if pc == NoPiece {
			continue
		}
		pt := pc.Type()
		if pt == NoPieceType || pt >= NumPieceTypes || pc>>4 > 1 {
			return fmt.Errorf("square %s holds %d, which is not a piece", s, uint8(pc))
		}
		c := pc.Color()
		if pt == King {
			if q.kingSq[c] != NoSquare {
				return fmt.Errorf("%s has two kings", colorName(c))
			}
		} else {
			counts[pt.Unpromoted()]++
		}
		if !opt.AllowDeadPieces {
			rr := relativeRank(c, s)
			if ((pt == Pawn || pt == Lance) && rr == 1) || (pt == Knight && rr <= 2) {
				return fmt.Errorf("%s %s on %s can never move", colorName(c), pc, s)
			}
		}
		if pt == Pawn {
			bit := uint16(1) << s.File()
			if pawnFiles[c]&bit != 0 {
				return fmt.Errorf("%s has two unpromoted pawns on file %d (nifu)", colorName(c), s.File())
			}
			pawnFiles[c] |= bit
		}
		key ^= zobPiece[pc][s]
		q.putPiece(pc, s)
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			n := hands[c].Count(pt)
			if n > MaxInHand[pt] {
				return fmt.Errorf("%s holds %d of type %s, at most %d exist", colorName(c), n, sfenLetters[pt], MaxInHand[pt])
			}
			counts[pt] += n
			key ^= zobHand[c][pt][n]
		}
		if hands[c].Set(Pawn, 0).Set(Lance, 0).Set(Knight, 0).Set(Silver, 0).Set(Bishop, 0).Set(Rook, 0).Set(Gold, 0) != 0 {
			return fmt.Errorf("%s's hand %#x has bits outside the seven counts", colorName(c), uint32(hands[c]))
		}
	}
	for pt := Pawn; pt <= Gold; pt++ {
		if counts[pt] > MaxInHand[pt] {
			return fmt.Errorf("%d pieces of type %s on board and in hand, at most %d exist", counts[pt], sfenLetters[pt], MaxInHand[pt])
		}
	}
	q.hands = hands
	them := side.Opp()
	if opt.Tsume && q.kingSq[them] == NoSquare {
		return fmt.Errorf("tsume: the defender (%s) has no king", colorName(them))
	}
	if k := q.kingSq[them]; k != NoSquare && !opt.AllowOpponentInCheck && q.Attacked(side, k, q.occupied) {
		return fmt.Errorf("the side not to move (%s) is in check", colorName(them))
	}
	if side == White {
		key ^= zobSide
	}
	states, lists := p.states[:0], p.perftLists
	*p = q
	p.states = append(states, stateInfo{key: key, checkers: p.computeCheckers()})
	p.perftLists = lists
	return nil
}
