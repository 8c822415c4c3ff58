package main

// #include "capi.h"
import "C"

import (
	"errors"
	"unsafe"

	"github.com/libshogi/libshogi/internal/batch"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// The C move struct is read as evalbackend.RawMove: the same eight int32.
var (
	_ [unsafe.Sizeof(C.shogi_piece_move_t{}) - unsafe.Sizeof(evalbackend.RawMove{})]byte
	_ [unsafe.Sizeof(evalbackend.RawMove{}) - unsafe.Sizeof(C.shogi_piece_move_t{})]byte
)

// stackError gives an evaluation-stack error its status code: no root or
// the depth bound are states, anything else a push refused.
func stackError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, evalbackend.ErrNoRoot) || errors.Is(err, evalbackend.ErrDepth) {
		return wrap(statusState, err)
	}
	return wrap(statusIllegalMove, err)
}

// boardArgs views the C board arrays (hands may be NULL).
func boardArgs(squares, hands *C.uint8_t, side C.int32_t) (evalbackend.Board, error) {
	if squares == nil {
		return evalbackend.Board{}, errNull("squares")
	}
	c, err := checkColor(side, "side_to_move")
	if err != nil {
		return evalbackend.Board{}, err
	}
	b := evalbackend.Board{Squares: (*[board.NumSquares]uint8)(unsafe.Pointer(squares)), Side: c}
	if hands != nil {
		b.Hands = (*[evalbackend.HandSlots]uint8)(unsafe.Pointer(hands))
	}
	return b, nil
}

//export shogi_network_move_features
func shogi_network_move_features(net C.shogi_network_t, move *C.shogi_piece_move_t, delta *C.shogi_feature_delta_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		if move == nil {
			return errNull("move")
		}
		if delta == nil {
			return errNull("delta")
		}
		*delta = C.shogi_feature_delta_t{}
		d, err := evalbackend.MoveChanges(&n.Arch.Features, *(*evalbackend.RawMove)(unsafe.Pointer(move)))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		for p := range 2 {
			if d.Refresh[p] {
				delta.refresh[p] = 1
			}
			delta.count[p] = C.int32_t(d.N[p])
			for i := 0; i < d.N[p]; i++ {
				delta.removed[p][i] = C.int32_t(d.Removed[p][i])
				delta.added[p][i] = C.int32_t(d.Added[p][i])
			}
		}
		return nil
	})
}

//export shogi_network_board_features
func shogi_network_board_features(net C.shogi_network_t, squares, hands *C.uint8_t, side C.int32_t, black, white *C.int32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		if count == nil {
			return errNull("count")
		}
		b, err := boardArgs(squares, hands, side)
		if err != nil {
			return err
		}
		var buf [2][64]int32
		var f [2][]int32
		f[0], f[1], err = evalbackend.Features(&n.Arch.Features, b, board.NewPosition(), buf[0][:0], buf[1][:0])
		if err != nil {
			return wrap(statusParse, err)
		}
		return writeFeaturePair(f, black, white, capacity, count)
	})
}

//export shogi_network_evaluate_boards
func shogi_network_evaluate_boards(net C.shogi_network_t, squares, hands, sides *C.uint8_t, n C.size_t, fvScale C.int32_t, values *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(nw *nnue.Net) error {
		if n == 0 {
			return nil
		}
		switch {
		case squares == nil:
			return errNull("squares")
		case sides == nil:
			return errNull("sides")
		case values == nil:
			return errNull("values")
		case uint64(n) > 1<<32:
			return errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
		}
		if err := checkFVScale(fvScale); err != nil {
			return err
		}
		cnt := int(n)
		var hs []uint8
		if hands != nil {
			hs = unsafe.Slice((*uint8)(unsafe.Pointer(hands)), cnt*evalbackend.HandSlots)
		}
		_, err := evalbackend.EvaluateBoards(nw,
			unsafe.Slice((*uint8)(unsafe.Pointer(squares)), cnt*board.NumSquares), hs,
			unsafe.Slice((*uint8)(unsafe.Pointer(sides)), cnt), int(fvScale),
			unsafe.Slice((*int32)(unsafe.Pointer(values)), cnt))
		var p *batch.Panic
		switch {
		case errors.As(err, &p):
			return panicError(p.Value)
		case err != nil:
			return wrap(statusParse, err)
		}
		return nil
	})
}

//export shogi_evalstack_new
func shogi_evalstack_new(net C.shogi_network_t, fvScale C.int32_t, out *C.shogi_evalstack_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		if out == nil {
			return errNull("out")
		}
		if fvScale != 0 {
			if err := checkFVScale(fvScale); err != nil {
				return err
			}
		}
		s, err := newEvalStack(n, int(fvScale))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return addEvalStack(unsafe.Pointer(out), s)
	})
}

//export shogi_evalstack_free
func shogi_evalstack_free(stack C.shogi_evalstack_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if stack == nil {
			return nil
		}
		return removeEvalStack(handleValue(unsafe.Pointer(stack)))
	})
}

//export shogi_evalstack_set_root
func shogi_evalstack_set_root(stack C.shogi_evalstack_t, squares, hands *C.uint8_t, side C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		b, err := boardArgs(squares, hands, side)
		if err != nil {
			return err
		}
		if err := s.SetRoot(b); err != nil {
			return wrap(statusParse, err)
		}
		return nil
	})
}

// The Go definitions of the per-move calls (capi/evalstack_fast.c).

//export shogiint_evalstack_push
func shogiint_evalstack_push(stack C.shogi_evalstack_t, move C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		return stackError(s.Push(uint16(move)))
	})
}

//export shogiint_evalstack_push_evaluate
func shogiint_evalstack_push_evaluate(stack C.shogi_evalstack_t, move C.uint32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStackValue(cerr, stack, value, func(s evalStack) (int, error) {
		return s.PushEvaluate(uint16(move))
	})
}

//export shogiint_evalstack_push_null
func shogiint_evalstack_push_null(stack C.shogi_evalstack_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		return stackError(s.PushNull())
	})
}

//export shogiint_evalstack_pop
func shogiint_evalstack_pop(stack C.shogi_evalstack_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		return stackError(s.Pop())
	})
}

//export shogiint_evalstack_evaluate
func shogiint_evalstack_evaluate(stack C.shogi_evalstack_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		if value == nil {
			return errNull("value")
		}
		v, err := s.Evaluate()
		*value = C.int32_t(v)
		return stackError(err)
	})
}

//export shogiint_evalstack_ply
func shogiint_evalstack_ply(stack C.shogi_evalstack_t, ply *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		if ply == nil {
			return errNull("ply")
		}
		*ply = C.int32_t(s.Ply())
		return nil
	})
}

//export shogiint_evalstack_evaluate_move
func shogiint_evalstack_evaluate_move(stack C.shogi_evalstack_t, move C.uint32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStackValue(cerr, stack, value, func(s evalStack) (int, error) {
		return s.EvaluateMove(uint16(move))
	})
}

//export shogiint_evalstack_evaluate_moves
func shogiint_evalstack_evaluate_moves(stack C.shogi_evalstack_t, moves *C.uint32_t, n C.size_t, values *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		if n == 0 {
			return nil
		}
		switch {
		case moves == nil:
			return errNull("moves")
		case values == nil:
			return errNull("values")
		case uint64(n) > 1<<24:
			return errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
		}
		_, err := s.EvaluateMoves(unsafe.Slice((*uint32)(unsafe.Pointer(moves)), int(n)),
			unsafe.Slice((*int32)(unsafe.Pointer(values)), int(n)))
		return stackError(err)
	})
}
