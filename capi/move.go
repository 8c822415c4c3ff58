package main

// #include "capi.h"
import "C"

import (
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

//export shogi_move_to_usi
func shogi_move_to_usi(move C.uint32_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		s := board.Move(move).USI()
		if strings.HasPrefix(s, "?") {
			return errorf(statusInvalidArgument, "%#x is not a move", uint32(move))
		}
		return writeString(s, buf, capacity, needed)
	})
}

//export shogi_move16_to_hcpe
func shogi_move16_to_hcpe(m C.uint16_t) C.uint16_t {
	return C.uint16_t(board.Move16Apery.FromYaneuraOu(uint16(m)))
}

//export shogi_hcpe_to_move16
func shogi_hcpe_to_move16(m C.uint16_t) C.uint16_t {
	return C.uint16_t(board.Move16Apery.ToYaneuraOu(uint16(m)))
}
