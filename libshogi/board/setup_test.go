package board

import (
	"math/rand"
	"testing"
)

// A Position and its Setup agree both ways, through text and without it,
// along random games.
func TestSetupRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for game := 0; game < 20; game++ {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			d := p.Setup()
			q, err := FromSetup(&d, SFENOptions{})
			if err != nil {
				t.Fatalf("FromSetup(%s): %v", p.SFEN(), err)
			}
			if q.SFEN() != p.SFEN() || q.Key() != p.Key() || q.InCheck() != p.InCheck() {
				t.Fatalf("FromSetup: %s vs %s", q.SFEN(), p.SFEN())
			}
			e, err := ParseSetup(d.SFEN())
			if err != nil || e != d {
				t.Fatalf("ParseSetup(%s): %v", d.SFEN(), err)
			}
			var l MoveList
			p.Generate(GenAll, &l)
			if l.N == 0 {
				break
			}
			p.DoMove(l.Moves[rng.Intn(l.N)])
		}
	}
}

// ParseSetup checks syntax and counts, not rules; FromSetup checks the
// rules as FromSFEN does.
func TestSetupChecks(t *testing.T) {
	// Doubled pawns and the side not to move in check: a setup, not a position.
	for _, s := range []string{
		"4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1",
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
	} {
		d, err := ParseSetup(s)
		if err != nil {
			t.Fatalf("ParseSetup(%s): %v", s, err)
		}
		if _, err := FromSetup(&d, SFENOptions{}); err == nil {
			t.Errorf("FromSetup(%s) accepted", s)
		}
		if _, err := FromSFEN(s); err == nil {
			t.Errorf("FromSFEN(%s) accepted", s)
		}
	}
	for _, s := range []string{
		"", "startpos moves", "4k4/9/9/9/9/9/9/9/4K4 x - 1", "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
		"4k4/9/9/9/9/9/9/9/4K4 b PP 1", "4kk3/9/9/9/9/9/9/9/4K4 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b - 0",
		"4k4/9/9/9/9/9/9/9/4K4 b - +5", "4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "4k4/9/9/9/9/9/9/9/4K+K3 b - 1",
	} {
		if _, err := ParseSetup(s); err == nil {
			t.Errorf("ParseSetup(%q) accepted", s)
		}
	}
	if d, err := ParseSetup("sfen startpos"); err != nil || d.SFEN() != StartSFEN {
		t.Errorf("sfen startpos: %v", err)
	}
}
