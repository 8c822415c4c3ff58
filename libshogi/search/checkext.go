package search

import "github.com/libshogi/libshogi/libshogi/board"

// boxedCheckDepth is the least depth at which a check that leaves the king
// at most one safe step is extended; every other check is extended only
// from depth 7 (near the leaves extending every drop check crowds out the
// search, but a king with nowhere to go is where the mates are).
const boxedCheckDepth = 3

// kingSafeSteps counts the squares the side to move's king can step to
// that the opponent does not attack (the king taken off the board, so that
// it does not shelter a square behind itself from a slider).
func kingSafeSteps(pos *board.Position) int {
	us := pos.SideToMove()
	ksq := pos.KingSquare(us)
	if ksq == board.NoSquare {
		return 0
	}
	occ := pos.Occupied()
	occ.Clear(ksq)
	n := 0
	for to := board.StepAttacks(us, board.King, ksq).AndNot(pos.ColorBB(us)); to.NonZero(); {
		if !pos.Attacked(us.Opp(), to.Pop(), occ) {
			n++
		}
	}
	return n
}
