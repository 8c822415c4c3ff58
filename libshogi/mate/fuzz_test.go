package mate

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// FuzzSolve solves any position the tsume SFEN reader accepts with a mate
// bound of 3 plies: it must not panic, a mate line must replay, and the
// answer must agree with the brute-force oracle when the solve finishes.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{
		"8k/9/6NG1/9/9/9/9/9/9 b P 1", "9/k8/3R3n1/9/9/9/9/9/9 b SN 1", "4k4/9/9/9/9/9/9/9/9 b R 1",
		"9/1k7/9/2+B6/9/9/9/9/9 b BGS2r3g3s4n4l18p 1", futileAdjacentSFEN, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	} {
		f.Add(s)
	}
	s := New(1)
	f.Fuzz(func(t *testing.T, sfen string) {
		p, err := board.FromSFENWith(sfen, board.SFENOptions{Tsume: true})
		if err != nil {
			return
		}
		res, err := s.Solve(p, Limits{Nodes: 20_000, MaxPlies: 3})
		if err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
		if res.Status == Mate {
			if err := VerifyLine(p, res.Line); err != nil {
				t.Fatalf("%s: %v", sfen, err)
			}
		}
		// MaxPlies bounds the mate under the rule for useless
		// interpositions (futile.go): the oracle is its brute force.
		if res.Status != Unknown && (res.Status == Mate) != futileMate(p.Clone(), 3, true) {
			t.Fatalf("%s: %v, brute force of the rule disagrees", sfen, res.Status)
		}
	})
}
