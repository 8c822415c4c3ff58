package search

import (
	"sync/atomic"

	"github.com/libshogi/libshogi/libshogi/board"
)

// ChecksMateSearch proves tsume (checkmate by a sequence of checks) by a
// plain iterative-deepening search on the number of plies: the attacker
// (the side to move) checks on every move, the defender tries every
// evasion. It serves USI "go mate"; a proof-number solver (package mate)
// is the stronger tool. Its move lists are allocated once.
type ChecksMateSearch struct {
	pos   *board.Position
	lists [MaxPly + 1]board.MoveList
	pv    [MaxPly + 1][MaxPly + 1]board.Move
	pvLen [MaxPly + 1]int
	stop  *atomic.Bool
	Nodes uint64
}

// NewChecksMateSearch returns a solver; stop (may be nil) aborts it when set.
func NewChecksMateSearch(stop *atomic.Bool) *ChecksMateSearch {
	return &ChecksMateSearch{stop: stop}
}

// Solve looks for a mate of at most maxPly plies (odd) and returns the
// shortest one found (its moves), or nil. pos is not modified.
func (s *ChecksMateSearch) Solve(pos *board.Position, maxPly int) []board.Move {
	s.pos = pos.Clone()
	maxPly = min(maxPly, MaxPly-1)
	for d := 1; d <= maxPly; d += 2 {
		if s.attack(d, 0) {
			return append([]board.Move(nil), s.pv[0][:s.pvLen[0]]...)
		}
		if s.stopped() {
			return nil
		}
	}
	return nil
}

func (s *ChecksMateSearch) stopped() bool { return s.stop != nil && s.stop.Load() }

func (s *ChecksMateSearch) setPV(ply int, m board.Move) {
	s.pv[ply][0] = m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:n+1], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

func (s *ChecksMateSearch) attack(depth, ply int) bool {
	pos := s.pos
	s.pvLen[ply] = 0
	if s.stopped() {
		return false
	}
	if depth == 1 {
		// Any checking move that leaves no evasion (pawn-drop mate is not
		// generated: it is illegal).
		ml := &s.lists[ply]
		pos.Generate(board.GenChecks, ml)
		for _, m := range ml.Moves[:ml.N] {
			s.Nodes++
			pos.DoMove(m)
			mated := !pos.HasLegalMove()
			pos.UndoMove()
			if mated {
				s.pvLen[ply+1] = 0
				s.setPV(ply, m)
				return true
			}
		}
		return false
	}
	ml := &s.lists[ply]
	pos.Generate(board.GenChecks, ml)
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		s.Nodes++
		pos.DoMove(m)
		ok := s.defend(depth-1, ply+1)
		pos.UndoMove()
		if ok {
			s.setPV(ply, m)
			return true
		}
		if s.stopped() {
			return false
		}
	}
	return false
}

// defend reports whether every evasion loses within depth plies. The PV
// follows the evasion that lasts longest (the first one when equal).
func (s *ChecksMateSearch) defend(depth, ply int) bool {
	pos := s.pos
	s.pvLen[ply] = 0
	if pos.RepetitionInSearch(maxRepetitionPly) != board.RepNone {
		return false // perpetual check does not mate
	}
	ml := &s.lists[ply]
	pos.Generate(board.GenEvasions, ml)
	if ml.N == 0 {
		return true
	}
	if depth <= 0 {
		return false
	}
	// Each evasion is refuted by the shortest mate; the PV follows the
	// evasion that lasts longest.
	bestLen := -1
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		s.Nodes++
		pos.DoMove(m)
		found := false
		d := 1
		for ; d <= depth-1; d += 2 {
			if s.attack(d, ply+1) {
				found = true
				break
			}
		}
		pos.UndoMove()
		if !found {
			return false
		}
		if d > bestLen {
			bestLen = d
			s.setPV(ply, m)
		}
	}
	return true
}
