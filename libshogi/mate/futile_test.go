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

// A hand-made position: white king 2a, black rook 4b, black holds B S L,
// white the rest. B*4c checks along 4c-3b-2a; 2a1a is met by L*1b (the
// rook guards 1b), 2a3a by 4b3b+; a piece dropped on 3b, next to the king
// but guarded by the rook and the bishop, is taken (4b3b+), and after 2a1a
// L*1b mates as before. Counting the drop the shortest mate has 5 plies;
// the drop only adds its capture, so under the rule it has 3.
const futileAdjacentSFEN = "7k1/5R3/9/9/9/9/9/9/9 b BSLrb4g3s4n3l18p 1"

func TestUselessAdjacentDrop(t *testing.T) {
	pos, err := board.FromSFENWith(futileAdjacentSFEN, board.SFENOptions{Tsume: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := futileLength(pos, 5, false); got != 5 {
		t.Errorf("counting every interposition: mate in %d, want 5", got)
	}
	if got := futileLength(pos, 5, true); got != 3 {
		t.Errorf("under the rule: mate in %d, want 3", got)
	}
	s := New(16)
	res, err := s.Solve(pos, Limits{Nodes: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Mate || len(res.Line) != 3 {
		t.Fatalf("%v, line %s: want a 3-ply mate", res.Status, lineText(res.Line))
	}
	if err := VerifyLine(pos, res.Line); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 3} {
		res, err := s.Solve(pos, Limits{Nodes: 1_000_000, MaxPlies: n})
		if err != nil {
			t.Fatal(err)
		}
		if want := n == 3; (res.Status == Mate) != want {
			t.Errorf("MaxPlies %d: %v, want mate %v", n, res.Status, want)
		}
	}
}

// The candidate test itself on hand-made positions: black checks, white
// answers.
func TestUselessInterpositionCandidates(t *testing.T) {
	cases := []struct {
		sfen, check, move string
		want              bool
	}{
		// 3b next to the king, guarded by the bishop and the rook.
		{futileAdjacentSFEN, "B*4c", "P*3b", true},
		{futileAdjacentSFEN, "B*4c", "G*3b", true},
		{futileAdjacentSFEN, "B*4c", "2a1a", false}, // not a drop
		// Without the rook only the bishop guards 3b: the king takes back.
		{"7k1/9/9/9/9/9/9/9/9 b Bg 1", "B*4c", "G*3b", false},
		// B*6e checks 2a along 5d-4c-3b; the white gold on 4b guards 4c
		// and 3b, not 5d.
		{"7k1/5g3/9/9/9/9/9/9/9 b Bp 1", "B*6e", "P*5d", true},
		{"7k1/5g3/9/9/9/9/9/9/9 b Bp 1", "B*6e", "P*4c", false},
		{"7k1/5g3/9/9/9/9/9/9/9 b Bp 1", "B*6e", "P*3b", false},
		// The gold moved onto the line (移動合) counts in full.
		{"7k1/5g3/9/9/9/9/9/9/9 b Bp 1", "B*6e", "4b4c", false},
	}
	for _, c := range cases {
		pos, err := board.FromSFENWith(c.sfen, board.SFENOptions{Tsume: true})
		if err != nil {
			t.Fatalf("%s: %v", c.sfen, err)
		}
		var m board.Move
		for _, u := range []string{c.check, c.move} {
			if m, err = pos.ParseMove(u); err != nil {
				t.Fatalf("%s %s: %v", c.sfen, u, err)
			}
			if u == c.check {
				pos.DoMove(m)
			}
		}
		if got := uselessInterposition(pos, m); got != c.want {
			t.Errorf("%s %s %s: candidate %v, want %v", c.sfen, c.check, c.move, got, c.want)
		}
	}
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
	// P*1d after R*1i is a candidate: the bishop and the rook guard 1d.
	q := pos.Clone()
	for _, u := range []string{"R*1i", "P*1d"} {
		m, err := q.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		if u == "P*1d" && !uselessInterposition(q, m) {
			t.Error("P*1d after R*1i is not a candidate useless interposition")
		}
		q.DoMove(m)
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
