package search

import "github.com/libshogi/libshogi/libshogi/board"

// The mate-in-three probe: at interior nodes of depth >= mateInThreeDepth
// not in check, every check is tried, and a check every evasion of which is
// answered by a contact mate in one (contactMateInOne) mates in three. The
// seventh round's diagnosis (docs/strength.md) found the games against
// YaneuraOu lost to long drop-check mates walked into; the probe lengthens
// the view of such sequences at every node deep enough to pay for it.

// mateInThreeDepth is the least depth at which a node probes. From depth 4
// (round 6's full probe) it costs 1.23x the instructions per node with the
// built-in evaluation; from depth 5, 1.11x (docs/strength.md, seventh round).
const mateInThreeDepth = 5

// mateProbeLists are a thread's move lists for the probe (two plies).
type mateProbeLists struct {
	checks, evasions board.MoveList
}

// mateInThree returns a check after which every legal evasion (none: the
// check mates) is answered by a contact mate in one, or MoveNone. Every
// mate it reports is real: the evasions are all generated, and the reply
// is a mate the contact probe confirms. The side to move must not be in
// check.
func (l *mateProbeLists) mateInThree(pos *board.Position) board.Move {
	pos.GenerateChecks(&l.checks)
	zone := board.PromotionZone(pos.SideToMove())
	for _, c := range l.checks.Slice() {
		if uselessNonPromotion(c, zone) {
			continue // its promotion, also a check, mates whenever it does
		}
		pos.DoMove(c)
		mated := l.evasionsMated(pos)
		pos.UndoMove()
		if mated {
			return c
		}
	}
	return board.MoveNone
}

// evasionsMated reports whether every evasion of the side to move (in
// check) is answered by a contact mate in one. The king's steps are tried
// first, without generating the other evasions: most checks fail there.
func (l *mateProbeLists) evasionsMated(pos *board.Position) bool {
	us := pos.SideToMove()
	ksq := pos.KingSquare(us)
	king := pos.PieceOn(ksq)
	occ := pos.Occupied()
	occ.Clear(ksq)
	for to := board.StepAttacks(us, board.King, ksq).AndNot(pos.ColorBB(us)); to.NonZero(); {
		s := to.Pop()
		if pos.Attacked(us.Opp(), s, occ) {
			continue
		}
		if !replyMates(pos, board.NewBoardMove(ksq, s, false, king)) {
			return false
		}
	}
	pos.Generate(board.GenAll, &l.evasions)
	for _, e := range l.evasions.Slice() {
		if !e.IsDrop() && e.From() == ksq {
			continue // a king step, tried above
		}
		if !replyMates(pos, e) {
			return false
		}
	}
	return true
}

// replyMates makes the defender's move e and reports whether a contact
// mate in one answers it.
func replyMates(pos *board.Position, e board.Move) bool {
	pos.DoMove(e)
	// An evasion that checks us leaves no mate in one to look for.
	mated := !pos.InCheck() && contactMateInOne(pos) != board.MoveNone
	pos.UndoMove()
	return mated
}

// uselessNonPromotion: a pawn, bishop or rook that could promote and does
// not. The promoted piece attacks every square the unpromoted one does.
func uselessNonPromotion(m board.Move, zone board.Bitboard) bool {
	if m.IsDrop() || m.IsPromotion() {
		return false
	}
	switch m.Piece().Type() {
	case board.Pawn, board.Bishop, board.Rook:
		return zone.Has(m.From()) || zone.Has(m.To())
	}
	return false
}
