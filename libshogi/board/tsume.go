package board

// HandKey is the part of Key that c's hand h contributes: a mate solver
// removes the attacker's hand from the key and compares hands by dominance.
func HandKey(c Color, h Hand) uint64 {
	var k uint64
	for pt := Pawn; pt <= Gold; pt++ {
		k ^= zobHand[c][pt][h.Count(pt)]
	}
	return k
}

// GiveRemainingPieces puts into c's hand every piece of the standard set
// that is neither on the board nor in either hand (the tsume convention:
// the defender holds all the remaining pieces). Kings are not handed out.
// It resets the history: the position becomes a fresh set-up position.
func (p *Position) GiveRemainingPieces(c Color) {
	var counts [8]int
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece && pc.Type() != King {
			counts[pc.Type().Unpromoted()]++
		}
	}
	for pt := Pawn; pt <= Gold; pt++ {
		n := counts[pt] + p.hands[Black].Count(pt) + p.hands[White].Count(pt)
		if n < MaxInHand[pt] {
			p.hands[c] = p.hands[c].Set(pt, p.hands[c].Count(pt)+MaxInHand[pt]-n)
		}
	}
	p.startPly = p.Ply()
	p.states = p.states[:1]
	*p.st() = stateInfo{key: p.computeKey(), checkers: p.computeCheckers()}
	p.keyPending = false
}
