package board

// GeneratePseudoLegal fills ml with the moves that obey the movement,
// promotion and drop rules (nifu, dead squares, pawn-drop mate) but may
// leave the mover's own king attacked: the legal moves plus those that are
// illegal only for the king's sake (a pinned piece leaving its line, a king
// stepping into an attack, a move that ignores a check). Without a king of
// the side to move it is GenerateLegal.
func (p *Position) GeneratePseudoLegal(ml *MoveList) {
	us := p.side
	ksq := p.kingSq[us]
	if ksq == NoSquare {
		p.GenerateLegal(ml)
		return
	}
	// The same position without our king: nothing of ours is pinned and no
	// check constrains the moves. Its pawn drops are judged for mate in p
	// below, where our king may be one of the pawn's defenders.
	q := *p
	q.states = []stateInfo{*p.st()}
	q.perftLists = nil
	q.removePiece(ksq)
	q.kingSq[us] = NoSquare
	q.states[0].checkers = Bitboard{}
	q.GenerateLegal(ml)
	n := 0
	for _, m := range ml.Moves[:ml.N] {
		// The copy lacks our king: nothing may land on its square or pass
		// through it.
		if m.To() == ksq || (!m.IsDrop() && between[m.From()][m.To()].Has(ksq)) {
			continue
		}
		if m.IsDrop() && m.DropType() == Pawn && p.kingSq[us.Opp()] != NoSquare &&
			stepAttacks[us.Opp()][Pawn][p.kingSq[us.Opp()]].Has(m.To()) && p.isPawnDropMate(us, m.To()) {
			continue
		}
		ml.Moves[n] = m
		n++
	}
	ml.N = n
	kpc := NewPiece(us, King)
	for t := stepAttacks[us][King][ksq].AndNot(p.byColor[us]); t.NonZero(); {
		ml.add(NewBoardMove(ksq, t.Pop(), false, kpc))
	}
}
