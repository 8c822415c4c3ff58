package board

import (
	"strings"
	"testing"
)

// Issue 22 item 13: a drop with the promotion bit is not a move, and the
// SFEN move number is digits only.
func TestDropWithPromotionIsNoMove(t *testing.T) {
	gold5e := Move(moveDropFlag) | Move(Gold)<<7 | Move(squareOf(5, 5))
	if s := gold5e.USI(); s != "G*5e" {
		t.Fatalf("G*5e: %q", s)
	}
	if s := (gold5e | movePromoteFlag).USI(); !strings.HasPrefix(s, "?") {
		t.Fatalf("drop with the promotion bit formatted as %q", s)
	}
}

func squareOf(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

func TestSFENMoveNumberDigitsOnly(t *testing.T) {
	base := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - "
	for _, n := range []string{"+5", "-5", "0", "1000001", "5x", "99999999999999999999", "٣"} {
		if _, err := FromSFEN(base + n); err == nil {
			t.Errorf("move number %q accepted", n)
		}
	}
	for n, want := range map[string]int{"5": 5, "1": 1, "1000000": 1000000, "007": 7} {
		if v, err := ParseMoveNumber(n); err != nil || v != want {
			t.Errorf("move number %q: %d %v", n, v, err)
		}
	}
}
