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

// TestLanceAttacksMatchStepping: LanceAttacks (bit operations on the
// file's word) agrees with stepping square by square (slideSet) for both
// colours on every square, over random occupancies (sparse to dense) and
// the full and empty boards.
func TestLanceAttacksMatchStepping(t *testing.T) {
	occs := randomOccupancies(11)
	for _, occ := range occs {
		for c := Black; c <= White; c++ {
			for s := Square(0); s < NumSquares; s++ {
				want := slideSet(s, c, pawnDeltas, occ)
				if got := LanceAttacks(c, s, occ); got != want {
					t.Fatalf("%v lance on %v, occupancy %v: %v, stepping gives %v", c, s, occ.Squares(), got.Squares(), want.Squares())
				}
			}
		}
	}
}

// TestRookAttacksMatchStepping: RookAttacks (its file by fileAttacks, its
// rank by lineAttack) agrees with stepping, as TestLanceAttacksMatchStepping.
func TestRookAttacksMatchStepping(t *testing.T) {
	occs := randomOccupancies(13)
	for _, occ := range occs {
		for s := Square(0); s < NumSquares; s++ {
			if got, want := RookAttacks(s, occ), slideSet(s, Black, orthoDeltas, occ); got != want {
				t.Fatalf("rook on %v, occupancy %v: %v, stepping gives %v", s, occ.Squares(), got.Squares(), want.Squares())
			}
		}
	}
}

// randomOccupancies is the empty and the full board and 400 random
// occupancies from seed, sparse to dense (a square is occupied with
// probability 1/1 .. 1/8 in turn).
func randomOccupancies(seed int64) []Bitboard {
	rng := rand.New(rand.NewSource(seed))
	occs := []Bitboard{{}, AllSquares}
	for iter := 0; iter < 400; iter++ {
		var occ Bitboard
		density := 1 + iter%8
		for sq := Square(0); sq < NumSquares; sq++ {
			if rng.Intn(density) == 0 {
				occ.Set(sq)
			}
		}
		occs = append(occs, occ)
	}
	return occs
}
