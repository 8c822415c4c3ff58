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

// TestMove16FinderMatchesMoveFromMove16: on positions of random games, every
// one of the 65536 move16 values resolves through a Move16Finder to what
// MoveFromMove16 gives (the move, or the same error text), the legal ones
// asked in list order first (the binding's use), then every value in a
// shuffled order on the same finder.
func TestMove16FinderMatchesMoveFromMove16(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	values := make([]uint16, 1<<16)
	for i := range values {
		values[i] = uint16(i)
	}
	positions := 0
	for game := 0; game < 4; game++ {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			if ply%20 == 0 {
				positions++
				var f Move16Finder
				check := func(v uint16) {
					got, gerr := f.Find(p, v)
					want, werr := p.MoveFromMove16(v)
					if got != want || (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
						t.Fatalf("%s: move16 %#04x: finder %v (%v), MoveFromMove16 %v (%v)", p.SFEN(), v, got, gerr, want, werr)
					}
				}
				for _, m := range ml.Slice()[ml.N/3:] {
					check(uint16(m))
				}
				rng.Shuffle(len(values), func(i, j int) { values[i], values[j] = values[j], values[i] })
				for _, v := range values {
					check(v)
				}
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	if positions < 12 {
		t.Fatalf("only %d positions checked", positions)
	}
}
