package board

import (
	"math/rand"
	"testing"
)

// TestAttacksSquare: attacksSquare agrees with Attacks(...).Has for every
// piece on every square against every target, over random occupancies
// (sparse to dense).
func TestAttacksSquare(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for iter := 0; iter < 40; iter++ {
		var occ Bitboard
		density := 2 + iter%6
		for sq := Square(0); sq < NumSquares; sq++ {
			if rng.Intn(density) == 0 {
				occ.Set(sq)
			}
		}
		for c := Black; c <= White; c++ {
			for pt := Pawn; pt < NumPieceTypes; pt++ {
				pc := NewPiece(c, pt)
				for s := Square(0); s < NumSquares; s++ {
					att := Attacks(pc, s, occ)
					for tg := Square(0); tg < NumSquares; tg++ {
						if got := attacksSquare(pc, s, tg, occ); got != att.Has(tg) {
							t.Fatalf("%v on %v -> %v: %v, Attacks says %v", pc, s, tg, got, att.Has(tg))
						}
					}
				}
			}
		}
	}
}
