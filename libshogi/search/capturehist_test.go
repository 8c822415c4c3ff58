package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestCaptureHistoryBounded: repeated bonuses and maluses converge within
// ±histMax (the gravity term), a rewarded capture scores above a punished
// one, and entries are kept apart by the captured type.
func TestCaptureHistoryBounded(t *testing.T) {
	pos, err := board.FromSFEN("4k4/9/4p4/4s4/9/4R4/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	take, err := pos.ParseMove("5f5d")
	if err != nil {
		t.Fatal(err)
	}
	var h captureHistory
	for i := 0; i < 1000; i++ {
		h.update(pos, take, bonus(20))
	}
	if v := *h.entry(pos, take); v <= 0 || v > histMax {
		t.Fatalf("after bonuses: %d, want in (0, %d]", v, histMax)
	}
	if h.score(pos, take) <= 0 {
		t.Fatalf("a rewarded capture scores %d", h.score(pos, take))
	}
	for i := 0; i < 1000; i++ {
		h.update(pos, take, -bonus(20))
	}
	if v := *h.entry(pos, take); v >= 0 || v < -histMax {
		t.Fatalf("after maluses: %d, want in [-%d, 0)", v, histMax)
	}
	// The same rook move onto the square with a gold there instead
	// indexes another entry, still zero.
	pos2, err := board.FromSFEN("4k4/9/4p4/4g4/9/4R4/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	if v := *h.entry(pos2, take); v != 0 {
		t.Fatalf("a capture of another type shares the entry: %d", v)
	}
}
