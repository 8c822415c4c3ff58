package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// weakEval is a barely trained net: the test net's output divided by div,
// so that every position is worth a few units and material hardly counts.
type weakEval struct {
	Evaluator
	div int
}

func (w weakEval) Evaluate(pos *board.Position) int { return w.Evaluator.Evaluate(pos) / w.div }

// Two middle-game positions from random play with many pieces en prise for
// both sides (found by depth-1 searches of random games from the bench
// openings): the positions where the quiescence search exploded.
var qsearchExplosionPositions = []string{
	"2r2s2b/l2p1k1P1/n1G+P1pppn/1p1gp2+P1/P1p1s1PNl/1PPRP2S1/N2P1PG1+p/LK1B4G/4s3L w - 128",
	"2r2sk1b/l8/n1G+P1pppn/1p1gp2+P1/P1p1s1PNl/1PPRP2S1/N4PG1+p/LK1B4G/4s3L w 2Pp 124",
}

// TestDepthOneNodesBounded: a depth-1 search is one ply and a quiescence
// search; with a near-zero evaluation stand-pat never cuts, and before the
// quiescence search limited its captures (two per node, then only
// recaptures, checks and promotions; only recaptures from its sixth ply)
// it searched every order of every exchange: test net / 64: 15,551 and
// 25,462 nodes; the test net itself: 96,565 and 71,656 (a hash-noise
// evaluation of ±30: 2,553,365 on the first). Now 234 and 919, 361 and
// 1,647.
func TestDepthOneNodesBounded(t *testing.T) {
	const maxNodes = 5000
	net := testNetFactory(t)
	for _, div := range []int{1, 64} {
		for _, s := range qsearchExplosionPositions {
			opts := DefaultOptions()
			opts.HashMB = 16
			d := div
			opts.Eval = func() Evaluator { return weakEval{net(), d} }
			e := NewEngine(opts)
			r := e.Search(mustPos(t, s), Limits{Depth: 1, Nodes: 10 * maxNodes}, nil)
			if r.Nodes > maxNodes {
				t.Errorf("net/%d %s: depth 1 searched %d nodes, want at most %d", div, s, r.Nodes, maxNodes)
			}
			if r.Depth != 1 || r.BestMove == board.MoveNone {
				t.Errorf("net/%d %s: depth %d move %v", div, s, r.Depth, r.BestMove)
			}
		}
	}
}

// TestQsearchMateInOneAndStandingPat: a quiescence node whose side to move
// mates in one returns the mate at a PV node even where its evaluation
// alone is above beta, and at a non-PV node whenever standing pat does not
// fail high. Where it does, it stands pat: the parent learns that its move
// fails low either way (the built-in evaluation counts Black a gold and a
// pawn up here; the gold drop on 5b, guarded by the pawn, takes every
// escape of the king on 5a).
func TestQsearchMateInOneAndStandingPat(t *testing.T) {
	const ply = 1
	cases := []struct {
		name        string
		pv          bool
		alpha, beta Score
		mate        bool
	}{
		{"PV, evaluation above beta", true, -1, 0, true},
		{"non-PV, evaluation below beta", false, 4999, 5000, true},
		{"non-PV, standing pat fails high", false, -1, 0, false},
	}
	for _, c := range cases {
		e := NewEngine(DefaultOptions())
		th := e.threads[0]
		th.pos.Set(mustPos(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
		th.ev.Reset(th.pos)
		ev := th.evaluate()
		if ev <= 0 || ev >= 4999 {
			t.Fatalf("evaluation %d, want Black ahead by less than 4999", ev)
		}
		v := th.qsearch(c.pv, c.alpha, c.beta, 0, ply)
		switch {
		case c.mate && v != MateIn(ply+1):
			t.Errorf("%s: quiescence value %d, want the mate in one %d", c.name, v, MateIn(ply+1))
		case !c.mate && (v < c.beta || v >= ScoreMateInMaxPly):
			t.Errorf("%s: quiescence value %d, want the evaluation's cut (>= %d, not a mate)", c.name, v, c.beta)
		}
	}
}

// TestQsearchKeepsChecksThatLookFutile: a capture that gives check is
// searched however little it takes. Here the knight takes the pawn on 4c
// with check, forking the king on 5a and the rook on 3a, and after any
// evasion the rook falls. By material the pawn is far below alpha, and
// the promoting capture (a gold on 4c) gives no check: pruning checks by
// futility, as the quiescence search did before 0.14.0, failed low.
func TestQsearchKeepsChecksThatLookFutile(t *testing.T) {
	const ply = 1
	e := NewEngine(DefaultOptions())
	th := e.threads[0]
	th.pos.Set(mustPos(t, "4k1r2/9/5p3/9/4N4/9/9/9/4K4 b - 1"))
	th.ev.Reset(th.pos)
	ev := th.evaluate()
	alpha := ev + 400
	v := th.qsearch(false, alpha, alpha+1, 0, ply)
	if v <= alpha || v >= ScoreMateInMaxPly {
		t.Errorf("quiescence value %d with standing pat %d: want above alpha %d (the fork wins the rook)", v, ev, alpha)
	}
}
