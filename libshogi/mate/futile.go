package mate

import "github.com/libshogi/libshogi/libshogi/board"

// Useless interpositions (無駄合). Tsume convention does not count as
// resistance a drop that only delays the same mate by the drop and its
// capture. The solver's rule, used by every length it computes (the
// bounded search, the line's choice of evasion, lengthen, the tests'
// resistance check):
//
//   - Candidate: the defender, in check from one distant piece, drops a
//     piece on a square between the checker and its king that no defender
//     piece other than the king guards; on a square next to the king, at
//     least two attacker pieces must attack it (the checker through the
//     dropped piece, and another), so that the attacker's capture stands
//     against the king as well. Moves onto the line (移動合) are never
//     candidates: they count in full.
//   - Useless: a candidate that adds no more than its two plies. Under a
//     length bound the subtree of a candidate gets two more plies, and its
//     proof counts two plies less at the defender's node; so a mate
//     within n plies holds when every other evasion is mated within n and
//     each candidate within n+2 (the remaining length after the capture
//     equals the length without the interposition). A candidate that needs
//     more than that resists (a useful interposition, 中合).
//   - The line plays an evasion that needs its whole allowance, preferring
//     one that is not a candidate; the returned line is a real mate, so a
//     useless drop that the line does play (when it is all the defender
//     has, or all that needs the bound) stays in it with its capture.

// uselessDropExtra is the plies a candidate's subtree may add.
const uselessDropExtra = 2

// uselessInterposition reports whether the defender's move m (defender to
// move at pos) is a candidate useless interposition.
func uselessInterposition(pos *board.Position, m board.Move) bool {
	if !m.IsDrop() {
		return false
	}
	chk := pos.Checkers()
	if chk.IsZero() || chk.MoreThanOne() {
		return false
	}
	def := pos.SideToMove()
	ksq := pos.KingSquare(def)
	to := m.To()
	if !board.Between(ksq, chk.First()).Has(to) {
		return false
	}
	occ := pos.Occupied()
	occ.Set(to)
	if !pos.AttackersTo(def, to, occ).AndNot(board.SquareBB(ksq)).IsZero() {
		return false // a defender piece would take back
	}
	if board.StepAttacks(def, board.King, ksq).Has(to) {
		return pos.AttackersTo(def.Opp(), to, occ).MoreThanOne()
	}
	return true
}

// extraPlies is what kid move m of a defender node may add under a length
// bound: uselessDropExtra for a candidate, else nothing.
func extraPlies(pos *board.Position, m board.Move) uint8 {
	if uselessInterposition(pos, m) {
		return uselessDropExtra
	}
	return 0
}
