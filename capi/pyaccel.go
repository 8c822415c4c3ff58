package main

// #include "capi.h"
import "C"

import (
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The per-record and board-editing calls that bindings reach for in loops
// (the Python accelerator, cshogi's set_hcp / set_psfen / pieces API):
// a 32-byte hcp or PackedSfen into an existing position and back, the
// squares and hands as arrays, and the null move.

// handOrder is the order of the hand counts in the hands arrays: the
// move16 drop types, P L N S B R G.
var handOrder = [7]board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Bishop, board.Rook, board.Gold}

// packed32 is a 32-byte record argument (hcp or PackedSfen).
func packed32(p unsafe.Pointer, name string) (*[32]byte, error) {
	if p == nil {
		return nil, errNull(name)
	}
	return (*[32]byte)(p), nil
}

// setDiagram sets p to a decoded diagram (move number 1, no history).
func setDiagram(p *board.Position, d *record.Diagram) error {
	if err := p.SetPieces(&d.Squares, d.Hands, d.Side, 1, board.SFENOptions{}); err != nil {
		return wrap(statusParse, err)
	}
	return nil
}

// setPacked decodes a 32-byte position with decode into p.
func setPacked(cerr *C.shogi_error_t, h C.shogi_position_t, data unsafe.Pointer, decode func(b *[32]byte, d *record.Diagram) error) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		b, err := packed32(data, "data")
		if err != nil {
			return err
		}
		var d record.Diagram
		if err := decode(b, &d); err != nil {
			return wrap(statusParse, err)
		}
		return setDiagram(p, &d)
	})
}

// writePacked encodes p with encode into the caller's 32 bytes.
func writePacked(cerr *C.shogi_error_t, h C.shogi_position_t, out unsafe.Pointer, encode func(d *record.Diagram) ([32]byte, error)) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		b, err := packed32(out, "out")
		if err != nil {
			return err
		}
		d := record.DiagramOf(p)
		v, err := encode(&d)
		if err != nil {
			return wrap(statusState, err)
		}
		*b = v
		return nil
	})
}

//export shogi_position_set_hcp
func shogi_position_set_hcp(h C.shogi_position_t, hcp unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return setPacked(cerr, h, hcp, func(b *[32]byte, d *record.Diagram) error { return record.DecodeHCP((*record.HCP)(b), d) })
}

//export shogi_position_hcp
func shogi_position_hcp(h C.shogi_position_t, hcp unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return writePacked(cerr, h, hcp, func(d *record.Diagram) ([32]byte, error) {
		v, err := record.EncodeHCP(d)
		return [32]byte(v), err
	})
}

//export shogi_position_set_psfen
func shogi_position_set_psfen(h C.shogi_position_t, psfen unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return setPacked(cerr, h, psfen, func(b *[32]byte, d *record.Diagram) error {
		return record.DecodePackedSfen((*record.PackedSfen)(b), d)
	})
}

//export shogi_position_psfen
func shogi_position_psfen(h C.shogi_position_t, psfen unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return writePacked(cerr, h, psfen, func(d *record.Diagram) ([32]byte, error) {
		v, err := record.EncodePackedSfen(d)
		return [32]byte(v), err
	})
}

//export shogi_position_pieces
func shogi_position_pieces(h C.shogi_position_t, squares *C.uint8_t, hands *C.uint8_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if squares != nil {
			sq := p.Squares()
			copy(unsafe.Slice((*byte)(unsafe.Pointer(squares)), board.NumSquares), unsafe.Slice((*byte)(unsafe.Pointer(&sq[0])), board.NumSquares))
		}
		if hands != nil {
			out := unsafe.Slice((*byte)(unsafe.Pointer(hands)), 2*len(handOrder))
			for c := board.Black; c <= board.White; c++ {
				for i, pt := range handOrder {
					out[int(c)*len(handOrder)+i] = byte(p.Hand(c).Count(pt))
				}
			}
		}
		return nil
	})
}

//export shogi_position_set_pieces
func shogi_position_set_pieces(h C.shogi_position_t, squares *C.uint8_t, hands *C.uint8_t, side C.int32_t, flags C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if squares == nil {
			return errNull("squares")
		}
		const known = C.SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK | C.SHOGI_SFEN_ALLOW_DEAD_PIECES
		if flags&^known != 0 {
			return errorf(statusInvalidArgument, "unknown flags %#x", uint32(flags&^known))
		}
		if side != C.SHOGI_BLACK && side != C.SHOGI_WHITE {
			return errorf(statusInvalidArgument, "side %d: want SHOGI_BLACK or SHOGI_WHITE", int32(side))
		}
		var sq [board.NumSquares]board.Piece
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&sq[0])), board.NumSquares), unsafe.Slice((*byte)(unsafe.Pointer(squares)), board.NumSquares))
		var hs [2]board.Hand
		if hands != nil {
			in := unsafe.Slice((*byte)(unsafe.Pointer(hands)), 2*len(handOrder))
			for c := range hs {
				for i, pt := range handOrder {
					n := int(in[c*len(handOrder)+i])
					if n > board.MaxInHand[pt] {
						return errorf(statusParse, "%d pieces of hand type %d, at most %d exist", n, i+1, board.MaxInHand[pt])
					}
					hs[c] = hs[c].Set(pt, n)
				}
			}
		}
		err := p.SetPieces(&sq, hs, board.Color(side), 1, board.SFENOptions{
			AllowOpponentInCheck: flags&C.SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK != 0,
			AllowDeadPieces:      flags&C.SHOGI_SFEN_ALLOW_DEAD_PIECES != 0,
		})
		if err != nil {
			return wrap(statusParse, err)
		}
		return nil
	})
}

//export shogi_position_do_null_move
func shogi_position_do_null_move(h C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if p.InCheck() {
			return errorf(statusState, "no null move while in check")
		}
		p.DoNullMove()
		return nil
	})
}

//export shogi_position_undo_null_move
func shogi_position_undo_null_move(h C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if p.GamePlyFromRoot() == 0 || p.LastMove() != board.MoveNull {
			return errorf(statusState, "the last move is not a null move")
		}
		p.UndoNullMove()
		return nil
	})
}
