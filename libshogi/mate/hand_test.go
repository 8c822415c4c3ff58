package mate

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func randomHand(r *rand.Rand) board.Hand {
	var h board.Hand
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		h = h.Set(pt, r.IntN(board.MaxInHand[pt]+1))
	}
	return h
}

// covers must agree with board.Hand.Dominates, field by field.
func TestCoversAgreesWithDominates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100000; i++ {
		a, b := randomHand(r), randomHand(r)
		if i%3 == 0 {
			b = handMin(a, b) // many covered pairs
		}
		if covers(a, b) != a.Dominates(b) {
			t.Fatalf("covers(%x,%x)=%v, Dominates=%v", a, b, covers(a, b), a.Dominates(b))
		}
		m := handMax(a, b)
		if !m.Dominates(a) || !m.Dominates(b) || !a.Dominates(handMin(a, b)) {
			t.Fatalf("max/min of %x %x", a, b)
		}
	}
}
