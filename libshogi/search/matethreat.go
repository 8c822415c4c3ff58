package search

import "github.com/libshogi/libshogi/libshogi/board"

// The opponent's mate threat where the null move search does not look
// (PV nodes, depth 1, a static evaluation below beta): near the leaves,
// when the opponent attacks two or more squares next to our king, the
// search asks the contact mate-in-one probe whether a pass would be
// mated, and if so does not prune the quiet moves late (they are the
// defences). The attack count keeps the probe off the quiet positions.

// mateThreatMaxDepth is the deepest node that looks for the threat itself.
const mateThreatMaxDepth = 6

// mateThreatZoneAttacks is the least number of attacked squares next to
// our king for the probe to run.
const mateThreatZoneAttacks = 2

// passIsMated reports whether the opponent has a contact mate in one if
// the side to move passes (the side to move must not be in check).
func passIsMated(pos *board.Position) bool {
	pos.DoNullMove()
	mated := contactMateInOne(pos) != board.MoveNone
	pos.UndoNullMove()
	return mated
}

// kingZoneAttacks counts the squares next to the side to move's king that
// the opponent attacks.
func kingZoneAttacks(pos *board.Position) int {
	us := pos.SideToMove()
	ksq := pos.KingSquare(us)
	if ksq == board.NoSquare {
		return 0
	}
	occ := pos.Occupied()
	n := 0
	for sq := board.StepAttacks(us, board.King, ksq); sq.NonZero(); {
		if pos.Attacked(us.Opp(), sq.Pop(), occ) {
			n++
		}
	}
	return n
}
