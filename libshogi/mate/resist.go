package mate

import (
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// resistNodes bounds each bounded solve of lengthen (one evasion, one
// bound); one that runs out vouches for nothing and is passed over.
const resistNodes = 300_000

// maxLengthenRounds bounds how often lengthen replaces a line's tail.
const maxLengthenRounds = 64

// lengthenShare is lengthen's node budget as a multiple of the nodes the
// solve took before it (at least lengthenFloor): on musou-030 the checks
// of a right line ran on for 9M nodes (the main proof took 3M) and found
// nothing, while the swap that lengthened a wrong line cost far less.
const (
	lengthenShare = 2
	lengthenFloor = 2_000_000
)

// lengthen makes the defender resist as long as tsume rules ask, with true
// lengths instead of the table's proof lengths (upper bounds, loose where
// interpositions were proved). At each defender move of the line it asks
// of every other evasion, by a bounded solve from a shared-table helper,
// whether the attacker still mates within the plies the line has left
// (two more after a useless interposition: it only adds its capture). An
// evasion proven to escape that bound resists longer: the line takes it,
// and its tail is solved again (unbounded, then shortened) from there. The
// defender's moves are checked from the last one back (the bounds near
// the end are small and their solves cheap, so the budget goes first where
// it buys most); after a swap the new tail is checked from its end again.
// A line whose defender already resists longest comes back unchanged.
// Every line returned is verified.
func (s *Solver) lengthen(pos *board.Position, line []board.Move) []board.Move {
	outer := s.maxNodes
	s.maxNodes = s.nodes + max(lengthenShare*s.nodes, lengthenFloor)
	if outer != 0 {
		s.maxNodes = min(s.maxNodes, outer)
	}
	defer func() { s.maxNodes = outer }()
	h := s.helper()
	var ml board.MoveList
	rounds := 0
	before := positionsAlong(pos, line)
	for i := len(line) - 2; i >= 1 && !s.helperStopped(); i -= 2 {
		if rounds >= maxLengthenRounds {
			break
		}
		q := before[i]
		e, ok := s.longerEvasion(h, q, line[i], len(line)-i-1, &ml)
		if !ok {
			continue
		}
		tail, ok := s.solveTail(h, q, e)
		if !ok {
			continue
		}
		longer := append(append(append([]board.Move(nil), line[:i]...), e), tail...)
		if verifyLine(pos, longer) != nil {
			continue
		}
		line, before = longer, positionsAlong(pos, longer)
		rounds++
		i = len(line) // odd: the loop's step makes it the new last defender move
	}
	return line
}

// positionsAlong returns the position before each move of line.
func positionsAlong(pos *board.Position, line []board.Move) []*board.Position {
	out := make([]*board.Position, len(line))
	q := pos.Clone()
	for i, m := range line {
		out[i] = q.Clone()
		q.DoMove(m)
	}
	return out
}

// longerEvasion returns an evasion at q (defender to move) other than
// played after which the attacker has no mate within rem plies (rem+2
// after a useless interposition), proven by a bounded solve.
func (s *Solver) longerEvasion(h *Solver, q *board.Position, played board.Move, rem int, ml *board.MoveList) (board.Move, bool) {
	q.GenerateLegal(ml)
	for _, e := range ml.Slice() {
		if e == played {
			continue
		}
		bound := rem + int(extraPlies(q, e))
		q.DoMove(e)
		escaped := h.escapes(q, bound)
		q.UndoMove()
		if escaped {
			return e, true
		}
		if s.helperStopped() {
			break
		}
	}
	return 0, false
}

// escapes reports whether a bounded solve of pos (attacker to move) proves
// that no mate completes within bound plies. The table is cleared first:
// numbers left by other roots and bounds mislead a bounded search.
func (h *Solver) escapes(pos *board.Position, bound int) bool {
	h.begin(pos)
	h.maxNodes = resistNodes
	if p := h.parent; p.maxNodes != 0 {
		if p.nodes >= p.maxNodes {
			return false
		}
		h.maxNodes = min(h.maxNodes, p.maxNodes-min(p.nodes, p.maxNodes))
	}
	h.limit = bound
	h.tt.clear()
	r := h.mid(0, inf, inf)
	h.parent.nodes += h.nodes
	h.limit = 0
	return r.dn == 0 && r.anc == noAnc
}

// solveTail solves the position after the defender's evasion e at q
// (unbounded, shortened, verified) and returns its line.
func (s *Solver) solveTail(h *Solver, q *board.Position, e board.Move) ([]board.Move, bool) {
	c := q.Clone()
	c.DoMove(e)
	lim := Limits{Stop: s.extStop}
	if !s.deadline.IsZero() {
		lim.Time = time.Until(s.deadline)
		if lim.Time <= 0 {
			return nil, false
		}
	}
	if s.maxNodes != 0 {
		if s.nodes >= s.maxNodes {
			return nil, false
		}
		lim.Nodes = s.maxNodes - s.nodes
	}
	h.tt.clear()
	res, err := h.Solve(c, lim)
	s.nodes += res.Nodes
	if err != nil || res.Status != Mate {
		return nil, false
	}
	return res.Line, true
}

// helper returns the solver that lengthen's solves run on: it shares the
// table (the main proof is done with it) and the limits of s.
func (s *Solver) helper() *Solver {
	if s.sub == nil {
		s.sub = &Solver{tt: s.tt, parent: s}
	}
	s.sub.deadline, s.sub.extStop = s.deadline, s.extStop
	return s.sub
}

// helperStopped reports whether lengthen must end: the solve's limits.
func (s *Solver) helperStopped() bool {
	return s.stopOrDeadline() || (s.maxNodes != 0 && s.nodes >= s.maxNodes)
}
