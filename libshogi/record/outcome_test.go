package record

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The three encodings of a result (docs/specs/formats.md: hcpe's absolute
// byte, PackedSfenValue's result relative to the side to move).
func TestOutcomeEncodings(t *testing.T) {
	cases := []struct {
		o        Outcome
		hcpe     uint8
		relBlack int8 // PackedSfenValue game_result with Black to move
		relWhite int8
	}{
		{BlackWin, 1, 1, -1},
		{WhiteWin, 2, -1, 1},
		{Draw, 0, 0, 0},
		{NoResult, 0, 0, 0},
	}
	for _, c := range cases {
		if got := c.o.HCPE(); got != c.hcpe {
			t.Errorf("%v.HCPE() = %d, want %d", c.o, got, c.hcpe)
		}
		if got := c.o.Relative(board.Black); got != c.relBlack {
			t.Errorf("%v.Relative(Black) = %d, want %d", c.o, got, c.relBlack)
		}
		if got := c.o.Relative(board.White); got != c.relWhite {
			t.Errorf("%v.Relative(White) = %d, want %d", c.o, got, c.relWhite)
		}
		if c.o == NoResult {
			continue
		}
		if got := OutcomeFromHCPE(c.hcpe | FlagRepetition); got != c.o {
			t.Errorf("OutcomeFromHCPE(%d) = %v, want %v", c.hcpe, got, c.o)
		}
		if got := OutcomeFromRelative(c.relBlack, board.Black); got != c.o {
			t.Errorf("OutcomeFromRelative(%d, Black) = %v, want %v", c.relBlack, got, c.o)
		}
		if got := OutcomeFromRelative(c.relWhite, board.White); got != c.o {
			t.Errorf("OutcomeFromRelative(%d, White) = %v, want %v", c.relWhite, got, c.o)
		}
	}
	if OutcomeFromHCPE(3) != NoResult {
		t.Error("result bits 3 must be no result")
	}
}
