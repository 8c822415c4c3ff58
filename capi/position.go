package main

// #include "capi.h"
import "C"

import (
	"errors"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// withPosition runs body with the position of handle h (see withHandle).
func withPosition(cerr *C.shogi_error_t, h C.shogi_position_t, body func(p *board.Position) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindPosition, func(o *object) error {
		return body(o.value.(*board.Position))
	})
}

// positionValue writes f(p) to *out for the position of handle h: the
// shape of the one-value getters.
func positionValue[T any](cerr *C.shogi_error_t, h C.shogi_position_t, out *T, name string, f func(p *board.Position) T) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if out == nil {
			return errNull(name)
		}
		*out = f(p)
		return nil
	})
}

// enumValue writes table[v] to *out, or reports an internal error for a
// value the table lacks.
func enumValue[K comparable](out *C.int32_t, table map[K]C.int32_t, v K, what string) error {
	c, ok := table[v]
	if !ok {
		return errorf(statusInternal, "unknown %s %v", what, v)
	}
	*out = c
	return nil
}

// newPosition registers p as a new position handle in *out.
func newPosition(out *C.shogi_position_t, p *board.Position) error {
	return newHandle(unsafe.Pointer(out), kindPosition, p)
}

// moveError gives a board error about a move its status code.
func moveError(err error) error {
	var illegal *board.IllegalMoveError
	if errors.As(err, &illegal) {
		return wrap(statusIllegalMove, err)
	}
	return wrap(statusParse, err)
}

// fromSFEN parses with the shogi_position_from_sfen_ex flags.
func fromSFEN(sfen *C.char, flags C.uint32_t) (*board.Position, error) {
	s, err := goString(sfen, "sfen")
	if err != nil {
		return nil, err
	}
	const known = C.SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK | C.SHOGI_SFEN_ALLOW_DEAD_PIECES
	if flags&^known != 0 {
		return nil, errorf(statusInvalidArgument, "unknown SFEN flags %#x", uint32(flags&^known))
	}
	p, err := board.FromSFENWith(s, board.SFENOptions{
		AllowOpponentInCheck: flags&C.SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK != 0,
		AllowDeadPieces:      flags&C.SHOGI_SFEN_ALLOW_DEAD_PIECES != 0,
	})
	if err != nil {
		return nil, wrap(statusParse, err)
	}
	return p, nil
}

//export shogi_position_new
func shogi_position_new(out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		return newPosition(out, board.NewPosition())
	})
}

//export shogi_position_from_sfen
func shogi_position_from_sfen(sfen *C.char, out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return shogi_position_from_sfen_ex(sfen, 0, out, cerr)
}

//export shogi_position_from_sfen_ex
func shogi_position_from_sfen_ex(sfen *C.char, flags C.uint32_t, out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		p, err := fromSFEN(sfen, flags)
		if err != nil {
			return err
		}
		return newPosition(out, p)
	})
}

//export shogi_position_from_handicap
func shogi_position_from_handicap(name *C.char, out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		s, err := goString(name, "name")
		if err != nil {
			return err
		}
		p, err := board.FromHandicap(s)
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newPosition(out, p)
	})
}

//export shogi_position_clone
func shogi_position_clone(h C.shogi_position_t, out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if out == nil {
			return errNull("out")
		}
		return newPosition(out, p.Clone())
	})
}

//export shogi_position_free
func shogi_position_free(h C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if h == nil {
			return nil
		}
		return handles.remove(handleValue(unsafe.Pointer(h)), kindPosition)
	})
}

//export shogi_position_set_sfen
func shogi_position_set_sfen(h C.shogi_position_t, sfen *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		s, err := goString(sfen, "sfen")
		if err != nil {
			return err
		}
		if err := p.SetSFEN(s, board.SFENOptions{}); err != nil { // in place: p unchanged on error
			return wrap(statusParse, err)
		}
		return nil
	})
}

//export shogi_position_sfen
func shogi_position_sfen(h C.shogi_position_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		var text [256]byte // enough for any SFEN: no allocation
		d := p.Setup()
		return writeBytes(d.AppendSFEN(text[:0]), buf, capacity, needed)
	})
}

//export shogi_position_side_to_move
func shogi_position_side_to_move(h C.shogi_position_t, color *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return positionValue(cerr, h, color, "color", func(p *board.Position) C.int32_t { return C.int32_t(p.SideToMove()) })
}

//export shogi_position_ply
func shogi_position_ply(h C.shogi_position_t, ply *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return positionValue(cerr, h, ply, "ply", func(p *board.Position) C.int32_t { return C.int32_t(p.Ply()) })
}

//export shogi_position_key
func shogi_position_key(h C.shogi_position_t, key *C.uint64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return positionValue(cerr, h, key, "key", func(p *board.Position) C.uint64_t { return C.uint64_t(p.Key()) })
}

//export shogi_position_in_check
func shogi_position_in_check(h C.shogi_position_t, inCheck *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return positionValue(cerr, h, inCheck, "in_check", func(p *board.Position) C.int32_t { return boolInt(p.InCheck()) })
}

//export shogi_position_legal_moves
func shogi_position_legal_moves(h C.shogi_position_t, moves *C.uint32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if count == nil {
			return errNull("count")
		}
		var ml board.MoveList
		p.GenerateLegal(&ml)
		return writeMoves(ml.Moves[:ml.N], moves, capacity, count)
	})
}

//export shogi_position_is_legal
func shogi_position_is_legal(h C.shogi_position_t, move C.uint32_t, legal *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return positionValue(cerr, h, legal, "legal", func(p *board.Position) C.int32_t {
		return boolInt(p.IsLegal(board.Move(move & 0xffff)))
	})
}

//export shogi_position_move_from_usi
func shogi_position_move_from_usi(h C.shogi_position_t, usi *C.char, move *C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if move == nil {
			return errNull("move")
		}
		s, err := goString(usi, "usi")
		if err != nil {
			return err
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return moveError(err)
		}
		*move = C.uint32_t(m)
		return nil
	})
}

//export shogi_position_move_from_move16
func shogi_position_move_from_move16(h C.shogi_position_t, move16 C.uint16_t, hcpe C.int32_t, move *C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if move == nil {
			return errNull("move")
		}
		if hcpe != 0 && hcpe != 1 {
			return errorf(statusInvalidArgument, "hcpe must be 0 or 1, not %d", int32(hcpe))
		}
		conv := board.Move16YaneuraOu
		if hcpe == 1 {
			conv = board.Move16Apery
		}
		m, err := p.MoveFromMove16(conv.ToYaneuraOu(uint16(move16)))
		if err != nil {
			return moveError(err)
		}
		*move = C.uint32_t(m)
		return nil
	})
}

//export shogi_position_do_move
func shogi_position_do_move(h C.shogi_position_t, move C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		m, err := p.MoveFromMove16(uint16(move))
		if err != nil {
			return moveError(err)
		}
		p.DoMove(m)
		return nil
	})
}

//export shogi_position_do_move_usi
func shogi_position_do_move_usi(h C.shogi_position_t, usi *C.char, move *C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		s, err := goString(usi, "usi")
		if err != nil {
			return err
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return moveError(err)
		}
		p.DoMove(m)
		if move != nil {
			*move = C.uint32_t(m)
		}
		return nil
	})
}

//export shogi_position_undo_move
func shogi_position_undo_move(h C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if p.GamePlyFromRoot() == 0 {
			return errorf(statusState, "no move to undo")
		}
		if p.LastMove() == board.MoveNull { // shogi_position_do_null_move
			p.UndoNullMove()
			return nil
		}
		p.UndoMove()
		return nil
	})
}

// maxPerftDepth bounds perft so that a typo cannot start a computation
// that never ends.
const maxPerftDepth = 32

//export shogi_position_perft
func shogi_position_perft(h C.shogi_position_t, depth C.int32_t, nodes *C.uint64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if nodes == nil {
			return errNull("nodes")
		}
		if depth < 0 || depth > maxPerftDepth {
			return errorf(statusInvalidArgument, "perft depth %d is outside 0..%d", int32(depth), maxPerftDepth)
		}
		// Perft does and undoes moves: run it on a copy so that several
		// threads may read one handle at once (see "Threads" in shogi.h).
		*nodes = C.uint64_t(p.Clone().Perft(int(depth)))
		return nil
	})
}

//export shogi_position_repetition
func shogi_position_repetition(h C.shogi_position_t, state *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if state == nil {
			return errNull("state")
		}
		return enumValue(state, repetitionStates, p.Repetition(), "repetition state")
	})
}

//export shogi_position_game_result
func shogi_position_game_result(h C.shogi_position_t, maxMoves C.int32_t, result *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if result == nil {
			return errNull("result")
		}
		if maxMoves < 0 {
			return errorf(statusInvalidArgument, "max_moves %d is negative", int32(maxMoves))
		}
		return enumValue(result, gameResults, p.Adjudicate(int(maxMoves)), "game result")
	})
}

// The board's enums as the header's SHOGI_* values.
var (
	repetitionStates = map[board.RepetitionState]C.int32_t{
		board.RepNone: C.SHOGI_REPETITION_NONE,
		board.RepDraw: C.SHOGI_REPETITION_DRAW,
		board.RepWin:  C.SHOGI_REPETITION_WIN,
		board.RepLose: C.SHOGI_REPETITION_LOSE,
	}
	gameResults = map[board.GameResult]C.int32_t{
		board.GameOngoing:        C.SHOGI_GAME_ONGOING,
		board.GameCheckmated:     C.SHOGI_GAME_CHECKMATED,
		board.GameRepetitionDraw: C.SHOGI_GAME_REPETITION_DRAW,
		board.GameRepetitionWin:  C.SHOGI_GAME_REPETITION_WIN,
		board.GameRepetitionLose: C.SHOGI_GAME_REPETITION_LOSE,
		board.GameMaxMovesDraw:   C.SHOGI_GAME_MAX_MOVES_DRAW,
	}
	declarationResults = map[board.DeclarationResult]C.int32_t{
		board.DeclLose: C.SHOGI_DECLARATION_LOSE,
		board.DeclWin:  C.SHOGI_DECLARATION_WIN,
		board.DeclDraw: C.SHOGI_DECLARATION_DRAW,
	}
)

// declarationRules maps the SHOGI_RULE_* values to the board's rules.
var declarationRules = map[C.int32_t]board.EnteringKingRule{
	C.SHOGI_RULE_NONE: board.RuleNone,
	C.SHOGI_RULE_27:   board.RuleCSA27,
	C.SHOGI_RULE_24:   board.RuleCSA24,
	C.SHOGI_RULE_27H:  board.RuleCSA27H,
	C.SHOGI_RULE_24H:  board.RuleCSA24H,
	C.SHOGI_RULE_TRY:  board.RuleTry,
}

//export shogi_position_declaration
func shogi_position_declaration(h C.shogi_position_t, rule C.int32_t, result *C.int32_t, move *C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		if result == nil {
			return errNull("result")
		}
		r, ok := declarationRules[rule]
		if !ok {
			return errorf(statusInvalidArgument, "unknown declaration rule %d", int32(rule))
		}
		if err := enumValue(result, declarationResults, p.Declaration(r), "declaration result"); err != nil {
			return err
		}
		if move != nil {
			*move = C.uint32_t(p.DeclarationMove(r))
		}
		return nil
	})
}

//export shogi_position_mate1
func shogi_position_mate1(h C.shogi_position_t, move *C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	// Mate1 does and undoes moves: a copy keeps this a read.
	return positionValue(cerr, h, move, "move", func(p *board.Position) C.uint32_t { return C.uint32_t(p.Clone().MatingMove()) })
}
