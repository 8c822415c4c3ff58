package board

import "fmt"

// SetPieces sets p to the position given as data rather than text: the
// piece on each square, both hands, the side to move and the move number
// (below 1 means 1). It applies the checks of SetSFEN with the same
// options and, like SetSFEN, reuses p's buffers (no allocation when p was
// set before); on error p is unchanged. Binary training records (PSV,
// hcpe) use it instead of formatting an SFEN and parsing it again.
func (p *Position) SetPieces(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int, opt SFENOptions) error {
	q := Position{kingSq: [2]Square{NoSquare, NoSquare}, startPly: 1}
	if cap(p.states) == 0 {
		p.states = make([]stateInfo, 1, initialStateCap)
	}
	q.states = p.states[:1]
	if err := q.setPieces(squares, hands, side, ply, opt); err != nil {
		return err
	}
	q.perftLists = p.perftLists
	*p = q
	return nil
}

func (p *Position) setPieces(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int, opt SFENOptions) error {
	for s := Square(0); s < NumSquares; s++ {
		pc := squares[s]
		if pc == NoPiece {
			continue
		}
		if pc >= NumPieces || pc.Type() == NoPieceType || pc.Type() >= NumPieceTypes {
			return fmt.Errorf("square %s: %d is not a piece", s, pc)
		}
		if pc.Type() == King && p.kingSq[pc.Color()] != NoSquare {
			return fmt.Errorf("%s has two kings", colorName(pc.Color()))
		}
		p.putPiece(pc, s)
	}
	if side != Black && side != White {
		return fmt.Errorf("side to move %d, want Black or White", side)
	}
	p.side = side
	for c := Black; c <= White; c++ {
		var h Hand
		for pt := Pawn; pt <= Gold; pt++ {
			n := hands[c].Count(pt)
			if n > MaxInHand[pt] {
				return fmt.Errorf("%d %v in %s's hand, at most %d exist", n, NewPiece(Black, pt), colorName(c), MaxInHand[pt])
			}
			h = h.Set(pt, n)
		}
		if h != hands[c] {
			return fmt.Errorf("%s's hand %#x has bits outside its counts", colorName(c), uint32(hands[c]))
		}
		p.hands[c] = h
	}
	if ply > 1_000_000 {
		return fmt.Errorf("move number %d, want 1..1000000", ply)
	}
	p.startPly = max(ply, 1)
	if err := p.validate(opt); err != nil {
		return err
	}
	*p.st() = stateInfo{key: p.computeKey(), checkers: p.computeCheckers()}
	return nil
}
