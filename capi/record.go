package main

// #include "capi.h"
import "C"

import (
	"errors"
	"fmt"
	"github.com/libshogi/libshogi/internal/batch"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/training"
)

// withRecord runs body with the game of record handle h (see withHandle).
func withRecord(cerr *C.shogi_error_t, h C.shogi_record_t, body func(g *record.Game) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindRecord, func(o *object) error {
		return body(o.value.(*record.Game))
	})
}

// recordError gives a record package error its status code: bad input is
// SHOGI_E_PARSE, a move that is not legal SHOGI_E_ILLEGAL_MOVE.
func recordError(err error) error {
	var illegal *board.IllegalMoveError
	if errors.As(err, &illegal) {
		return wrap(statusIllegalMove, err)
	}
	return wrap(statusParse, err)
}

// bytesArg reads a (const void *data, size_t size) pair.
func bytesArg(data unsafe.Pointer, size C.size_t, name string) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	if data == nil {
		return nil, errNull(name)
	}
	if uint64(size) > 1<<40 {
		return nil, errorf(statusInvalidArgument, "size %d is implausible", uint64(size))
	}
	return unsafe.Slice((*byte)(data), int(size)), nil
}

// recordsArg reads n fixed-size records at data.
func recordsArg(data unsafe.Pointer, n C.size_t, size int, name string) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	if data == nil {
		return nil, errNull(name)
	}
	if uint64(n) > 1<<36 {
		return nil, errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
	}
	return unsafe.Slice((*byte)(data), int(n)*size), nil
}

func recordFormat(f C.int32_t, read bool) (record.RecordFormat, error) {
	switch f {
	case C.SHOGI_RECORD_AUTO:
		if read {
			return record.RecordAuto, nil
		}
	case C.SHOGI_RECORD_CSA:
		return record.RecordCSA, nil
	case C.SHOGI_RECORD_KIF:
		return record.RecordKIF, nil
	case C.SHOGI_RECORD_KI2:
		return record.RecordKI2, nil
	case C.SHOGI_RECORD_USI:
		return record.RecordUSI, nil
	}
	return 0, errorf(statusInvalidArgument, "unknown record format %d", int32(f))
}

var formatCodes = map[record.RecordFormat]C.int32_t{
	record.RecordCSA: C.SHOGI_RECORD_CSA, record.RecordKIF: C.SHOGI_RECORD_KIF,
	record.RecordKI2: C.SHOGI_RECORD_KI2, record.RecordUSI: C.SHOGI_RECORD_USI,
}

//export shogi_record_parse
func shogi_record_parse(data unsafe.Pointer, size C.size_t, format C.int32_t, out *C.shogi_record_t, formatRead *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		b, err := bytesArg(data, size, "data")
		if err != nil {
			return err
		}
		f, err := recordFormat(format, true)
		if err != nil {
			return err
		}
		g, got, err := record.ReadRecord(b, f)
		if err != nil {
			return recordError(err)
		}
		if formatRead != nil {
			*formatRead = formatCodes[got]
		}
		return newHandle(unsafe.Pointer(out), kindRecord, g)
	})
}

//export shogi_record_from_position
func shogi_record_from_position(pos C.shogi_position_t, out *C.shogi_record_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		if out == nil {
			return errNull("out")
		}
		g, err := record.GameFromPosition(p)
		if err != nil {
			return wrap(statusState, err)
		}
		return newHandle(unsafe.Pointer(out), kindRecord, g)
	})
}

//export shogi_record_free
func shogi_record_free(h C.shogi_record_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if h == nil {
			return nil
		}
		return handles.remove(handleValue(unsafe.Pointer(h)), kindRecord)
	})
}

//export shogi_record_write
func shogi_record_write(h C.shogi_record_t, format C.int32_t, encoding C.int32_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		f, err := recordFormat(format, false)
		if err != nil {
			return err
		}
		var e record.Encoding
		switch encoding {
		case C.SHOGI_ENCODING_UTF8:
			e = record.UTF8
		case C.SHOGI_ENCODING_UTF8_BOM:
			e = record.UTF8BOM
		case C.SHOGI_ENCODING_SHIFT_JIS:
			e = record.ShiftJIS
		default:
			return errorf(statusInvalidArgument, "unknown encoding %d", int32(encoding))
		}
		b, err := record.WriteRecord(g, f, e)
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return writeString(string(b), buf, capacity, needed)
	})
}

//export shogi_record_start_sfen
func shogi_record_start_sfen(h C.shogi_record_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		return writeString(g.Start.SFEN(), buf, capacity, needed)
	})
}

//export shogi_record_moves
func shogi_record_moves(h C.shogi_record_t, moves *C.uint32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		return writeMoves(g.Moves(), moves, capacity, count)
	})
}

//export shogi_record_position
func shogi_record_position(h C.shogi_record_t, ply C.size_t, out *C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		if out == nil {
			return errNull("out")
		}
		if uint64(ply) > 1<<20 {
			return errorf(statusInvalidArgument, "ply %d is beyond the main line", uint64(ply))
		}
		p, err := g.PositionAt(int(ply))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newPosition(out, p)
	})
}

var outcomeCodes = map[record.Outcome]C.int32_t{
	record.NoResult: C.SHOGI_RESULT_NONE, record.BlackWin: C.SHOGI_RESULT_BLACK_WIN,
	record.WhiteWin: C.SHOGI_RESULT_WHITE_WIN, record.Draw: C.SHOGI_RESULT_DRAW,
}

// The SHOGI_END_* values are the record.EndKind values (checked in init).
const lastEndKind = record.EndUnknown

func init() {
	if C.SHOGI_END_UNKNOWN != int(lastEndKind) || C.SHOGI_END_RESIGN != int(record.EndResign) ||
		C.SHOGI_END_MATE != int(record.EndMate) || C.SHOGI_END_DECLARE_WIN != int(record.EndDeclareWin) {
		panic("capi: SHOGI_END_* values do not match record.EndKind")
	}
}

//export shogi_record_result
func shogi_record_result(h C.shogi_record_t, result *C.int32_t, end *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		if result == nil {
			return errNull("result")
		}
		e := g.End()
		*result = outcomeCodes[e.Outcome()]
		if end != nil {
			*end = C.SHOGI_END_NONE
			if e != nil {
				*end = C.int32_t(e.Kind)
			}
		}
		return nil
	})
}

//export shogi_record_set_end
func shogi_record_set_end(h C.shogi_record_t, end C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		if end < 0 || end >= C.int32_t(record.EndUnknown) { // an unknown end is read, never set
			return errorf(statusInvalidArgument, "unknown end %d", int32(end))
		}
		n := g.Root
		for len(n.Children) > 0 {
			n = n.Children[0]
		}
		if end == C.SHOGI_END_NONE {
			n.End = nil
			return nil
		}
		p, err := g.PositionAt(len(g.MainLine()))
		if err != nil {
			return wrap(statusState, err)
		}
		n.End = &record.Ending{Kind: record.EndKind(end), Side: p.SideToMove()}
		return nil
	})
}

//export shogi_record_header
func shogi_record_header(h C.shogi_record_t, key *C.char, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		k, err := goString(key, "key")
		if err != nil {
			return err
		}
		var v string
		switch k {
		case "black":
			v = g.Black
		case "white":
			v = g.White
		case "handicap":
			v = g.Handicap
		default:
			v, _ = g.Header(k)
		}
		return writeString(v, buf, capacity, needed)
	})
}

//export shogi_record_set_header
func shogi_record_set_header(h C.shogi_record_t, key *C.char, value *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		k, err := goString(key, "key")
		if err != nil {
			return err
		}
		v, err := goString(value, "value")
		if err != nil {
			return err
		}
		switch k {
		case "":
			return errorf(statusInvalidArgument, "empty header key")
		case "black":
			g.Black = v
		case "white":
			g.White = v
		case "handicap":
			return errorf(statusInvalidArgument, "the handicap follows the start position; it cannot be set")
		default:
			g.SetHeader(k, v)
		}
		return nil
	})
}

// positionOf builds a position from a decoded diagram.
func positionOf(d *record.Diagram) (*board.Position, error) {
	p, err := board.FromSetup(d, board.SFENOptions{})
	if err != nil {
		return nil, wrap(statusParse, fmt.Errorf("%s: %w", d.SFEN(), err))
	}
	return p, nil
}

// moveOut is the move of a record: the legal move with its piece bits, or
// the raw move16 when it is not legal in the position.
func moveOut(p *board.Position, v uint16) C.uint32_t {
	if v == 0 {
		return 0
	}
	if m, err := p.MoveFromMove16(v); err == nil {
		return C.uint32_t(m)
	}
	return C.uint32_t(v)
}

// moveIn checks a move argument against the position (0 = none).
func moveIn(p *board.Position, move C.uint32_t) (uint16, error) {
	v := uint16(move)
	if v == 0 {
		return 0, nil
	}
	if _, err := p.MoveFromMove16(v); err != nil {
		return 0, moveError(err)
	}
	return v, nil
}

func int16Arg(v C.int32_t, name string) (int16, error) {
	if v < -32768 || v > 32767 {
		return 0, errorf(statusInvalidArgument, "%s %d does not fit in 16 bits", name, int32(v))
	}
	return int16(v), nil
}

//export shogi_position_from_psv
func shogi_position_from_psv(rec unsafe.Pointer, out *C.shogi_position_t, score *C.int32_t, move *C.uint32_t, result *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		b, err := recordsArg(rec, 1, record.PSVSize, "rec")
		if err != nil {
			return err
		}
		var r record.PSV
		var d record.Diagram
		if err := record.DecodePSV(b, &r, &d); err != nil {
			return wrap(statusParse, err)
		}
		p, err := positionOf(&d)
		if err != nil {
			return err
		}
		if score != nil {
			*score = C.int32_t(r.Score)
		}
		if move != nil {
			*move = moveOut(p, r.Move)
		}
		if result != nil {
			*result = C.int32_t(r.Result)
		}
		return newPosition(out, p)
	})
}

//export shogi_position_to_psv
func shogi_position_to_psv(h C.shogi_position_t, score C.int32_t, move C.uint32_t, result C.int32_t, rec unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		b, err := recordsArg(rec, 1, record.PSVSize, "rec")
		if err != nil {
			return err
		}
		s, err := int16Arg(score, "score")
		if err != nil {
			return err
		}
		if result < -1 || result > 1 {
			return errorf(statusInvalidArgument, "result %d: must be -1, 0 or 1 (for the side to move)", int32(result))
		}
		m, err := moveIn(p, move)
		if err != nil {
			return err
		}
		d := p.Setup()
		r, err := record.NewPSV(&d, s, m, int8(result))
		if err != nil {
			return wrap(statusState, err)
		}
		r.Encode(b)
		return nil
	})
}

//export shogi_position_from_hcpe
func shogi_position_from_hcpe(rec unsafe.Pointer, out *C.shogi_position_t, eval *C.int32_t, move *C.uint32_t, result *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		b, err := recordsArg(rec, 1, record.HCPESize, "rec")
		if err != nil {
			return err
		}
		var r record.HCPE
		var d record.Diagram
		if err := record.DecodeHCPE(b, &r, &d); err != nil {
			return wrap(statusParse, err)
		}
		p, err := positionOf(&d)
		if err != nil {
			return err
		}
		if eval != nil {
			*eval = C.int32_t(r.Eval)
		}
		if move != nil {
			*move = moveOut(p, board.Move16Apery.ToYaneuraOu(r.BestMove16))
		}
		if result != nil {
			*result = C.int32_t(r.GameResult)
		}
		return newPosition(out, p)
	})
}

//export shogi_position_to_hcpe
func shogi_position_to_hcpe(h C.shogi_position_t, eval C.int32_t, move C.uint32_t, result C.int32_t, rec unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, h, func(p *board.Position) error {
		b, err := recordsArg(rec, 1, record.HCPESize, "rec")
		if err != nil {
			return err
		}
		s, err := int16Arg(eval, "eval")
		if err != nil {
			return err
		}
		if result < 0 || result > 2 {
			return errorf(statusInvalidArgument, "result %d: must be 0 (draw), 1 (Black won) or 2 (White won)", int32(result))
		}
		m, err := moveIn(p, move)
		if err != nil {
			return err
		}
		d := p.Setup()
		r, err := record.NewHCPE(&d, s, board.Move16ToHcpe(m), uint8(result))
		if err != nil {
			return wrap(statusState, err)
		}
		r.Encode(b)
		return nil
	})
}

// bulkError maps a bulk call's lowest failure to a status: a panic is
// SHOGI_E_INTERNAL, an error keeps its code (SHOGI_E_PARSE for a library
// error).
func bulkError(index int, err error) error {
	if err == nil {
		return nil
	}
	var p *batch.Panic
	if errors.As(err, &p) {
		err = panicError(p.Value)
	}
	code := C.shogi_status_t(statusParse)
	var ae *apiError
	if errors.As(err, &ae) {
		code = ae.code
	}
	return errorf(code, "record %d: %v", index, err)
}

//export shogi_psv_to_hcpe
func shogi_psv_to_hcpe(psv unsafe.Pointer, n C.size_t, hcpe unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		in, err := recordsArg(psv, n, record.PSVSize, "psv")
		if err != nil {
			return err
		}
		out, err := recordsArg(hcpe, n, record.HCPESize, "hcpe")
		if err != nil {
			return err
		}
		return bulkError(record.PSVsToHCPEs(in, out))
	})
}

//export shogi_hcpe_to_psv
func shogi_hcpe_to_psv(hcpe unsafe.Pointer, n C.size_t, psv unsafe.Pointer, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		in, err := recordsArg(hcpe, n, record.HCPESize, "hcpe")
		if err != nil {
			return err
		}
		out, err := recordsArg(psv, n, record.PSVSize, "psv")
		if err != nil {
			return err
		}
		return bulkError(record.HCPEsToPSVs(in, out))
	})
}

//export shogi_psv_check
func shogi_psv_check(psv unsafe.Pointer, n C.size_t, nBad *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		in, err := recordsArg(psv, n, record.PSVSize, "psv")
		if err != nil {
			return err
		}
		bad := make([]bool, int(n))
		err = bulkError(training.CheckPSVs(in, bad))
		if nBad != nil {
			k := 0
			for _, b := range bad {
				if b {
					k++
				}
			}
			*nBad = C.size_t(k)
		}
		return err
	})
}

//export shogi_network_evaluate_psv
func shogi_network_evaluate_psv(net C.shogi_network_t, psv unsafe.Pointer, n C.size_t, fvScale C.int32_t, values *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(nw *nnue.Net) error {
		if n == 0 {
			return nil
		}
		if values == nil {
			return errNull("values")
		}
		if err := checkFVScale(fvScale); err != nil {
			return err
		}
		in, err := recordsArg(psv, n, record.PSVSize, "psv")
		if err != nil {
			return err
		}
		out := unsafe.Slice((*int32)(unsafe.Pointer(values)), int(n))
		return bulkError(training.EvaluatePSVs(nw, in, int(fvScale), out))
	})
}

//export shogi_psv_halfkp_features
func shogi_psv_halfkp_features(psv unsafe.Pointer, n C.size_t, black *C.int32_t, white *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if n == 0 {
			return nil
		}
		if black == nil {
			return errNull("black")
		}
		if white == nil {
			return errNull("white")
		}
		in, err := recordsArg(psv, n, record.PSVSize, "psv")
		if err != nil {
			return err
		}
		const k = C.SHOGI_NNUE_MAX_ACTIVE
		return bulkError(training.PSVFeatures(in,
			unsafe.Slice((*int32)(unsafe.Pointer(black)), int(n)*k),
			unsafe.Slice((*int32)(unsafe.Pointer(white)), int(n)*k)))
	})
}
