package board

import "fmt"

// SetPieces replaces the position with the given squares, hands and side to
// move, with no history (the binary record formats and cshogi's set_pieces
// arrive this way): the same checks as SFEN text, without building the
// text. On error p is unchanged. ply is the move number (1..1000000).
func (p *Position) SetPieces(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int, opt SFENOptions) error {
	if side > White {
		return fmt.Errorf("side to move %d, want 0 (black) or 1 (white)", side)
	}
	if ply < 1 || ply > 1_000_000 {
		return fmt.Errorf("move number %d, want 1..1000000", ply)
	}
	q := Position{kingSq: [2]Square{NoSquare, NoSquare}, side: side, startPly: ply}
	for s := Square(0); s < NumSquares; s++ {
		pc := squares[s]
		if pc == NoPiece {
			continue
		}
		pt := pc.Type()
		if pt == NoPieceType || pt >= NumPieceTypes || pc>>4 > 1 {
			return fmt.Errorf("square %s holds %d, which is not a piece", s, uint8(pc))
		}
		if pt == King && q.kingSq[pc.Color()] != NoSquare {
			return fmt.Errorf("%s has two kings", colorName(pc.Color()))
		}
		q.putPiece(pc, s)
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			if n := hands[c].Count(pt); n > MaxInHand[pt] {
				return fmt.Errorf("%s holds %d of type %s, at most %d exist", colorName(c), n, sfenLetters[pt], MaxInHand[pt])
			}
		}
		if hands[c].Set(Pawn, 0).Set(Lance, 0).Set(Knight, 0).Set(Silver, 0).Set(Bishop, 0).Set(Rook, 0).Set(Gold, 0) != 0 {
			return fmt.Errorf("%s's hand %#x has bits outside the seven counts", colorName(c), uint32(hands[c]))
		}
	}
	q.hands = hands
	if err := q.validate(opt); err != nil {
		return err
	}
	states, lists := p.states[:0], p.perftLists
	*p = q
	p.states = append(states, stateInfo{key: p.computeKey(), checkers: p.computeCheckers()})
	p.perftLists = lists
	return nil
}
