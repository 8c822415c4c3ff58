package main

// #include "capi.h"
import "C"

import "github.com/libshogi/libshogi/libshogi/board"

// The legal moves one ply ahead, for bindings that defer a move until
// they must play it (the Python accelerator's push/legal_moves/pop).

//export shogi_position_legal_moves_after
func shogi_position_legal_moves_after(h C.shogi_position_t, move C.uint32_t, moves *C.uint32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if count == nil {
			return errNull("count")
		}
		m, err := p.MoveFromMove16(uint16(move))
		if err != nil {
			return moveError(err)
		}
		var ml board.MoveList
		p.GenerateLegalAfter(m, &ml)
		return writeMoves(ml.Moves[:ml.N], moves, capacity, count)
	})
}
