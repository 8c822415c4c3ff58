package board

import (
	"math/rand"
	"testing"
)

// The pseudo-legal moves, checked against their definition by brute force
// over random games: every legal move is among them, and each one that is
// not legal leaves the mover's own king attacked once made on a board
// where the rules of movement alone apply (the king-less copy's answer is
// cross-checked by making the move and asking whether the king is attacked).
func TestPseudoLegalDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for game := 0; game < 60; game++ {
		p := NewPosition()
		for ply := 0; ply < 150; ply++ {
			var legal, pseudo MoveList
			p.GenerateLegal(&legal)
			p.GeneratePseudoLegal(&pseudo)
			isLegal := map[Move]bool{}
			for _, m := range legal.Slice() {
				isLegal[m] = true
			}
			seen := map[Move]bool{}
			for _, m := range pseudo.Slice() {
				if seen[m] {
					t.Fatalf("%s: %s twice", p.SFEN(), m)
				}
				seen[m] = true
				if isLegal[m] {
					continue
				}
				// Not legal: it must leave our king attacked.
				us := p.SideToMove()
				q := p.Clone()
				q.DoMove(m)
				if !q.Attacked(us.Opp(), q.KingSquare(us), q.Occupied()) {
					t.Fatalf("%s: pseudo-legal %s is illegal but leaves the king safe", p.SFEN(), m)
				}
			}
			for _, m := range legal.Slice() {
				if !seen[m] {
					t.Fatalf("%s: legal %s missing from the pseudo-legal moves", p.SFEN(), m)
				}
			}
			if legal.N == 0 {
				break
			}
			p.DoMove(legal.Moves[rng.Intn(legal.N)])
		}
	}
}

// Known cases: a pinned silver may leave its line, and a pawn-drop mate
// stays out even when our king is the pawn's only defender.
func TestPseudoLegalCases(t *testing.T) {
	// Black king 5i, silver 5h pinned by a white rook on 5a; white king 1a.
	p, _ := FromSFEN("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1")
	var ml MoveList
	p.GeneratePseudoLegal(&ml)
	want := map[string]bool{"5h4g": true, "5h6g": true, "5h4i": true, "5h6i": true, "5h5g": true}
	got := 0
	for _, m := range ml.Slice() {
		if m.From() == NewSquare(5, 8) {
			if !want[m.USI()] {
				t.Errorf("unexpected silver move %s", m.USI())
			}
			got++
		}
	}
	if got != len(want) {
		t.Errorf("%d silver moves, want %d", got, len(want))
	}
	// Pawn-drop mate: white king 1a boxed by its own pieces, black king 2c
	// the pawn's only defender on 1b: P*1b stays out of both lists.
	p, _ = FromSFEN("7nk/9/7K1/9/9/9/9/9/9 b P 1")
	p.GeneratePseudoLegal(&ml)
	for _, m := range ml.Slice() {
		if m.USI() == "P*1b" {
			t.Errorf("pawn-drop mate P*1b listed")
		}
	}
}
