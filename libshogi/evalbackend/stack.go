package evalbackend

import (
	"errors"
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// MaxPlies bounds the plies a Stack holds above its root (its memory grows
// with them: two accumulators per ply).
const MaxPlies = 16384

// ErrNoRoot is returned by a Stack that has no position yet; ErrDepth by
// a push beyond MaxPlies or a pop at the root. Other errors of Push are
// refused moves.
var (
	ErrNoRoot = errors.New("evalbackend: no position set (set the root first)")
	ErrDepth  = errors.New("evalbackend: stack depth")
)

// Stack is an evaluation stack for an engine with its own board: the root
// is set from codes, each make pushes a move, each unmake pops it, and a
// score is computed only when asked for, incrementally from the nearest
// computed ply (a perspective whose king moved is refreshed). It mirrors
// the engine's board in a Position so that refreshes and every feature
// set (HalfKPE9's attacks included) are available; the mirror costs a
// DoMove per push, which Push and PushEvaluate defer until the mirror is
// needed where the parent's accumulators are computed and no king moves
// (an evaluation and a pop right after skip it). One goroutine at a time.
type Stack struct {
	pos  *board.Position
	ev   *nnue.Evaluator
	root bool
	// pending is a move that Push or PushEvaluate pushed on the evaluator
	// but has not made on the mirror yet (MoveNone when none): sync makes
	// it.
	pending board.Move
}

// sync makes the pending move on the mirror, so that the mirror is the
// top ply's position again.
func (s *Stack) sync() {
	if s.pending != board.MoveNone {
		s.pos.DoMove(s.pending)
		s.pending = board.MoveNone
	}
}

// NewStack returns a stack for net; fvScale 0 keeps the net's FV_SCALE.
func NewStack(net *nnue.Net, fvScale int) (*Stack, error) {
	ev := nnue.NewEvaluator(net)
	if fvScale != 0 {
		if err := ev.SetFVScale(fvScale); err != nil {
			return nil, err
		}
	}
	return &Stack{pos: board.NewPosition(), ev: ev}, nil
}

// SetRoot makes b the root (ply 0). On error the stack is unchanged.
func (s *Stack) SetRoot(b Board) error {
	s.sync()
	if err := b.Set(s.pos); err != nil {
		return err
	}
	s.ev.Reset(s.pos)
	s.root = true
	return nil
}

// Ply returns the number of plies pushed above the root.
func (s *Stack) Ply() int { return s.ev.Ply() }

// Position returns the mirrored position (read it, do not change it).
func (s *Stack) Position() *board.Position {
	s.sync()
	return s.pos
}

// move checks the move16 value v against the mirrored board and returns
// it as a Move: a piece of the side to move on from (or in hand for a
// drop), nothing of its own and no king on to, a drop on an empty square,
// a promotion only of a type that promotes. How pieces move is the
// engine's business.
func (s *Stack) move(v uint16) (board.Move, error) {
	m := board.Move(v)
	to := m.To()
	us := s.pos.SideToMove()
	if to >= board.NumSquares {
		return 0, fmt.Errorf("move %#04x: to-square %d is not a square", v, to)
	}
	dst := s.pos.PieceOn(to)
	if m.IsDrop() {
		pt := m.DropType()
		switch {
		case pt < board.Pawn || pt > board.Gold:
			return 0, fmt.Errorf("move %#04x: drop of type %d (want 1..7)", v, pt)
		case m.IsPromotion():
			return 0, fmt.Errorf("move %#04x: a drop does not promote", v)
		case !s.pos.Hand(us).Has(pt):
			return 0, fmt.Errorf("move %#04x: no piece of type %d in hand", v, pt)
		case dst != board.NoPiece:
			return 0, fmt.Errorf("move %#04x: drop on occupied square %d", v, to)
		}
		return board.NewDrop(board.NewPiece(us, pt), to), nil
	}
	from := m.From()
	if from >= board.NumSquares || from == to {
		return 0, fmt.Errorf("move %#04x: from-square %d is not a square or is the to-square", v, from)
	}
	pc := s.pos.PieceOn(from)
	switch {
	case pc == board.NoPiece || pc.Color() != us:
		return 0, fmt.Errorf("move %#04x: no piece of the side to move on square %d", v, from)
	case dst != board.NoPiece && dst.Color() == us:
		return 0, fmt.Errorf("move %#04x: captures its own piece on %d", v, to)
	case dst != board.NoPiece && dst.Type() == board.King:
		return 0, fmt.Errorf("move %#04x: captures the king on %d (test legality before pushing, or take back the move that allowed it)", v, to)
	case m.IsPromotion() && !pc.Type().CanPromote():
		return 0, fmt.Errorf("move %#04x: piece %d cannot promote", v, pc)
	}
	return board.NewBoardMove(from, to, m.IsPromotion(), pc), nil
}

// ready syncs the mirror and checks that the stack has a root and room
// for a ply. Its common case (nothing to sync) is small enough to inline:
// it runs once per move.
func (s *Stack) ready() error {
	if s.root && s.pending == board.MoveNone && s.ev.Ply() < MaxPlies {
		return nil
	}
	return s.readySlow()
}

// readySlow is ready's general case.
func (s *Stack) readySlow() error {
	if !s.root {
		return ErrNoRoot
	}
	s.sync()
	if s.ev.Ply() >= MaxPlies {
		return fmt.Errorf("%w: the stack holds %d plies already (MaxPlies)", ErrDepth, MaxPlies)
	}
	return nil
}

// Push makes the move with move16 value v (low 16 bits of the library's
// move convention) on the mirror (or defers the make: see Stack) and
// records its feature changes; nothing is evaluated yet.
func (s *Stack) Push(v uint16) error {
	if err := s.ready(); err != nil {
		return err
	}
	m, err := s.move(v)
	if err != nil {
		return err
	}
	if s.ev.DeferMove(s.pos, m) {
		s.pending = m
		return nil
	}
	s.ev.DoMove(s.pos, m)
	return nil
}

// PushNull passes the turn (a null move); the accumulators are shared with
// the parent.
func (s *Stack) PushNull() error {
	if err := s.ready(); err != nil {
		return err
	}
	s.ev.DoNullMove(s.pos)
	return nil
}

// Pop takes back the last push.
func (s *Stack) Pop() error {
	if !s.root {
		return ErrNoRoot
	}
	if s.ev.Ply() == 0 {
		return fmt.Errorf("%w: pop at the root (nothing pushed)", ErrDepth)
	}
	if s.pending != board.MoveNone {
		s.pending = board.MoveNone
		s.ev.PopAfter()
		return nil
	}
	if s.pos.LastMove() == board.MoveNull {
		s.ev.UndoNullMove(s.pos)
	} else {
		s.ev.UndoMove(s.pos)
	}
	return nil
}

// Evaluate returns the evaluation of the top ply for its side to move,
// after FV_SCALE.
func (s *Stack) Evaluate() (int, error) {
	if !s.root {
		return 0, ErrNoRoot
	}
	if s.pending != board.MoveNone {
		return s.ev.EvaluateDeferred(s.pos), nil
	}
	return s.ev.Evaluate(s.pos), nil
}

// PushEvaluate is Push then Evaluate (one call for engines that score
// every node). Where the move changes no king the mirror makes it only
// when next needed: a Pop straight after costs no make and unmake.
func (s *Stack) PushEvaluate(v uint16) (int, error) {
	if err := s.ready(); err != nil {
		return 0, err
	}
	m, err := s.move(v)
	if err != nil {
		return 0, err
	}
	if val, ok := s.ev.PushAfter(s.pos, m); ok {
		s.pending = m
		return val, nil
	}
	s.ev.DoMove(s.pos, m)
	return s.ev.Evaluate(s.pos), nil
}

// EvaluateMove returns the evaluation of the position after the move with
// move16 value v, for its side to move, and leaves the stack as it was
// (make, evaluate, unmake in one: an engine scoring a leaf). Where the
// move changes no king the mirror does not make it: the score comes from
// the top ply's accumulators and the move's feature changes alone.
func (s *Stack) EvaluateMove(v uint16) (int, error) {
	if err := s.ready(); err != nil {
		return 0, err
	}
	m, err := s.move(v)
	if err != nil {
		return 0, err
	}
	return s.ev.EvaluateAfter(s.pos, m), nil
}

// EvaluateMoves is EvaluateMove for each of moves (low 16 bits each) into
// out (as long as moves). A refused move scores 0; the index and error of
// the first one are returned (-1, nil when none) and the others are still
// scored.
func (s *Stack) EvaluateMoves(moves []uint32, out []int32) (int, error) {
	return EvaluateEach(moves, out, s.EvaluateMove)
}

// EvaluateEach is EvaluateMoves over any stack's EvaluateMove (the C
// stack of package evalc answers the same way): the same values, the same
// first refusal, and no more scores once the stack has no root.
func EvaluateEach(moves []uint32, out []int32, evaluateMove func(uint16) (int, error)) (int, error) {
	bad, first := -1, error(nil)
	for i, m := range moves {
		v, err := evaluateMove(uint16(m))
		out[i] = int32(v)
		if err != nil && bad < 0 {
			bad, first = i, fmt.Errorf("moves[%d]: %w", i, err)
			if errors.Is(err, ErrNoRoot) {
				clear(out[i+1:])
				break
			}
		}
	}
	return bad, first
}
