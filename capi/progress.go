package main

/*
#include "capi.h"

// The progress callback is a C function pointer: Go cannot call it
// directly, so it goes through this trampoline.
static inline void shogi_call_progress(shogi_progress_callback_t cb, shogi_search_progress_t *p, void *user_data) {
	cb(p, user_data);
}
*/
import "C"

import (
	"time"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/search"
)

// The header's interval is the engine's.
var _ = [1]struct{}{}[time.Duration(C.SHOGI_PROGRESS_INTERVAL_MS)*time.Millisecond-search.ProgressInterval]

//export shogi_engine_search_progress
func shogi_engine_search_progress(eng C.shogi_engine_t, pos C.shogi_position_t, limits *C.shogi_search_limits_t,
	callback C.shogi_info_callback_t, progress C.shogi_progress_callback_t, userData unsafe.Pointer,
	result *C.shogi_search_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		return en.search(pos, limits, callback, progress, userData, result)
	})
}

// searchProgressReporter makes the engine's progress handler for a C callback,
// with the C struct it fills (C memory, which the collector never moves)
// and the function that frees it.
func searchProgressReporter(cb C.shogi_progress_callback_t, userData unsafe.Pointer) (func(*search.Info), func(), error) {
	cp := (*C.shogi_search_progress_t)(C.calloc(1, C.sizeof_shogi_search_progress_t))
	if cp == nil {
		return nil, nil, errorf(statusInternal, "out of memory")
	}
	report := func(i *search.Info) {
		*cp = C.shogi_search_progress_t{}
		cp.depth = C.int32_t(i.Depth)
		cp.seldepth = C.int32_t(i.SelDepth)
		cp.multipv = C.int32_t(i.MultiPV)
		cp.hashfull = C.int32_t(i.Hashfull)
		cp.currmove = C.uint32_t(i.CurrMove)
		cp.currmove_number = C.int32_t(i.CurrMoveNumber)
		cp.nodes = C.uint64_t(i.Nodes)
		cp.nps = C.uint64_t(i.NPS)
		cp.time_ms = C.int64_t(i.Time.Milliseconds())
		C.shogi_call_progress(cb, cp, userData)
	}
	return report, func() { C.free(unsafe.Pointer(cp)) }, nil
}
