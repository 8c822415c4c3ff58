package main

// #include "capi.h"
import "C"

import (
	"errors"
	"fmt"
	"github.com/libshogi/libshogi/internal/batch"
	"os"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// netError gives a loader error its status code.
func netError(err error) error {
	var pe *os.PathError
	switch {
	case errors.Is(err, nnue.ErrArch):
		return wrap(statusUnsupported, err)
	case errors.As(err, &pe), errors.Is(err, nnue.ErrIO):
		return wrap(statusIO, err)
	case errors.Is(err, nnue.ErrVersion), errors.Is(err, nnue.ErrTruncated),
		errors.Is(err, nnue.ErrTrailing), errors.Is(err, nnue.ErrSize), errors.Is(err, nnue.ErrHeader):
		return wrap(statusParse, err)
	}
	return wrap(statusIO, err)
}

func lookupNetwork(h C.shogi_network_t) (*nnue.Net, error) {
	o, err := handles.lookup(handleValue(unsafe.Pointer(h)), kindNetwork)
	if err != nil {
		return nil, err
	}
	return o.value.(*nnue.Net), nil
}

func withNetwork(cerr *C.shogi_error_t, h C.shogi_network_t, body func(n *nnue.Net) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindNetwork, func(o *object) error {
		return body(o.value.(*nnue.Net))
	})
}

func withAccumulator(cerr *C.shogi_error_t, h C.shogi_accumulator_t, body func(a *nnue.Accumulator) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindAccumulator, func(o *object) error {
		return body(o.value.(*nnue.Accumulator))
	})
}

func checkFVScale(v C.int32_t) error {
	if err := nnue.CheckFVScale(int(v)); err != nil {
		return wrap(statusInvalidArgument, err)
	}
	return nil
}

func checkColor(v C.int32_t, name string) (board.Color, error) {
	if v != C.SHOGI_BLACK && v != C.SHOGI_WHITE {
		return 0, errorf(statusInvalidArgument, "%s %d: must be SHOGI_BLACK (0) or SHOGI_WHITE (1)", name, int32(v))
	}
	return board.Color(v), nil
}

// int32s views a C array of n int32 (NULL allowed when n == 0).
func int32s(p *C.int32_t, n C.size_t, name string) ([]int32, error) {
	if n == 0 {
		return nil, nil
	}
	if p == nil {
		return nil, errNull(name)
	}
	if uint64(n) > 1<<24 {
		return nil, errorf(statusInvalidArgument, "%s: %d features is too many", name, uint64(n))
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), int(n)), nil
}

//export shogi_network_load
func shogi_network_load(path *C.char, out *C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		p, err := goString(path, "path")
		if err != nil {
			return err
		}
		n, err := nnue.Load(p)
		if err != nil {
			return netError(err)
		}
		return newHandle(unsafe.Pointer(out), kindNetwork, n)
	})
}

//export shogi_network_load_memory
func shogi_network_load_memory(data unsafe.Pointer, size C.size_t, out *C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		if data == nil && size > 0 {
			return errNull("data")
		}
		var b []byte
		if size > 0 {
			if uint64(size) > 1<<40 {
				return errorf(statusInvalidArgument, "size %d is implausible", uint64(size))
			}
			b = unsafe.Slice((*byte)(data), int(size))
		}
		n, err := nnue.LoadBytes(b)
		if err != nil {
			return netError(err)
		}
		return newHandle(unsafe.Pointer(out), kindNetwork, n)
	})
}

//export shogi_network_make_test
func shogi_network_make_test(kind *C.char, seed C.uint64_t, out *C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		k, err := goString(kind, "kind")
		if err != nil {
			return err
		}
		n, err := nnue.MakeTestNet(k, uint64(seed))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newHandle(unsafe.Pointer(out), kindNetwork, n)
	})
}

//export shogi_network_save
func shogi_network_save(net C.shogi_network_t, path *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		p, err := goString(path, "path")
		if err != nil {
			return err
		}
		if err := n.Save(p); err != nil {
			return wrap(statusIO, err)
		}
		return nil
	})
}

//export shogi_network_free
func shogi_network_free(net C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if net == nil {
			return nil
		}
		return handles.remove(handleValue(unsafe.Pointer(net)), kindNetwork)
	})
}

//export shogi_network_arch
func shogi_network_arch(net C.shogi_network_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		return writeString(n.ArchString, buf, capacity, needed)
	})
}

//export shogi_network_evaluate
func shogi_network_evaluate(net C.shogi_network_t, pos C.shogi_position_t, fvScale C.int32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		if value == nil {
			return errNull("value")
		}
		if err := checkFVScale(fvScale); err != nil {
			return err
		}
		n, err := lookupNetwork(net)
		if err != nil {
			return err
		}
		*value = C.int32_t(n.Evaluate(p, int(fvScale)))
		return nil
	})
}

// batchParallelMin is the batch size from which evaluate_sfens splits the
// work across goroutines.
const batchParallelMin = 256

//export shogi_network_evaluate_sfens
func shogi_network_evaluate_sfens(net C.shogi_network_t, sfens **C.char, n C.size_t, fvScale C.int32_t, values *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(nw *nnue.Net) error {
		if n == 0 {
			return nil
		}
		if sfens == nil {
			return errNull("sfens")
		}
		if values == nil {
			return errNull("values")
		}
		if err := checkFVScale(fvScale); err != nil {
			return err
		}
		if uint64(n) > 1<<40 {
			return errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
		}
		in := unsafe.Slice(sfens, int(n))
		out := unsafe.Slice((*int32)(unsafe.Pointer(values)), int(n))
		fv := int(fvScale)
		_, err := batch.Ranges(int(n), batchParallelMin, func(lo, hi int) (bad int, first error) {
			bad = -1
			p := board.NewPosition() // reused: SetSFEN allocates nothing
			for i := lo; i < hi; i++ {
				out[i] = 0
				if in[i] == nil {
					if bad < 0 {
						bad, first = i, errorf(statusNullPointer, "sfens[%d] is NULL", i)
					}
					continue
				}
				if err := p.SetSFEN(C.GoString(in[i]), board.SFENOptions{}); err != nil {
					if bad < 0 {
						bad, first = i, wrap(statusParse, fmt.Errorf("sfens[%d]: %w", i, err))
					}
					continue
				}
				out[i] = int32(nw.Evaluate(p, fv))
			}
			return bad, first
		})
		var p *batch.Panic
		if errors.As(err, &p) {
			return panicError(p.Value)
		}
		return err
	})
}

//export shogi_position_halfkp_features
func shogi_position_halfkp_features(pos C.shogi_position_t, black, white *C.int32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		if count == nil {
			return errNull("count")
		}
		var buf [2][64]int32
		var fs [2][]int32
		for c := board.Black; c <= board.White; c++ {
			f, ok := nnue.AppendActive(buf[c][:0], p, c)
			if !ok {
				return errorf(statusState, "the position has no %s king: no HalfKP features", map[board.Color]string{board.Black: "black", board.White: "white"}[c])
			}
			fs[c] = f
		}
		if len(fs[0]) != len(fs[1]) {
			*count = C.size_t(len(fs[0]))
			return errorf(statusInternal, "feature counts differ: %d and %d", len(fs[0]), len(fs[1]))
		}
		return writeFeaturePair(fs, black, white, capacity, count)
	})
}

// maxActive is the row width of the batch feature arrays (SHOGI_NNUE_MAX_ACTIVE).
var maxActive = nnue.HalfKP.MaxActive

//export shogi_sfens_halfkp_features
func shogi_sfens_halfkp_features(sfens **C.char, n C.size_t, black, white *C.int32_t, sideToMove *C.uint8_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if n == 0 {
			return nil
		}
		if sfens == nil {
			return errNull("sfens")
		}
		if black == nil {
			return errNull("black")
		}
		if white == nil {
			return errNull("white")
		}
		if uint64(n) > 1<<40 {
			return errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
		}
		in := unsafe.Slice(sfens, int(n))
		rows := [2][]int32{
			unsafe.Slice((*int32)(unsafe.Pointer(black)), int(n)*maxActive),
			unsafe.Slice((*int32)(unsafe.Pointer(white)), int(n)*maxActive),
		}
		var stm []uint8
		if sideToMove != nil {
			stm = unsafe.Slice((*uint8)(unsafe.Pointer(sideToMove)), int(n))
		}
		var firstErr error
		p := board.NewPosition() // reused: SetSFEN allocates nothing
		for i := 0; i < int(n); i++ {
			var err error
			switch {
			case in[i] == nil:
				err = errorf(statusNullPointer, "sfens[%d] is NULL", i)
			default:
				if e := p.SetSFEN(C.GoString(in[i]), board.SFENOptions{}); e != nil {
					err = wrap(statusParse, fmt.Errorf("sfens[%d]: %w", i, e))
				}
			}
			for c := board.Black; c <= board.White && err == nil; c++ {
				row := rows[c][i*maxActive : (i+1)*maxActive]
				f, ok := nnue.AppendActive(row[:0], p, c)
				if !ok {
					err = errorf(statusState, "sfens[%d]: a king is missing: no HalfKP features", i)
					break
				}
				if len(f) != len(row) {
					err = errorf(statusInternal, "sfens[%d]: %d features, want %d", i, len(f), len(row))
				}
			}
			if err != nil {
				for c := range rows {
					for j := i * maxActive; j < (i+1)*maxActive; j++ {
						rows[c][j] = -1
					}
				}
				if stm != nil {
					stm[i] = 0
				}
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if stm != nil {
				stm[i] = uint8(p.SideToMove())
			}
		}
		return firstErr
	})
}

//export shogi_accumulator_new
func shogi_accumulator_new(net C.shogi_network_t, out *C.shogi_accumulator_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		if out == nil {
			return errNull("out")
		}
		return newHandle(unsafe.Pointer(out), kindAccumulator, nnue.NewAccumulator(n))
	})
}

//export shogi_accumulator_free
func shogi_accumulator_free(acc C.shogi_accumulator_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if acc == nil {
			return nil
		}
		return handles.remove(handleValue(unsafe.Pointer(acc)), kindAccumulator)
	})
}

//export shogi_accumulator_copy
func shogi_accumulator_copy(dst, src C.shogi_accumulator_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, dst, func(d *nnue.Accumulator) error {
		o, err := handles.lookup(handleValue(unsafe.Pointer(src)), kindAccumulator)
		if err != nil {
			return err
		}
		s := o.value.(*nnue.Accumulator)
		if len(s.Values(board.Black)) != len(d.Values(board.Black)) {
			return errorf(statusInvalidArgument, "accumulators of different sizes (%d and %d)", len(s.Values(board.Black)), len(d.Values(board.Black)))
		}
		d.CopyFrom(s)
		return nil
	})
}

//export shogi_accumulator_refresh
func shogi_accumulator_refresh(acc C.shogi_accumulator_t, persp C.int32_t, features *C.int32_t, n C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		c, err := checkColor(persp, "perspective")
		if err != nil {
			return err
		}
		f, err := int32s(features, n, "features")
		if err != nil {
			return err
		}
		if err := a.Refresh(c, f); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return nil
	})
}

//export shogi_accumulator_update
func shogi_accumulator_update(acc C.shogi_accumulator_t, persp C.int32_t, removed *C.int32_t, nRemoved C.size_t, added *C.int32_t, nAdded C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		c, err := checkColor(persp, "perspective")
		if err != nil {
			return err
		}
		r, err := int32s(removed, nRemoved, "removed")
		if err != nil {
			return err
		}
		ad, err := int32s(added, nAdded, "added")
		if err != nil {
			return err
		}
		if err := a.Update(c, r, ad); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return nil
	})
}

//export shogi_accumulator_evaluate
func shogi_accumulator_evaluate(acc C.shogi_accumulator_t, stm C.int32_t, fvScale C.int32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		if value == nil {
			return errNull("value")
		}
		c, err := checkColor(stm, "side_to_move")
		if err != nil {
			return err
		}
		if err := checkFVScale(fvScale); err != nil {
			return err
		}
		*value = C.int32_t(a.Evaluate(c, int(fvScale)))
		return nil
	})
}
