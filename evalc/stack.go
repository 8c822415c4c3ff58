package evalc

// #include "evalc.h"
import "C"

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// MaxPlies is the stack's depth limit, evalbackend's.
const MaxPlies = C.EC_MAX_PLIES

// Stack is evalbackend.Stack in C: a mirror of the engine's board, one ply
// per push with the move's feature changes, accumulators computed when a
// score is asked for (a perspective whose king moved is refreshed from the
// mirror). Free releases it. One goroutine at a time.
type Stack struct {
	c   *C.ec_stack
	net *Net
	pos *board.Position // scratch for SetRoot's checks
}

// NewStack returns a stack for net; fvScale 0 keeps the net's FV_SCALE.
func NewStack(net *Net, fvScale int) (*Stack, error) {
	if fvScale == 0 {
		fvScale = net.fvScale
	}
	if err := nnue.CheckFVScale(fvScale); err != nil {
		return nil, err
	}
	c := C.ec_stack_new(net.c, C.int32_t(fvScale))
	if c == nil {
		return nil, fmt.Errorf("evalc: out of memory for a stack")
	}
	return &Stack{c: c, net: net, pos: board.NewPosition()}, nil
}

// Free releases the C memory; the stack must not be used after it.
func (s *Stack) Free() {
	if s.c != nil {
		C.ec_stack_free(s.c)
		s.c = nil
	}
}

// SetLevel selects the kernels (one of Levels()).
func (s *Stack) SetLevel(l Level) { s.c.level = C.int32_t(l) }

// Ply returns the number of plies pushed above the root.
func (s *Stack) Ply() int { return int(s.c.sp) }

// SetRoot makes b the root (ply 0), checked as evalbackend checks it. On
// error the stack is unchanged.
func (s *Stack) SetRoot(b evalbackend.Board) error {
	if err := b.Set(s.pos); err != nil {
		return err
	}
	var sq [board.NumSquares]C.uint8_t
	var hands [2][C.EC_HAND_TYPES]C.uint8_t
	for i := board.Square(0); i < board.NumSquares; i++ {
		sq[i] = C.uint8_t(s.pos.PieceOn(i))
	}
	for c := board.Black; c <= board.White; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			hands[c][pt] = C.uint8_t(s.pos.Hand(c).Count(pt))
		}
	}
	C.ec_stack_set_root(s.c, &sq[0], &hands[0][0], C.int32_t(s.pos.SideToMove()))
	return nil
}

// Push makes the move with move16 value v on the mirror and records its
// feature changes; nothing is evaluated yet.
func (s *Stack) Push(v uint16) error {
	return s.err(C.ec_stack_push(s.c, C.uint16_t(v)), v, 0)
}

// PushNull passes the turn (a null move): the ply shares its parent's
// accumulators.
func (s *Stack) PushNull() error { return s.err(C.ec_stack_push_null(s.c), 0, 0) }

// EvaluateMove returns the evaluation after the move with move16 value v,
// for its side to move, and leaves the stack as it was (a leaf: make,
// evaluate, unmake in one C call).
func (s *Stack) EvaluateMove(v uint16) (int, error) {
	var out C.int32_t
	if err := s.err(C.ec_stack_evaluate_move(s.c, C.uint16_t(v), &out), v, 0); err != nil {
		return 0, err
	}
	return int(out), nil
}

// Pop takes back the last push.
func (s *Stack) Pop() error { return s.err(C.ec_stack_pop(s.c), 0, 0) }

// PopTo takes the stack back to ply plies above the root.
func (s *Stack) PopTo(ply int) error {
	if ply < math.MinInt32 || ply > math.MaxInt32 { // beyond any stack: the checks in C's order
		if s.c.root == 0 {
			return s.err(C.EC_ERR_NO_ROOT, 0, ply)
		}
		return s.err(C.EC_ERR_DEPTH_POP_TO, 0, ply)
	}
	return s.err(C.ec_stack_pop_to(s.c, C.int32_t(ply)), 0, ply)
}

// Evaluate returns the evaluation of the top ply for its side to move,
// after FV_SCALE.
func (s *Stack) Evaluate() (int, error) {
	var v C.int32_t
	if err := s.err(C.ec_stack_evaluate(s.c, &v), 0, 0); err != nil {
		return 0, err
	}
	return int(v), nil
}

// PushEvaluateAt is PopTo(ply) then Push(v) and Evaluate, in one C call.
// On a refused move the stack is left at ply.
func (s *Stack) PushEvaluateAt(ply int, v uint16) (int, error) {
	if ply < math.MinInt32 || ply > math.MaxInt32 {
		return 0, s.PopTo(ply)
	}
	var out C.int32_t
	if err := s.err(C.ec_stack_push_evaluate_at(s.c, C.int32_t(ply), C.uint16_t(v), &out), v, ply); err != nil {
		return 0, err
	}
	return int(out), nil
}

// PushEvaluate is Push then Evaluate.
func (s *Stack) PushEvaluate(v uint16) (int, error) {
	if err := s.Push(v); err != nil {
		return 0, err
	}
	return s.Evaluate()
}

// pieceOn reads the mirror.
func (s *Stack) pieceOn(sq int) board.Piece { return board.Piece(s.c.squares[sq]) }

// err turns a C result into evalbackend's error for it: the same reason
// in the same words (v the move, ply the argument of a pop_to).
func (s *Stack) err(code C.int, v uint16, ply int) error {
	to, from := int(v&0x7f), int(v>>7&0x7f)
	switch code {
	case C.EC_OK:
		return nil
	case C.EC_ERR_NO_ROOT:
		return evalbackend.ErrNoRoot
	case C.EC_ERR_DEPTH_PUSH:
		return fmt.Errorf("%w: the stack holds %d plies already (MaxPlies)", evalbackend.ErrDepth, evalbackend.MaxPlies)
	case C.EC_ERR_DEPTH_POP:
		return fmt.Errorf("%w: pop at the root (nothing pushed)", evalbackend.ErrDepth)
	case C.EC_ERR_DEPTH_POP_TO:
		return fmt.Errorf("%w: pop to ply %d with %d plies pushed", evalbackend.ErrDepth, ply, s.Ply())
	case C.EC_ERR_TO_SQUARE:
		return fmt.Errorf("move %#04x: to-square %d is not a square", v, to)
	case C.EC_ERR_DROP_TYPE:
		return fmt.Errorf("move %#04x: drop of type %d (want 1..7)", v, from)
	case C.EC_ERR_DROP_PROMOTES:
		return fmt.Errorf("move %#04x: a drop does not promote", v)
	case C.EC_ERR_DROP_NO_HAND:
		return fmt.Errorf("move %#04x: no piece of type %d in hand", v, from)
	case C.EC_ERR_DROP_OCCUPIED:
		return fmt.Errorf("move %#04x: drop on occupied square %d", v, to)
	case C.EC_ERR_FROM_SQUARE:
		return fmt.Errorf("move %#04x: from-square %d is not a square or is the to-square", v, from)
	case C.EC_ERR_FROM_NOT_OWN:
		return fmt.Errorf("move %#04x: no piece of the side to move on square %d", v, from)
	case C.EC_ERR_CAPTURES_OWN:
		return fmt.Errorf("move %#04x: captures its own piece on %d", v, to)
	case C.EC_ERR_CAPTURES_KING:
		return fmt.Errorf("move %#04x: captures the king on %d (test legality before pushing, or take back the move that allowed it)", v, to)
	case C.EC_ERR_CANNOT_PROMOTE:
		return fmt.Errorf("move %#04x: piece %d cannot promote", v, s.pieceOn(from))
	case C.EC_ERR_MEMORY:
		return fmt.Errorf("evalc: out of memory growing the stack to %d plies", s.Ply()+1)
	}
	return fmt.Errorf("evalc: unknown result %d", int(code))
}

// EvaluateMoves is EvaluateMove for each of moves into out (as long as
// moves), as evalbackend.Stack.EvaluateMoves: the index of the first
// refused move (-1 if none) and its error; a refused move's value is 0.
func (s *Stack) EvaluateMoves(moves []uint32, out []int32) (int, error) {
	return evalbackend.EvaluateEach(moves, out, s.EvaluateMove)
}

// CStack is the C stack (an ec_stack *) for C code of the same program
// (the library's public calls); valid until Free.
func (s *Stack) CStack() unsafe.Pointer { return unsafe.Pointer(s.c) }
