package main

// #include "capi.h"
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/training"
)

// The NNUE architectures section of shogi.h: network information, loading
// with an architecture override and FV_SCALE, test nets of every layout,
// feature-set-neutral features (position, SFEN/PSV/hcpe batches) and the
// accumulator by position and by move. Marshalling only: the logic is in
// libshogi/nnue.

// copyName writes s NUL-terminated into a fixed char array of n bytes.
func copyName(dst *C.char, n int, s string) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(dst)), n)
	k := copy(b[:n-1], s)
	clear(b[k:])
}

//export shogi_network_info
func shogi_network_info(net C.shogi_network_t, info *C.shogi_network_info_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withNetwork(cerr, net, func(n *nnue.Net) error {
		if info == nil {
			return errNull("info")
		}
		a := n.Arch
		*info = C.shogi_network_info_t{}
		copyName(&info.arch[0], len(info.arch), a.Name())
		copyName(&info.feature_set[0], len(info.feature_set), a.Features.Short)
		info.kind = C.int32_t(a.Kind)
		info.version = C.uint32_t(n.Version)
		info.dimensions = C.int32_t(a.Features.Dims)
		info.max_active = C.int32_t(a.Features.MaxActive)
		info.half_dimensions = C.int32_t(a.HalfDims)
		info.hidden1 = C.int32_t(a.Hidden[0])
		info.hidden2 = C.int32_t(a.Hidden[1])
		info.layer_stacks = C.int32_t(a.NumStacks())
		info.fv_scale = C.int32_t(n.FVScale)
		info.compressed = C.int32_t(boolInt(n.Compressed))
		info.file_hash = C.uint32_t(n.FileHash)
		info.ft_hash = C.uint32_t(n.FTHash)
		info.net_hash = C.uint32_t(n.NetHash)
		info.warnings = C.int32_t(len(n.Warnings))
		return nil
	})
}

//export shogi_network_load_with
func shogi_network_load_with(path *C.char, arch *C.char, fvScale C.int32_t, flags C.uint32_t, out *C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		p, err := goString(path, "path")
		if err != nil {
			return err
		}
		o := nnue.LoadOptions{FVScale: int(fvScale), Mmap: flags&C.SHOGI_NNUE_LOAD_MMAP != 0}
		if arch != nil {
			o.Arch = C.GoString(arch)
		}
		if flags&^C.SHOGI_NNUE_LOAD_MMAP != 0 {
			return errorf(statusInvalidArgument, "unknown flags 0x%x", uint32(flags))
		}
		if fvScale != 0 {
			if err := checkFVScale(fvScale); err != nil {
				return err
			}
		}
		n, err := nnue.LoadWith(p, o)
		if err != nil {
			if o.Arch != "" {
				if _, aerr := nnue.ArchByName(o.Arch); aerr != nil {
					return wrap(statusInvalidArgument, aerr)
				}
			}
			return netError(err)
		}
		return newHandle(unsafe.Pointer(out), kindNetwork, n)
	})
}

//export shogi_network_make_test_arch
func shogi_network_make_test_arch(arch, kind *C.char, seed C.uint64_t, out *C.shogi_network_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		a, err := goString(arch, "arch")
		if err != nil {
			return err
		}
		k, err := goString(kind, "kind")
		if err != nil {
			return err
		}
		n, err := nnue.MakeTestNetNamed(a, k, uint64(seed))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newHandle(unsafe.Pointer(out), kindNetwork, n)
	})
}

// featureSet resolves a feature set name (short or architecture-string).
func featureSet(name *C.char) (nnue.FeatureSet, error) {
	s, err := goString(name, "feature_set")
	if err != nil {
		return nnue.FeatureSet{}, err
	}
	fs, err := nnue.FeatureSetByName(s)
	if err != nil {
		return nnue.FeatureSet{}, wrap(statusInvalidArgument, err)
	}
	return fs, nil
}

//export shogi_feature_set_info
func shogi_feature_set_info(name *C.char, dimensions, maxActive *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		fs, err := featureSet(name)
		if err != nil {
			return err
		}
		if dimensions != nil {
			*dimensions = C.int32_t(fs.Dims)
		}
		if maxActive != nil {
			*maxActive = C.int32_t(fs.MaxActive)
		}
		return nil
	})
}

//export shogi_position_features
func shogi_position_features(featureSetName *C.char, pos C.shogi_position_t, black, white *C.int32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		fs, err := featureSet(featureSetName)
		if err != nil {
			return err
		}
		if count == nil {
			return errNull("count")
		}
		var buf [2][64]int32
		var f [2][]int32
		for c := board.Black; c <= board.White; c++ {
			var ok bool
			if f[c], ok = fs.AppendActive(buf[c][:0], p, c); !ok {
				return errorf(statusState, "a king is missing: no %s features", fs.Short)
			}
		}
		return writeFeaturePair(f, black, white, capacity, count)
	})
}

// writeFeaturePair stores one position's features from both perspectives:
// *count always, the arrays when given (both or neither) and large enough.
func writeFeaturePair(f [2][]int32, black, white *C.int32_t, capacity C.size_t, count *C.size_t) error {
	*count = C.size_t(len(f[0]))
	if black == nil && white == nil {
		return nil
	}
	if black == nil {
		return errNull("black")
	}
	if white == nil {
		return errNull("white")
	}
	if uint64(capacity) < uint64(len(f[0])) {
		return errorf(statusBufferTooSmall, "arrays of %d items are too small: %d needed", uint64(capacity), len(f[0]))
	}
	copy(unsafe.Slice((*int32)(unsafe.Pointer(black)), len(f[0])), f[0])
	copy(unsafe.Slice((*int32)(unsafe.Pointer(white)), len(f[1])), f[1])
	return nil
}

// featureRows checks the batch arguments and returns the two output arrays
// of n rows of the set's MaxActive indices.
func featureRows(fs nnue.FeatureSet, n C.size_t, black, white *C.int32_t) ([2][]int32, error) {
	if black == nil {
		return [2][]int32{}, errNull("black")
	}
	if white == nil {
		return [2][]int32{}, errNull("white")
	}
	if uint64(n) > 1<<36 {
		return [2][]int32{}, errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
	}
	k := int(n) * fs.MaxActive
	return [2][]int32{unsafe.Slice((*int32)(unsafe.Pointer(black)), k), unsafe.Slice((*int32)(unsafe.Pointer(white)), k)}, nil
}

// fillRow writes row i of both arrays from p, or -1s and the error.
func fillRow(fs nnue.FeatureSet, rows [2][]int32, i int, p *board.Position, err error) error {
	k := fs.MaxActive
	rb, rw := rows[0][i*k:(i+1)*k], rows[1][i*k:(i+1)*k]
	if err != nil {
		training.ClearRow(rb, rw)
		return err
	}
	if err := training.PositionRow(fs, p, rb, rw); err != nil {
		return errorf(statusState, "row %d: %v", i, err)
	}
	return nil
}

//export shogi_sfens_features
func shogi_sfens_features(featureSetName *C.char, sfens **C.char, n C.size_t, black, white *C.int32_t, sideToMove *C.uint8_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		fs, err := featureSet(featureSetName)
		if err != nil || n == 0 {
			return err
		}
		if sfens == nil {
			return errNull("sfens")
		}
		rows, err := featureRows(fs, n, black, white)
		if err != nil {
			return err
		}
		in := unsafe.Slice(sfens, int(n))
		var stm []uint8
		if sideToMove != nil {
			stm = unsafe.Slice((*uint8)(unsafe.Pointer(sideToMove)), int(n))
		}
		var firstErr error
		p := board.NewPosition()
		for i := range in {
			var err error
			if in[i] == nil {
				err = errorf(statusNullPointer, "sfens[%d] is NULL", i)
			} else if e := p.SetSFEN(C.GoString(in[i]), board.SFENOptions{}); e != nil {
				err = wrap(statusParse, fmt.Errorf("sfens[%d]: %w", i, e))
			}
			err = fillRow(fs, rows, i, p, err)
			if stm != nil {
				stm[i] = uint8(p.SideToMove())
				if err != nil {
					stm[i] = 0
				}
			}
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return firstErr
	})
}

// recordFeatures is the body of the PSV and hcpe batch functions: the
// arguments checked, the work done by training.RecordFeatures.
func recordFeatures(featureSetName *C.char, data unsafe.Pointer, n C.size_t, size int, black, white *C.int32_t,
	decode func(b []byte, d *record.Diagram) error) error {
	fs, err := featureSet(featureSetName)
	if err != nil || n == 0 {
		return err
	}
	if data == nil {
		return errNull("records")
	}
	rows, err := featureRows(fs, n, black, white)
	if err != nil {
		return err
	}
	in := unsafe.Slice((*byte)(data), int(n)*size)
	i, err := training.RecordFeatures(fs, in, size, decode, rows[0], rows[1])
	if errors.Is(err, training.ErrNoKing) {
		return errorf(statusState, "record %d: %v", i, err)
	}
	return bulkError(i, err)
}

//export shogi_psv_features
func shogi_psv_features(featureSetName *C.char, psv unsafe.Pointer, n C.size_t, black, white *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		return recordFeatures(featureSetName, psv, n, record.PSVSize, black, white, func(b []byte, d *record.Diagram) error {
			var r record.PSV
			return record.DecodePSV(b, &r, d)
		})
	})
}

//export shogi_hcpe_features
func shogi_hcpe_features(featureSetName *C.char, hcpe unsafe.Pointer, n C.size_t, black, white *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		return recordFeatures(featureSetName, hcpe, n, record.HCPESize, black, white, func(b []byte, d *record.Diagram) error {
			var h record.HCPE
			return record.DecodeHCPE(b, &h, d)
		})
	})
}

//export shogi_accumulator_set_kings
func shogi_accumulator_set_kings(acc C.shogi_accumulator_t, blackKing, whiteKing C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		for _, s := range []C.int32_t{blackKing, whiteKing} {
			if s < 0 || s > 80 {
				return errorf(statusInvalidArgument, "king square %d: must be 0..80", int32(s))
			}
		}
		a.SetKings(board.Square(blackKing), board.Square(whiteKing))
		return nil
	})
}

//export shogi_accumulator_refresh_position
func shogi_accumulator_refresh_position(acc C.shogi_accumulator_t, pos C.shogi_position_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		p, err := lookupPosition(pos)
		if err != nil {
			return err
		}
		if err := a.RefreshPosition(p); err != nil {
			return wrap(statusState, err)
		}
		return nil
	})
}

//export shogi_accumulator_update_move
func shogi_accumulator_update_move(acc C.shogi_accumulator_t, pos C.shogi_position_t, move C.uint32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withAccumulator(cerr, acc, func(a *nnue.Accumulator) error {
		p, err := lookupPosition(pos)
		if err != nil {
			return err
		}
		m, err := p.MoveFromMove16(uint16(move))
		if err != nil {
			return moveError(err)
		}
		if err := a.UpdateMove(p, m); err != nil {
			return wrap(statusState, err)
		}
		return nil
	})
}

func lookupPosition(h C.shogi_position_t) (*board.Position, error) {
	o, err := handles.lookup(handleValue(unsafe.Pointer(h)), kindPosition)
	if err != nil {
		return nil, err
	}
	return o.value.(*board.Position), nil
}
