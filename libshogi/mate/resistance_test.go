package mate

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// checkResistance checks, by bounded solves independent of the line's own
// length pass, that the defender resists as long as tsume rules ask at
// every one of its moves in line: after any other evasion the attacker
// mates within the plies the line still has (a useless interposition may
// add its capture: two more). nodes bounds each solve; running out is a
// failure too (the budget is too small to vouch for the line).
func checkResistance(t *testing.T, id string, pos *board.Position, line []board.Move, nodes uint64) {
	t.Helper()
	s := New(16)
	q := pos.Clone()
	var ml board.MoveList
	for i, m := range line {
		if i%2 == 1 {
			rem := len(line) - i - 1
			q.GenerateLegal(&ml)
			for _, e := range ml.Slice() {
				if e == m {
					continue
				}
				bound := rem
				if uselessInterposition(q, e) {
					bound += 2
				}
				r := q.Clone()
				r.DoMove(e)
				s.Clear()
				res, err := s.Solve(r, Limits{MaxPlies: bound, Nodes: nodes})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != Mate {
					t.Errorf("%s: at ply %d the line plays %s, but after %s the attacker has no mate within %d plies (%v): the defender did not resist longest",
						id, i+1, m.USI(), e.USI(), bound, res.Status)
				}
			}
		}
		q.DoMove(m)
	}
}
