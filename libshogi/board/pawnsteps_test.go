package board

import "testing"

// TestPawnSteps: the shift gives, for a pawn on every square, the step
// table's square (none from the last rank), and a set's steps are the
// union of its pawns' steps.
func TestPawnSteps(t *testing.T) {
	for c := Black; c <= White; c++ {
		var all, want Bitboard
		for s := Square(0); s < NumSquares; s++ {
			w := stepAttacks[c][Pawn][s]
			if lastRank[c].Has(s) {
				w = Bitboard{}
			}
			if got := pawnSteps(SquareBB(s), c); got != w {
				t.Fatalf("%s pawn on %s: steps %v, want %v", c, s, got, w)
			}
			if s%3 == 0 {
				all = all.Or(SquareBB(s))
				want = want.Or(w)
			}
		}
		if got := pawnSteps(all, c); got != want {
			t.Fatalf("%s: steps of a set %v, want %v", c, got, want)
		}
	}
}
