package mate

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func solveSFEN(t *testing.T, sfen string, lim Limits) Result {
	t.Helper()
	p := tsumePosition(t, sfen)
	res, err := New(4).Solve(p, lim)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == Mate {
		if err := VerifyLine(p, res.Line); err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
	}
	return res
}

// The pawn drop on 1b would mate (gold and knight cover every escape) and
// is illegal; nothing else mates. With a lance in hand the same drop mates.
func TestPawnDropMateIsNoMate(t *testing.T) {
	if r := solveSFEN(t, "8k/9/6NG1/9/9/9/9/9/9 b P 1", Limits{Nodes: 100_000}); r.Status != NoMate {
		t.Errorf("pawn-drop position: %v %s", r.Status, lineText(r.Line))
	}
	r := solveSFEN(t, "8k/9/6NG1/9/9/9/9/9/9 b L 1", Limits{Nodes: 100_000})
	if r.Status != Mate || lineText(r.Line) != "L*1b" {
		t.Errorf("lance-drop position: %v %s", r.Status, lineText(r.Line))
	}
}

// A lone rook checks for ever and never mates: the checks cycle, and the
// solver proves no mate instead of looping or trusting a repetition.
func TestPerpetualCheckIsNoMate(t *testing.T) {
	p := tsumePosition(t, "4k4/9/9/9/9/9/9/9/9 b R 1")
	p.GiveRemainingPieces(board.White)
	res, err := New(4).Solve(p, Limits{Nodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != NoMate {
		t.Errorf("lone rook: %v after %d nodes", res.Status, res.Nodes)
	}
	// Without interposing pieces (the defender's hand empty) still no mate.
	if r := solveSFEN(t, "4k4/9/9/9/9/9/9/9/9 b R 1", Limits{Nodes: 2_000_000}); r.Status != NoMate {
		t.Errorf("lone rook, empty defender hand: %v after %d nodes", r.Status, r.Nodes)
	}
}

func TestLimitsAndErrors(t *testing.T) {
	hard := ""
	for _, p := range loadProblems(t) {
		if p.id == "zukou-099" {
			hard = p.sfen
		}
	}
	if r := solveSFEN(t, hard, Limits{Nodes: 5000}); r.Status != Unknown || r.Nodes < 5000 || r.Nodes > 5100 {
		t.Errorf("node limit: %v after %d nodes", r.Status, r.Nodes)
	}
	start := time.Now()
	if r := solveSFEN(t, hard, Limits{Time: 200 * time.Millisecond}); r.Status != Unknown {
		t.Errorf("time limit: %v", r.Status)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a 200 ms limit took %v", d)
	}
	// Stop from another goroutine, through the solver and through a flag.
	s := New(4)
	go func() { time.Sleep(100 * time.Millisecond); s.Stop() }()
	if r, _ := s.Solve(tsumePosition(t, hard), Limits{}); r.Status != Unknown {
		t.Errorf("Stop: %v", r.Status)
	}
	var flag atomic.Bool
	go func() { time.Sleep(100 * time.Millisecond); flag.Store(true) }()
	if r, _ := s.Solve(tsumePosition(t, hard), Limits{Stop: &flag}); r.Status != Unknown {
		t.Errorf("stop flag: %v", r.Status)
	}
	p, _ := board.FromSFEN("9/9/9/9/9/9/9/9/4K4 b G 1")
	if _, err := s.Solve(p, Limits{}); !errors.Is(err, ErrNoDefenderKing) {
		t.Errorf("no defender king: %v", err)
	}
}
