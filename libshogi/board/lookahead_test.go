package board

import (
	"math/rand"
	"slices"
	"testing"
)

// TestGenerateLegalAfter: for every move of positions of random games, the
// list equals the legal moves found by playing the move, and the position
// (SFEN, key, ply) is unchanged.
func TestGenerateLegalAfter(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	checked := 0
	for game := 0; game < 10; game++ {
		p := NewPosition()
		for ply := 0; ply < 80; ply++ {
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			sfen, key, n := p.SFEN(), p.Key(), p.GamePlyFromRoot()
			for _, m := range ml.Slice() {
				var after, want MoveList
				p.GenerateLegalAfter(m, &after)
				if p.SFEN() != sfen || p.Key() != key || p.GamePlyFromRoot() != n {
					t.Fatalf("%s: GenerateLegalAfter(%v) changed the position", sfen, m)
				}
				q := p.Clone()
				q.DoMove(m)
				q.GenerateLegal(&want)
				if !slices.Equal(after.Slice(), want.Slice()) {
					t.Fatalf("%s after %v: %d moves, want %d", sfen, m, after.N, want.N)
				}
				checked++
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
