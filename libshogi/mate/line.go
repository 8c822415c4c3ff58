package mate

import (
	"fmt"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// extract follows the proof from the root under tsume rules: the attacker
// takes the proven check of shortest known length, the defender the
// evasion that lasts longest, useless interpositions aside. A kid the
// table no longer knows is proved again on the spot. The solver's position
// is back at the root afterwards.
func (s *Solver) extract() ([]board.Move, bool) {
	pos := s.pos
	var line []board.Move
	// Under a bound, a candidate useless interposition's subtree has its
	// extra plies (futile.go): the line follows it with the bound raised.
	outerLimit := s.limit
	defer func() {
		for range line {
			pos.UndoMove()
		}
		s.path = s.path[:1]
		s.limit = outerLimit
	}()
	for ply := 0; ply < MaxPly-2; ply++ {
		attacker := ply%2 == 0
		f := s.frame(ply)
		s.expand(ply, f, attacker)
		if len(f.kids) == 0 {
			return append([]board.Move(nil), line...), !attacker
		}
		var pick int
		var ok bool
		if attacker {
			pick, ok = s.pickCheck(ply, f)
		} else {
			pick, ok = s.pickEvasion(ply, f)
		}
		if !ok {
			return nil, false
		}
		m := f.kids[pick].move
		if s.limit > 0 {
			s.limit += int(f.kids[pick].extra)
		}
		pos.DoMove(m)
		s.path = append(s.path[:ply+1], pos.Key())
		line = append(line, m)
	}
	return nil, false
}

// proveKid searches kid i of the frame at ply to a final result (the
// extraction's fallback when the table lost it) within the solve's limits.
func (s *Solver) proveKid(ply int, f *frame, i int) {
	k := &f.kids[i]
	s.pos.DoMove(k.move)
	s.path = append(s.path[:ply+1], s.pos.Key())
	r := s.mid(ply+1, inf, inf)
	s.pos.UndoMove()
	k = &f.kids[i]
	k.pn, k.dn, k.length = r.pn, r.dn, r.length
	if r.pn == 0 || r.dn == 0 {
		k.phand = r.hand
	}
}

// pickCheck returns the proven check with the shortest known mate. If the
// table lost every proof here, the node is proved again.
func (s *Solver) pickCheck(ply int, f *frame) (int, bool) {
	best := -1
	for i := range f.kids {
		if k := &f.kids[i]; k.pn == 0 && (best < 0 || k.length < f.kids[best].length) {
			best = i
		}
	}
	if best >= 0 {
		return best, true
	}
	for i := range f.kids {
		if f.kids[i].local {
			continue
		}
		s.proveKid(ply, f, i)
		if f.kids[i].pn == 0 {
			return i, true
		}
		if s.aborted {
			return 0, false
		}
	}
	return 0, false
}

// pickEvasion returns the evasion that resists longest: under a bound the
// one that needs the whole bound (tightEvasion, with the rule for useless
// interpositions), otherwise the one whose proof is longest.
func (s *Solver) pickEvasion(ply int, f *frame) (int, bool) {
	for i := range f.kids {
		if f.kids[i].pn != 0 {
			s.proveKid(ply, f, i)
			if f.kids[i].pn != 0 {
				return 0, false
			}
		}
	}
	if s.limit > 0 {
		if i, ok := s.tightEvasion(ply, f); ok {
			return i, true
		}
	}
	// Without a bound (or when the bound's search ran out): the longest
	// proof found. Useless interpositions are sorted out by the bounded
	// extraction that the shortening runs (tightEvasion).
	best := 0
	for i := range f.kids {
		if lengthAbove(&f.kids[i]) > lengthAbove(&f.kids[best]) {
			best = i
		}
	}
	return best, true
}

// lengthAbove is a proven kid's length as its defender node counts it
// (a candidate useless interposition's two plies aside).
func lengthAbove(k *kid) int { return int(k.length) - int(k.extra) }

// verifyLine replays line from pos: every move legal, every attacker move
// a check, the final position mate with the defender to move, and the
// mating move not a pawn drop.
func verifyLine(pos *board.Position, line []board.Move) error {
	if len(line)%2 == 0 {
		return fmt.Errorf("mate line of even length %d", len(line))
	}
	p := pos.Clone()
	for i, m := range line {
		if !p.IsLegal(m) {
			return fmt.Errorf("move %d (%s) is illegal", i+1, m.USI())
		}
		if i%2 == 0 && !p.GivesCheck(m) {
			return fmt.Errorf("attacker move %d (%s) does not check", i+1, m.USI())
		}
		p.DoMove(m)
	}
	last := line[len(line)-1]
	if last.IsDrop() && last.DropType() == board.Pawn {
		return fmt.Errorf("the line ends in a pawn-drop mate")
	}
	if !p.InCheck() || p.HasLegalMove() {
		return fmt.Errorf("the final position is not mate")
	}
	return nil
}

// VerifyLine checks a claimed mate line from pos by replay (see Solve).
func VerifyLine(pos *board.Position, line []board.Move) error { return verifyLine(pos, line) }

// shorten makes the line as short as the attacker can force: it solves
// again with the mate bounded below the best line so far (each bound with a
// node budget of its own, since a bounded df-pn can wander), keeps every
// shorter verified line, and stops at a proven bound failure or after two
// bounds that ran out of budget. It returns the shortest verified line.
func (s *Solver) shorten(pos *board.Position, line []board.Move) []board.Move {
	outer, outerLimit := s.maxNodes, s.limit
	budget := max(min(4*s.nodes, shortenCap), 100_000)
	defer func() { s.limit, s.maxNodes = outerLimit, outer }()
	misses := 0
	for bound := len(line) - 2; bound >= 1 && misses < 2; bound -= 2 {
		if s.stopOrDeadline() || (outer != 0 && s.nodes >= outer) {
			break
		}
		s.limit, s.aborted = bound, false
		s.maxNodes = s.nodes + budget
		if outer != 0 {
			s.maxNodes = min(s.maxNodes, outer)
		}
		s.path = s.path[:1]
		// A fresh table: numbers left by other bounds mislead a bounded search.
		s.tt.clear()
		r := s.mid(0, inf, inf)
		if r.dn == 0 && r.anc == noAnc {
			break // no mate within bound: the line is as short as it gets
		}
		if r.pn != 0 {
			misses++
			continue
		}
		l, ok := s.extract()
		if !ok || verifyLine(pos, l) != nil {
			misses++
			continue
		}
		if len(l) < len(line) {
			line = l
			bound = len(l)
		}
		misses = 0
	}
	return line
}

// shortenCap caps the shortening's budget per bound: on a long problem a
// bound just below the true length is a disproof out of reach, and four
// times a main proof of millions of nodes per bound took most of the
// solve (musou-030: 3M nodes main proof, 25M in all).
const shortenCap = 4_000_000

// stopOrDeadline reads the stop flag and the clock.
func (s *Solver) stopOrDeadline() bool {
	return s.stop.Load() || (s.extStop != nil && s.extStop.Load()) || (!s.deadline.IsZero() && time.Now().After(s.deadline)) ||
		(s.parent != nil && s.parent.stop.Load())
}

// tightEvasion finds the evasion that needs the whole bound: one that
// the attacker cannot mate two plies sooner than its allowance (the bound,
// plus two for a candidate useless interposition: futile.go). An evasion
// that is not a candidate is preferred; a candidate is taken only when no
// other evasion needs the bound (it is then a useful interposition, or all
// the defender has).
func (s *Solver) tightEvasion(ply int, f *frame) (int, bool) {
	saved := s.limit
	defer func() { s.limit = saved }()
	// escapes reports whether kid i escapes a mate completed by ply bound.
	escapes := func(i, bound int) (bool, bool) {
		s.limit = bound
		k := &f.kids[i]
		s.pos.DoMove(k.move)
		s.path = append(s.path[:ply+1], s.pos.Key())
		r := s.mid(ply+1, inf, inf)
		s.pos.UndoMove()
		return r.pn != 0, !s.aborted
	}
	for _, candidates := range [2]bool{false, true} {
		for i := range f.kids {
			extra := int(f.kids[i].extra)
			if (extra != 0) != candidates {
				continue
			}
			esc, ok := escapes(i, saved+extra-2)
			if !ok {
				return 0, false
			}
			if esc {
				return i, true
			}
		}
	}
	return 0, false
}
