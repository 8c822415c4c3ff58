package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestCorrectionLearnsTheError: repeated updates move the correction of a
// pawn structure toward the error the search reports, bounded by corrMax,
// and leave another structure and the other side to move alone.
func TestCorrectionLearnsTheError(t *testing.T) {
	th := newThread(NewEngine(DefaultOptions()), 0, nil)
	pos := mustPos(t, board.StartSFEN)
	other := mustPos(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	if pawnIndex(pos) == pawnIndex(other) {
		t.Fatal("test positions share a pawn index")
	}
	for i := 0; i < 200; i++ {
		th.updateCorrection(pos, 20, 10)
	}
	if v := th.correctedEval(pos, 0); v < 19 || v > 20 {
		t.Errorf("after 200 updates of +20: correction %d", v)
	}
	if v := th.correctedEval(other, 0); v != 0 {
		t.Errorf("another pawn structure corrected by %d", v)
	}
	for i := 0; i < 500; i++ {
		th.updateCorrection(pos, -5000, 16)
	}
	if v := th.correctedEval(pos, 0); v != -corrMax/corrGrain {
		t.Errorf("correction %d, want the bound %d", v, -corrMax/corrGrain)
	}
}
