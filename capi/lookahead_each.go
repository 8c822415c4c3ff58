package main

// #include "capi.h"
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The legal moves after each of several moves, in one call: a binding
// that walks a tree asks for the lists of all the children of a node at
// once (the Python accelerator, once it sees siblings walked one after
// another), one library call where it made one per child.

// maxAfterEach bounds n: more moves than any position has is a caller's
// mistake (a wild count), not a request.
const maxAfterEach = 1 << 16

// finderFrom is the count of moves from which one legal-move generation
// (board.Move16Finder) costs less than a legality test per move (about
// 2,000 instructions against 150 each).
const finderFrom = 16

//export shogi_position_legal_moves_after_each
func shogi_position_legal_moves_after_each(h C.shogi_position_t, after *C.uint32_t, n C.size_t, moves *C.uint32_t, capacity C.size_t, counts *C.size_t, total *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if total == nil {
			return errNull("total")
		}
		if n == 0 {
			*total = 0
			return nil
		}
		if after == nil {
			return errNull("after")
		}
		if counts == nil {
			return errNull("counts")
		}
		if uint64(n) > maxAfterEach {
			return errorf(statusInvalidArgument, "n %d: at most %d moves", uint64(n), maxAfterEach)
		}
		in := unsafe.Slice((*uint32)(unsafe.Pointer(after)), int(n))
		cs := unsafe.Slice((*C.size_t)(unsafe.Pointer(counts)), int(n))
		var ml board.MoveList
		var finder board.Move16Finder // one generation for many moves, a legality test each for few
		useFinder := n >= finderFrom
		sum := uint64(0)
		for i, v := range in {
			var m board.Move
			var err error
			if useFinder {
				m, err = finder.Find(p, uint16(v))
			} else {
				m, err = p.MoveFromMove16(uint16(v))
			}
			if err != nil { // the arrays hold what came before: unspecified (shogi.h)
				return moveError(fmt.Errorf("after[%d]: %w", i, err))
			}
			p.GenerateLegalAfter(m, &ml)
			cs[i] = C.size_t(ml.N)
			if moves != nil && sum+uint64(ml.N) <= uint64(capacity) && ml.N > 0 {
				dst := unsafe.Slice((*board.Move)(unsafe.Add(unsafe.Pointer(moves), 4*sum)), ml.N)
				copy(dst, ml.Moves[:ml.N])
			}
			sum += uint64(ml.N)
		}
		*total = C.size_t(sum)
		if moves != nil && sum > uint64(capacity) {
			return errorf(statusBufferTooSmall, "array of %d moves is too small: %d needed", uint64(capacity), sum)
		}
		return nil
	})
}
