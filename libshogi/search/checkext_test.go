package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestKingSafeStepsMatchesLegalKingMoves: the safe steps are exactly the
// legal king moves, in check or not (checked on random-play positions and
// on the positions after each of their checks).
func TestKingSafeStepsMatchesLegalKingMoves(t *testing.T) {
	legalKingMoves := func(pos *board.Position) int {
		var ml board.MoveList
		pos.GenerateLegal(&ml)
		n := 0
		for _, m := range ml.Moves[:ml.N] {
			if !m.IsDrop() && m.Piece().Type() == board.King {
				n++
			}
		}
		return n
	}
	checked, boxed := 0, 0
	var checks board.MoveList
	for _, pos := range contactMatePositions(t, 10) {
		if got, want := kingSafeSteps(pos), legalKingMoves(pos); got != want {
			t.Fatalf("%s: %d safe steps, %d legal king moves", pos.SFEN(), got, want)
		}
		pos.GenerateChecks(&checks)
		for _, m := range checks.Moves[:checks.N] {
			pos.DoMove(m)
			got, want := kingSafeSteps(pos), legalKingMoves(pos)
			sfen := pos.SFEN()
			pos.UndoMove()
			if got != want {
				t.Fatalf("%s: %d safe steps in check, %d legal king moves", sfen, got, want)
			}
			checked++
			if got <= 1 {
				boxed++
			}
		}
	}
	t.Logf("%d positions in check, %d with at most one safe step", checked, boxed)
	if checked < 1000 || boxed < 100 {
		t.Fatalf("too few checks to cross-check: %d (%d boxed)", checked, boxed)
	}
}
