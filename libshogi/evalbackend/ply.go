package evalbackend

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
)

// PopTo takes the stack back to ply plies above the root, as Ply()-ply
// pops (0 <= ply <= Ply()).
func (s *Stack) PopTo(ply int) error {
	if !s.root {
		return ErrNoRoot
	}
	if ply < 0 || ply > s.ev.Ply() {
		return fmt.Errorf("%w: pop to ply %d with %d plies pushed", ErrDepth, ply, s.ev.Ply())
	}
	for s.ev.Ply() > ply {
		if err := s.Pop(); err != nil {
			return err
		}
	}
	return nil
}

// PushEvaluateAt is PopTo(ply) then PushEvaluate(v): the make of an
// engine at its ply ply, whose unmakes need no call (the next make at a
// lower or equal ply takes back what lies above it). Sound while every
// make of the engine goes through the stack: then plies 1..ply of the
// stack are the engine's current line. On a refused move the stack is
// left at ply.
func (s *Stack) PushEvaluateAt(ply int, v uint16) (int, error) {
	if s.pending != board.MoveNone && ply == s.ev.Ply()-1 {
		// The common case, the engine's next move at the ply of its
		// last: one pushed ply, never made on the mirror, to take back.
		s.pending = board.MoveNone
		s.ev.PopAfter()
	} else if err := s.PopTo(ply); err != nil {
		return 0, err
	}
	return s.PushEvaluate(v)
}
