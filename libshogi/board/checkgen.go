package board

// GenerateChecks replaces the contents of ml with every legal move that
// gives check, useless non-promotions included: the same set as filtering
// GenerateLegal with GivesCheck (a mate solver's attacker moves), built
// directly instead. A direct check goes to a square from which the moved
// (or promoted) piece attacks the enemy king; a discovered check moves a
// piece off the line between the king and one of our sliders; a drop
// goes to a check square of its type.
func (p *Position) GenerateChecks(ml *MoveList) {
	ml.N = 0
	us := p.side
	them := us.Opp()
	ek := p.kingSq[them]
	if ek == NoSquare {
		return
	}
	ksq := p.kingSq[us]
	occ := p.occupied
	own := p.byColor[us]
	checkers := p.checkers()

	// checkSq[pt]: squares from which our piece of type pt attacks ek (a
	// piece of theirs on ek attacks the same squares, directions reversed).
	// Vacating the mover's square never opens such a line: a mover between
	// its target and ek already has a blocker between itself and ek, or
	// ek would be in check with us to move.
	var checkSq [NumPieceTypes]Bitboard
	for pt := Pawn; pt < NumPieceTypes; pt++ {
		if pt != King {
			checkSq[pt] = Attacks(NewPiece(them, pt), ek, occ)
		}
	}
	discoverers := p.sliderBlockers(them, us).And(own)

	if ksq != NoSquare && discoverers.Has(ksq) {
		// Only a king that steps off the line checks (kings never check directly).
		occNoKing := occ.Xor(squareBB[ksq])
		kpc := NewPiece(us, King)
		for t := stepAttacks[us][King][ksq].AndNot(own).AndNot(lineBB[ek][ksq]); t.NonZero(); {
			to := t.Pop()
			if !p.Attacked(them, to, occNoKing) {
				ml.add(Move(to) | Move(ksq)<<7 | Move(kpc)<<16)
			}
		}
	}
	if checkers.MoreThanOne() {
		return
	}
	target := AllSquares
	dropTarget := occ.Not()
	if checkers.NonZero() {
		chk := checkers.First()
		dropTarget = between[ksq][chk]
		target = dropTarget.Or(squareBB[chk])
	}
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.Pinned(us)
	}
	target = target.AndNot(own)
	for pieces := own.AndNot(p.byType[King]); pieces.NonZero(); {
		from := pieces.Pop()
		pc := p.board[from]
		pt := pc.Type()
		att := Attacks(pc, from, occ).And(target)
		if pinned.Has(from) {
			att = att.And(lineBB[ksq][from])
		}
		if discoverers.Has(from) {
			// Every move off the line checks, whatever it promotes to.
			off := att.AndNot(lineBB[ek][from])
			for off.NonZero() {
				ml.N = addBoardMoves(&ml.Moves, ml.N, us, pc, from, off.Pop(), false, true, true, true)
			}
			att = att.And(lineBB[ek][from])
		}
		if !pt.CanPromote() {
			for t := att.And(checkSq[pt]); t.NonZero(); {
				ml.add(Move(t.Pop()) | Move(from)<<7 | Move(pc)<<16)
			}
			continue
		}
		for t := att.And(checkSq[pt].Or(checkSq[pt.Promoted()])); t.NonZero(); {
			p.addCheckVariants(ml, us, pc, from, t.Pop(), &checkSq)
		}
	}
	p.generateCheckDrops(ml, us, ek, dropTarget, &checkSq)
}

// addCheckVariants emits the promotion and the non-promotion of from→to
// that the rules allow and that check (to is a check square of one of them).
func (p *Position) addCheckVariants(ml *MoveList, us Color, pc Piece, from, to Square, checkSq *[NumPieceTypes]Bitboard) {
	pt := pc.Type()
	base := Move(to) | Move(from)<<7 | Move(pc)<<16
	canPromote := relRank[us][from] <= 3 || relRank[us][to] <= 3
	if canPromote && checkSq[pt.Promoted()].Has(to) {
		ml.add(base | movePromoteFlag)
	}
	if !checkSq[pt].Has(to) {
		return
	}
	rr := relRank[us][to]
	switch pt {
	case Pawn, Lance:
		if rr == 1 {
			return
		}
	case Knight:
		if rr <= 2 {
			return
		}
	}
	ml.add(base)
}

// generateCheckDrops emits the drops onto check squares, with the rules of
// generateDrops (last ranks, two pawns on a file, pawn-drop mate).
func (p *Position) generateCheckDrops(ml *MoveList, us Color, ek Square, target Bitboard, checkSq *[NumPieceTypes]Bitboard) {
	h := p.hands[us]
	if h.Empty() {
		return
	}
	for pt := Pawn; pt <= Gold; pt++ {
		if !h.Has(pt) {
			continue
		}
		// A drop's check square is already off the last ranks where that
		// type could not move (its check square lies towards ek).
		t := target.And(checkSq[pt])
		if t.IsZero() {
			continue
		}
		if pt == Pawn {
			to := t.First() // the one square in front of the king
			if p.PiecesOf(us, Pawn).Intersects(fileBB[to.File()]) || p.isPawnDropMate(us, to) {
				continue
			}
		}
		base := Move(pt)<<7 | moveDropFlag | Move(NewPiece(us, pt))<<16
		for t.NonZero() {
			ml.add(base | Move(t.Pop()))
		}
	}
}
