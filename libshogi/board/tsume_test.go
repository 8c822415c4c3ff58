package board

import (
	"strings"
	"testing"
)

func TestSFENTsumeOption(t *testing.T) {
	// Only the attacker's king: accepted by default, refused in tsume mode.
	onlyAttacker := "9/9/9/9/9/9/9/9/4K4 b G 1"
	if _, err := FromSFEN(onlyAttacker); err != nil {
		t.Fatalf("default validation: %v", err)
	}
	if _, err := FromSFENWith(onlyAttacker, SFENOptions{Tsume: true}); err == nil || !strings.Contains(err.Error(), "no king") {
		t.Fatalf("tsume mode accepted a problem without the defender's king (err %v)", err)
	}
	// Only the defender's king: accepted in tsume mode.
	p, err := FromSFENWith("4k4/9/4P4/9/9/9/9/9/9 b G 1", SFENOptions{Tsume: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.KingSquare(Black) != NoSquare || p.KingSquare(White) != NewSquare(5, 1) {
		t.Fatalf("kings %v %v", p.KingSquare(Black), p.KingSquare(White))
	}
}

func TestGiveRemainingPieces(t *testing.T) {
	p, err := FromSFEN("4k4/9/4P4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	p.GiveRemainingPieces(White)
	if got, want := p.SFEN(), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"; got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	if p.Key() != p.ComputeKey() {
		t.Fatal("key not recomputed")
	}
	// A full set stays as it is.
	q := NewPosition()
	q.GiveRemainingPieces(White)
	if q.SFEN() != StartSFEN {
		t.Fatalf("start position changed: %s", q.SFEN())
	}
}

func TestHandKey(t *testing.T) {
	p, err := FromSFEN("4k4/9/9/9/9/9/9/9/4K4 b 2GP3s 1")
	if err != nil {
		t.Fatal(err)
	}
	q, err := FromSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.Key()^HandKey(Black, p.Hand(Black))^HandKey(White, p.Hand(White)) != q.Key() {
		t.Fatal("removing both hand keys does not give the empty-hand key")
	}
}
