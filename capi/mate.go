package main

// #include "capi.h"
import "C"

import (
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/mate"
	"github.com/libshogi/libshogi/libshogi/search"
)

// mateSolver is what a mate solver handle refers to.
type mateSolver struct {
	s    *mate.Solver
	busy atomic.Bool
	// stopReq is the solve's stop flag: set by shogi_mate_stop, cleared
	// before the busy flag is taken, so a stop during start-up is kept.
	stopReq atomic.Bool
	line    []board.Move // of the last solve
}

func withMateSolver(cerr *C.shogi_error_t, h C.shogi_mate_solver_t, body func(ms *mateSolver) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindMateSolver, func(o *object) error {
		return body(o.value.(*mateSolver))
	})
}

//export shogi_mate_solver_new
func shogi_mate_solver_new(tableMB C.int32_t, out *C.shogi_mate_solver_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		o, _ := search.LookupOption("MateHash")
		if tableMB < 0 || int64(tableMB) > o.Max {
			return errorf(statusInvalidArgument, "table_mb %d: must be 0..%d (0: %s)", int32(tableMB), o.Max, o.Default)
		}
		s, err := mate.NewChecked(int(tableMB))
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newHandle(unsafe.Pointer(out), kindMateSolver, &mateSolver{s: s})
	})
}

//export shogi_mate_solver_free
func shogi_mate_solver_free(solver C.shogi_mate_solver_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if solver == nil {
			return nil
		}
		h := handleValue(unsafe.Pointer(solver))
		if o, err := handles.find(h, kindMateSolver); err == nil && o.value.(*mateSolver).busy.Load() {
			return errorf(statusState, "mate solver is solving: stop it and wait before freeing")
		}
		return handles.remove(h, kindMateSolver)
	})
}

//export shogi_mate_solve
func shogi_mate_solve(solver C.shogi_mate_solver_t, pos C.shogi_position_t, limits *C.shogi_mate_limits_t,
	result *C.shogi_mate_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withMateSolver(cerr, solver, func(sol *mateSolver) error {
		if result == nil {
			return errNull("result")
		}
		po, err := handles.lookup(handleValue(unsafe.Pointer(pos)), kindPosition)
		if err != nil {
			return err
		}
		var lim mate.Limits
		if limits != nil {
			if lim.Time, err = ms(limits.time_ms, "time_ms"); err != nil {
				return err
			}
			lim.Nodes = uint64(limits.nodes)
		}
		sol.stopReq.Store(false)
		if !sol.busy.CompareAndSwap(false, true) {
			return errorf(statusState, "mate solver is already solving")
		}
		defer sol.busy.Store(false)
		lim.Stop = &sol.stopReq
		res, err := sol.s.Solve(po.value.(*board.Position), lim)
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		sol.line = res.Line
		*result = C.shogi_mate_result_t{}
		switch res.Status {
		case mate.Mate:
			result.status = C.SHOGI_MATE_FOUND
		case mate.NoMate:
			result.status = C.SHOGI_MATE_NONE
		default:
			result.status = C.SHOGI_MATE_UNKNOWN
		}
		result.line_length = C.int32_t(len(res.Line))
		result.nodes = C.uint64_t(res.Nodes)
		result.time_ms = C.int64_t(res.Time.Milliseconds())
		result.table_used = C.uint64_t(res.TableUsed)
		result.table_slots = C.uint64_t(res.TableSlots)
		return nil
	})
}

//export shogi_mate_stop
func shogi_mate_stop(solver C.shogi_mate_solver_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withMateSolver(cerr, solver, func(sol *mateSolver) error {
		if sol.busy.Load() {
			sol.stopReq.Store(true)
		}
		return nil
	})
}

//export shogi_mate_line
func shogi_mate_line(solver C.shogi_mate_solver_t, moves *C.uint32_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withMateSolver(cerr, solver, func(sol *mateSolver) error {
		return writeMoves(sol.line, moves, capacity, count)
	})
}

//export shogi_mate_line_usi
func shogi_mate_line_usi(solver C.shogi_mate_solver_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withMateSolver(cerr, solver, func(sol *mateSolver) error {
		s := make([]string, len(sol.line))
		for i, m := range sol.line {
			s[i] = m.USI()
		}
		return writeString(strings.Join(s, " "), buf, capacity, needed)
	})
}
