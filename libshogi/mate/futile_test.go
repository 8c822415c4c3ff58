package mate

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// futileMate is the rule of futile.go written as a plain AND/OR recursion
// with no table (the reference the solver is checked against): the
// attacker to move at p mates within n plies when some check leaves the
// defender no move, or, with n >= 3, some check after which every evasion
// is mated within n-2 plies (n for a candidate useless interposition).
// futile false drops the allowance (every evasion counts in full).
func futileMate(p *board.Position, n int, futile bool) bool {
	if n < 1 {
		return false
	}
	var checks, evasions board.MoveList
	p.GenerateChecks(&checks)
	for _, c := range checks.Slice() {
		p.DoMove(c)
		p.GenerateLegal(&evasions)
		mated := evasions.N == 0
		if !mated && n >= 3 {
			mated = true
			for _, e := range evasions.Slice() {
				bound := n - 2
				if futile {
					bound += int(extraPlies(p, e))
				}
				p.DoMove(e)
				ok := futileMate(p, bound, futile)
				p.UndoMove()
				if !ok {
					mated = false
					break
				}
			}
		}
		p.UndoMove()
		if mated {
			return true
		}
	}
	return false
}

// futileLength is the shortest n <= max within which futileMate holds, or 0.
func futileLength(p *board.Position, max int, futile bool) int {
	for n := 1; n <= max; n += 2 {
		if futileMate(p, n, futile) {
			return n
		}
	}
	return 0
}

// futileCases are small positions (attacker black, to move) whose lengths
// with and without the rule for useless interpositions are known: worked
// out by hand, and checked by futileLength.
var futileCases = []struct {
	name, sfen string
	plain, rule int // mate length counting every interposition, and under the rule
}{
	{"toy", "8k/R5S2/7G1/9/9/9/9/9/9 b p 1", 3, 3},
}

// musou-010 after its sixth ply (1d1c+ 2b1c): the composer's mate has 13
// plies more, with N*1g after R*1i; P*1d next to the king, taken by the
// bishop (4a1d+) under the rook's guard, lengthens it by its two plies:
// the rule must not count it.
func TestUselessAdjacentDropMusou010(t *testing.T) {
	pr := problemByID(t, "musou-010")
	pos := tsumePosition(t, pr.sfen)
	for _, u := range pr.solution[:6] {
		m, err := pos.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.DoMove(m)
	}
	s := New(64)
	res, err := s.Solve(pos, Limits{Nodes: 3_000_000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v, %d plies, %d nodes: %s", res.Status, len(res.Line), res.Nodes, lineText(res.Line))
	if res.Status != Mate || len(res.Line) != len(pr.solution)-6 {
		t.Fatalf("%v with %d plies, want a mate of %d", res.Status, len(res.Line), len(pr.solution)-6)
	}
	if err := VerifyLine(pos, res.Line); err != nil {
		t.Fatal(err)
	}
	// P*1d after R*1i is a candidate: two attacker pieces guard 1d.
	q := pos.Clone()
	r, err := q.ParseMove("R*1i")
	if err != nil {
		t.Fatal(err)
	}
	q.DoMove(r)
	for _, u := range []string{"P*1d", "N*1g", "P*1h"} {
		m, err := q.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s candidate: %v", u, uselessInterposition(q, m))
	}
}

func problemByID(t *testing.T, id string) problem {
	t.Helper()
	for _, pr := range loadProblems(t) {
		if pr.id == id {
			return pr
		}
	}
	t.Fatalf("%s not in the file", id)
	return problem{}
}

func TestFutileCasesBrute(t *testing.T) {
	for _, c := range futileCases {
		pos, err := board.FromSFENWith(c.sfen, board.SFENOptions{Tsume: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		t.Logf("%s: plain %d, rule %d", c.name, futileLength(pos, 7, false), futileLength(pos, 7, true))
	}
}
