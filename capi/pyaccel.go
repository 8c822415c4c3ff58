package main

// #include "capi.h"
import "C"

import (
	"strings"
	"time"
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

// withPositionRecord is withPosition for the four 32-byte record calls,
// which bindings make once per record in loops over millions of records
// (set_hcp, hcp, set_psfen, psfen): the same guarantees as withHandle (the
// handle checked, a panic recovered into SHOGI_E_INTERNAL and poisoning
// the position, the error struct filled) in one layer instead of three
// closures, with the record pointer checked here (named name when NULL).
// body is a plain function, not a closure: a decoder captured by a
// closure made the diagram escape to the heap (an allocation per record).
func withPositionRecord(cerr *C.shogi_error_t, h C.shogi_position_t, rec unsafe.Pointer, name string, body func(p *board.Position, r *[32]byte) error) (status C.shogi_status_t) {
	var o *object
	defer func() {
		if r := recover(); r != nil {
			if o != nil {
				o.poisoned.Store(true)
			}
			status = report(cerr, panicError(r))
		}
	}()
	o, err := handles.lookup(handleValue(unsafe.Pointer(h)), kindPosition)
	switch {
	case err != nil:
		return report(cerr, err)
	case rec == nil:
		return report(cerr, errNull(name))
	}
	return report(cerr, body(o.value.(*board.Position), (*[32]byte)(rec)))
}

// setDiagram sets p to a decoded diagram (move number 1, no history).
func setDiagram(p *board.Position, d *record.Diagram) error {
	if err := p.SetPieces(&d.Squares, d.Hands, d.Side, 1, board.SFENOptions{}); err != nil {
		return wrap(statusParse, err)
	}
	return nil
}

// The record bodies of withPositionRecord.

func setHCP(p *board.Position, r *[32]byte) error {
	var d record.Diagram
	if err := record.DecodeHCP((*record.HCP)(r), &d); err != nil {
		return wrap(statusParse, err)
	}
	return setDiagram(p, &d)
}

func getHCP(p *board.Position, r *[32]byte) error {
	d := p.Setup()
	v, err := record.EncodeHCP(&d)
	if err != nil {
		return wrap(statusState, err)
	}
	*r = v
	return nil
}

func setPackedSfen(p *board.Position, r *[32]byte) error {
	var d record.Diagram
	if err := record.DecodePackedSfen((*record.PackedSfen)(r), &d); err != nil {
		return wrap(statusParse, err)
	}
	return setDiagram(p, &d)
}

func getPackedSfen(p *board.Position, r *[32]byte) error {
	d := p.Setup()
	v, err := record.EncodePackedSfen(&d)
	if err != nil {
		return wrap(statusState, err)
	}
	*r = v
	return nil
}

//export shogi_position_set_hcp
func shogi_position_set_hcp(h C.shogi_position_t, hcp unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPositionRecord(cerr, h, hcp, "hcp", setHCP)
}

//export shogi_position_hcp
func shogi_position_hcp(h C.shogi_position_t, hcp unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPositionRecord(cerr, h, hcp, "hcp", getHCP)
}

//export shogi_position_set_psfen
func shogi_position_set_psfen(h C.shogi_position_t, psfen unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPositionRecord(cerr, h, psfen, "psfen", setPackedSfen)
}

//export shogi_position_psfen
func shogi_position_psfen(h C.shogi_position_t, psfen unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPositionRecord(cerr, h, psfen, "psfen", getPackedSfen)
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
func shogi_position_set_pieces(h C.shogi_position_t, squares *C.uint8_t, hands *C.uint8_t, side C.int32_t, ply C.int32_t, flags C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
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
		if ply < 1 || ply > 1_000_000 {
			return errorf(statusInvalidArgument, "move number %d: want 1..1000000", int32(ply))
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
		err := p.SetPieces(&sq, hs, board.Color(side), int(ply), board.SFENOptions{
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

//export shogi_position_pseudo_legal_moves
func shogi_position_pseudo_legal_moves(h C.shogi_position_t, moves *C.uint32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if count == nil {
			return errNull("count")
		}
		var ml board.MoveList
		p.GeneratePseudoLegal(&ml)
		return writeMoves(ml.Moves[:ml.N], moves, capacity, count)
	})
}

// moveText writes text(p, move) for a legal move of position h.
func moveText(cerr *C.shogi_error_t, h C.shogi_position_t, move C.uint32_t, buf *C.char, capacity C.size_t, needed *C.size_t, text func(p *board.Position, m board.Move) (string, error)) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		s, err := text(p, board.Move(move))
		if err != nil {
			return moveError(err)
		}
		return writeString(s, buf, capacity, needed)
	})
}

//export shogi_position_move_to_kif
func shogi_position_move_to_kif(h C.shogi_position_t, move C.uint32_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return moveText(cerr, h, move, buf, capacity, needed, record.KIFMoveText)
}

//export shogi_position_move_to_ki2
func shogi_position_move_to_ki2(h C.shogi_position_t, move C.uint32_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return moveText(cerr, h, move, buf, capacity, needed, record.KI2MoveText)
}

//export shogi_position_bod
func shogi_position_bod(h C.shogi_position_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		d := p.Setup()
		return writeString(record.FormatBOD(&d, false), buf, capacity, needed)
	})
}

// mainLineNode is node ply of g's main line (0 = the root, before the
// first move).
func mainLineNode(g *record.Game, ply C.size_t) (*record.Node, error) {
	n := g.Root
	for i := uint64(0); i < uint64(ply); i++ {
		if len(n.Children) == 0 {
			return nil, errorf(statusInvalidArgument, "ply %d is beyond the main line (%d moves)", uint64(ply), i)
		}
		n = n.Children[0]
	}
	return n, nil
}

//export shogi_record_move_time
func shogi_record_move_time(h C.shogi_record_t, ply C.size_t, timeMs *C.int64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		if timeMs == nil {
			return errNull("time_ms")
		}
		n, err := mainLineNode(g, ply)
		if err != nil {
			return err
		}
		*timeMs = -1
		if n.HasTime {
			*timeMs = C.int64_t(n.Time.Milliseconds())
		}
		return nil
	})
}

//export shogi_record_move_comment
func shogi_record_move_comment(h C.shogi_record_t, ply C.size_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		n, err := mainLineNode(g, ply)
		if err != nil {
			return err
		}
		return writeString(strings.Join(n.Comments, "\n"), buf, capacity, needed)
	})
}

//export shogi_record_append_move
func shogi_record_append_move(h C.shogi_record_t, move C.uint32_t, timeMs C.int64_t, comment *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		if timeMs < -1 || timeMs > 1<<40 {
			return errorf(statusInvalidArgument, "time_ms %d: -1 (none) or 0..2^40", int64(timeMs))
		}
		var text string
		if comment != nil {
			text = C.GoString(comment)
		}
		ns := g.MainLine()
		if len(ns) > 0 && ns[len(ns)-1].End != nil {
			return errorf(statusState, "the main line has ended")
		}
		p, err := g.PositionAt(len(ns))
		if err != nil {
			return wrap(statusState, err)
		}
		m, err := p.MoveFromMove16(uint16(move))
		if err != nil {
			return moveError(err)
		}
		last := g.Root
		if len(ns) > 0 {
			last = ns[len(ns)-1]
		}
		n := last.AddChild(m)
		if timeMs >= 0 {
			n.Time, n.HasTime = time.Duration(timeMs)*time.Millisecond, true
		}
		if text != "" {
			n.Comments = strings.Split(text, "\n")
		}
		return nil
	})
}
