package board

import (
	"math/rand"
	"testing"
)

// TestPendingSetUpKey: after SetPieces leaves the set-up key pending,
// every reader sees the key of the position (ComputeKey, and the key the
// same position has when set from SFEN text), the first DoMove stores it,
// and moves, null moves, repetition and copies behave as with a key
// computed at once.
func TestPendingSetUpKey(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	g := NewPosition()
	checked := 0
	for ply := 0; ply < 400; ply++ {
		var ml MoveList
		g.GenerateLegal(&ml)
		if ml.N == 0 || ply%100 == 99 {
			g = NewPosition()
			continue
		}
		g.DoMove(ml.Moves[rng.Intn(ml.N)])
		sq := g.Squares()
		want, err := FromSFEN(g.SFEN())
		if err != nil {
			t.Fatal(err)
		}
		p := NewPosition()
		if err := p.SetPieces(&sq, [2]Hand{g.Hand(Black), g.Hand(White)}, g.SideToMove(), 1, SFENOptions{}); err != nil {
			t.Fatal(err)
		}
		if !p.keyPending {
			continue // not the fast path (SetPieces computes the key then)
		}
		checked++
		if p.Key() != want.Key() || p.Key() != p.ComputeKey() {
			t.Fatalf("%s: pending key reads %x, want %x", g.SFEN(), p.Key(), want.Key())
		}
		if p.RepetitionCount() != 1 || p.Repetition() != RepNone || p.RepetitionInSearch(16) != RepNone {
			t.Fatalf("%s: a set-up position occurs once", g.SFEN())
		}
		c := p.Clone()
		var moves MoveList
		p.GenerateLegal(&moves)
		m := moves.Moves[rng.Intn(moves.N)]
		after := p.KeyAfter(m)
		p.DoMove(m)
		if p.keyPending || p.Key() != after || p.Key() != p.ComputeKey() {
			t.Fatalf("%s: after %s key %x, KeyAfter said %x", g.SFEN(), m, p.Key(), after)
		}
		p.UndoMove()
		if p.Key() != want.Key() || p.states[0].key != want.Key() {
			t.Fatalf("%s: the stored set-up key %x, want %x", g.SFEN(), p.states[0].key, want.Key())
		}
		if c.Key() != want.Key() || !c.keyPending { // the copy keeps its own pending key
			t.Fatalf("%s: clone key %x pending %v", g.SFEN(), c.Key(), c.keyPending)
		}
		if !c.InCheck() {
			c.DoNullMove()
			if c.Key() != want.Key()^zobSide {
				t.Fatalf("%s: null move key %x, want %x", g.SFEN(), c.Key(), want.Key()^zobSide)
			}
			c.UndoNullMove()
		}
		// four returns to the set-up position: the fourth is a repetition
		for i := 0; i < 3; i++ {
			if !c.InCheck() {
				c.DoNullMove()
				c.DoNullMove()
			}
		}
		if !c.InCheck() && c.RepetitionCount() != 4 {
			t.Fatalf("%s: %d occurrences after three null-move cycles, want 4", g.SFEN(), c.RepetitionCount())
		}
	}
	if checked < 300 {
		t.Fatalf("only %d positions took the fast path", checked)
	}
}
