package book

import (
	"math/rand"
	"sync"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Selector picks the engine's book move: it holds the open book and the
// settings, and is safe for concurrent use.
type Selector struct {
	pr Prober
	s  Settings

	mu  sync.Mutex
	rng *rand.Rand
}

// NewSelector opens s.File (nil selector, nil error when no file is set).
func NewSelector(s Settings, seed int64) (*Selector, error) {
	if s.File == "" {
		return nil, nil
	}
	mode := ModeMemory
	if s.OnTheFly {
		mode = ModeOnDisk
	}
	pr, err := Open(s.File, OpenOptions{Mode: mode})
	if err != nil {
		return nil, err
	}
	return NewSelectorFor(pr, s, seed), nil
}

// NewSelectorFor uses an open book.
func NewSelectorFor(pr Prober, s Settings, seed int64) *Selector {
	return &Selector{pr: pr, s: s, rng: rand.New(rand.NewSource(seed))}
}

// Close closes the book.
func (s *Selector) Close() error { return s.pr.Close() }

// Choice is a book move with what the engine reports about it.
type Choice struct {
	Move   board.Move
	Ponder board.Move // MoveNone if none
	Entry  Move       // the book's record of the move
	PV     []board.Move
}

// legalMoves returns the book moves of p that are legal there.
func (s *Selector) legalMoves(p *board.Position) ([]Move, []board.Move, error) {
	ms, err := Lookup(s.pr, p, s.s.Flipped)
	if err != nil {
		return nil, nil, err
	}
	var keep []Move
	var legal []board.Move
	for _, m := range ms {
		if mv, err := p.MoveFromMove16(m.Move); err == nil {
			keep = append(keep, m)
			legal = append(legal, mv)
		}
	}
	return keep, legal, nil
}

// Choose returns the book move for p, ok false when the book has none or
// does not apply (past BookMoves, or ignored by BookIgnoreRate). Among the
// legal book moves, those within BookEvalDiff of the best eval are the
// candidates (all of them when the book has no evals); one is drawn with
// probability proportional to its count, or uniformly.
func (s *Selector) Choose(p *board.Position) (c Choice, ok bool, err error) {
	if p.Ply() > s.s.Moves {
		return c, false, nil
	}
	if s.s.IgnoreRate > 0 && s.intn(100) < s.s.IgnoreRate {
		return c, false, nil
	}
	ms, legal, err := s.legalMoves(p)
	if err != nil || len(ms) == 0 {
		return c, false, err
	}
	cand := candidates(ms, s.s.EvalDiff)
	i := cand[0]
	if len(cand) > 1 {
		i = cand[s.draw(ms, cand)]
	}
	c = Choice{Move: legal[i], Entry: ms[i], PV: []board.Move{legal[i]}}
	q := p.Clone()
	q.DoMove(c.Move)
	if ms[i].Ponder != 0 {
		if pm, err := q.MoveFromMove16(ms[i].Ponder); err == nil {
			c.Ponder = pm
		}
	}
	s.extendPV(q, &c)
	if c.Ponder == board.MoveNone && len(c.PV) > 1 {
		c.Ponder = c.PV[1]
	}
	return c, true, nil
}

// candidates are the indexes of the moves within evalDiff of the best
// eval; moves without an eval count only when no move has one.
func candidates(ms []Move, evalDiff int) []int {
	best, any := int64(-1<<62), false
	for _, m := range ms {
		if m.Fields&HasEval != 0 && int64(m.Eval) > best {
			best, any = int64(m.Eval), true
		}
	}
	var out []int
	for i, m := range ms {
		if !any || (m.Fields&HasEval != 0 && int64(m.Eval) >= best-int64(evalDiff)) {
			out = append(out, i)
		}
	}
	return out
}

// draw picks one candidate: weighted by count when asked and counts exist.
func (s *Selector) draw(ms []Move, cand []int) int {
	if s.s.WeightByCount {
		var total uint64
		for _, i := range cand {
			total += ms[i].Count
		}
		if total > 0 {
			s.mu.Lock()
			r := uint64(s.rng.Int63n(int64(min(total, 1<<62))))
			s.mu.Unlock()
			for k, i := range cand {
				if r < ms[i].Count {
					return k
				}
				r -= ms[i].Count
			}
		}
	}
	return s.intn(len(cand))
}

func (s *Selector) intn(n int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rng.Intn(n)
}

// extendPV follows the book from q (the position after c's move): the
// ponder move if the book names one, then each position's first book move,
// up to PvMoves moves.
func (s *Selector) extendPV(q *board.Position, c *Choice) {
	next := c.Ponder
	for len(c.PV) < s.s.PvMoves {
		if next == board.MoveNone {
			ms, legal, err := s.legalMoves(q)
			if err != nil || len(ms) == 0 {
				return
			}
			next = legal[0]
		}
		c.PV = append(c.PV, next)
		q.DoMove(next)
		next = board.MoveNone
	}
}
