package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// mateInThreeBrute decides the probe's question by making every legal
// move: is there a check after which every legal evasion leaves us not in
// check and with a contact check that mates (contactMatesBrute)?
func mateInThreeBrute(pos *board.Position) []board.Move {
	var ml, ev board.MoveList
	pos.GenerateLegal(&ml)
	var found []board.Move
	for _, c := range ml.Slice() {
		if !pos.GivesCheck(c) {
			continue
		}
		pos.DoMove(c)
		pos.GenerateLegal(&ev)
		all := true
		for _, e := range ev.Slice() {
			pos.DoMove(e)
			all = !pos.InCheck() && len(contactMatesBrute(pos)) > 0
			pos.UndoMove()
			if !all {
				break
			}
		}
		pos.UndoMove()
		if all {
			found = append(found, c)
		}
	}
	return found
}

// TestMateInThreeAgreesWithBruteForce: on random-play positions the probe
// finds a mate in three exactly when the brute force does, returns one of
// its checks, and leaves the position as it was; every reported mate is
// also checked to be a mate by playing it out (each evasion, then every
// legal move of ours looked at for one that leaves no legal reply).
func TestMateInThreeAgreesWithBruteForce(t *testing.T) {
	positions := contactMatePositions(t, 20)
	var l mateProbeLists
	n, mates := 0, 0
	for _, pos := range positions {
		n++
		key, sfen := pos.Key(), pos.SFEN()
		got := l.mateInThree(pos)
		if pos.Key() != key || pos.SFEN() != sfen {
			t.Fatalf("%s: the probe changed the position to %s", sfen, pos.SFEN())
		}
		want := mateInThreeBrute(pos)
		if (got == board.MoveNone) != (len(want) == 0) {
			t.Fatalf("%s: probe %v, brute force %v", sfen, got, want)
		}
		if got == board.MoveNone {
			continue
		}
		ok := false
		for _, m := range want {
			ok = ok || m == got
		}
		if !ok {
			t.Fatalf("%s: probe %v not among %v", sfen, got, want)
		}
		mates++
		if !matesInThreePlayedOut(pos, got) {
			t.Fatalf("%s: %v does not mate in three when played out", sfen, got)
		}
	}
	t.Logf("%d positions, %d mates in three", n, mates)
	if mates < 20 {
		t.Fatalf("too few mates to cross-check: %d", mates)
	}
}

// matesInThreePlayedOut: after c, every legal reply has a move of ours
// after which the opponent has no legal move.
func matesInThreePlayedOut(pos *board.Position, c board.Move) bool {
	var ev, ours board.MoveList
	pos.DoMove(c)
	defer pos.UndoMove()
	pos.GenerateLegal(&ev)
	for _, e := range ev.Slice() {
		pos.DoMove(e)
		pos.GenerateLegal(&ours)
		mated := false
		for _, m := range ours.Slice() {
			pos.DoMove(m)
			mated = !pos.HasLegalMove()
			pos.UndoMove()
			if mated {
				break
			}
		}
		pos.UndoMove()
		if !mated {
			return false
		}
	}
	return true
}
