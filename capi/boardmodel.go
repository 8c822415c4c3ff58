package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

//export shogi_position_board
func shogi_position_board(h C.shogi_position_t, boardOut *C.uint8_t, handsOut *C.uint8_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if boardOut == nil {
			return errNull("board")
		}
		if handsOut == nil {
			return errNull("hands")
		}
		squares := unsafe.Slice((*uint8)(unsafe.Pointer(boardOut)), board.NumSquares)
		for s := range squares {
			squares[s] = uint8(p.PieceOn(board.Square(s)))
		}
		hands := unsafe.Slice((*uint8)(unsafe.Pointer(handsOut)), 16)
		for c := board.Black; c <= board.White; c++ {
			h := p.Hand(c)
			hands[int(c)*8] = 0
			for pt := board.Pawn; pt <= board.Gold; pt++ {
				hands[int(c)*8+int(pt)] = uint8(h.Count(pt))
			}
		}
		return nil
	})
}

//export shogi_position_move_text
func shogi_position_move_text(h C.shogi_position_t, move C.uint32_t, notation C.int32_t, buf *C.char, capacity C.size_t,
	needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if notation < C.SHOGI_NOTATION_USI || notation > C.SHOGI_NOTATION_KI2 {
			return errorf(statusInvalidArgument, "notation %d: not a SHOGI_NOTATION_* value", int32(notation))
		}
		text, ok := record.MoveText(p, board.Move(move), record.MoveNotation(notation))
		if !ok {
			return errorf(statusIllegalMove, "move %#x is not legal in this position", uint32(move))
		}
		return writeString(text, buf, capacity, needed)
	})
}

// The header's notation numbers are the record package's.
var _ = [1]struct{}{}[int(C.SHOGI_NOTATION_KIF)-int(record.NotationKIF)]
var _ = [1]struct{}{}[int(C.SHOGI_NOTATION_KI2)-int(record.NotationKI2)]
