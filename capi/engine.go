package main

/*
#include "capi.h"

// The info callback is a C function pointer: Go cannot call it directly,
// so it goes through this trampoline.
static inline void shogi_call_info(shogi_info_callback_t cb, shogi_search_info_t *info, void *user_data) {
	cb(info, user_data);
}
*/
import "C"

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// engineHandle is what an engine handle (shogi_engine_t) refers to.
type engineHandle struct {
	e    *search.Engine
	net  *nnue.Net   // the network handle given at creation (nil: none)
	busy atomic.Bool // a shogi_engine_search call is running
	// stopReq remembers a stop that may have arrived before the search
	// was set up (the search starts with its stop flag cleared). It and
	// the changes of busy are guarded by stateMu, so that a search call
	// on a busy engine cannot clear the running search's stop request.
	stateMu sync.Mutex
	stopReq bool
	// values are the engine's option values (the option table of package
	// search); fileNet is the network EvalFile/EvalDir name, loaded from
	// filePath.
	values   *search.OptionValues
	fileNet  *nnue.Net
	filePath string
}

// begin marks the engine busy with a new search (SHOGI_E_STATE when it
// already is) and forgets any stop request of an earlier search.
func (en *engineHandle) begin() error {
	en.stateMu.Lock()
	defer en.stateMu.Unlock()
	if en.busy.Load() {
		return errorf(statusState, "engine is already searching")
	}
	en.busy.Store(true)
	en.stopReq = false
	return nil
}

func (en *engineHandle) end() {
	en.stateMu.Lock()
	en.busy.Store(false)
	en.stateMu.Unlock()
}

// requestStop stops the running search, or the one being set up.
func (en *engineHandle) requestStop() {
	en.stateMu.Lock()
	defer en.stateMu.Unlock()
	if en.busy.Load() {
		en.stopReq = true
		en.e.Stop()
	}
}

// applyStopRequest is called once the search is set up (its stop flag
// cleared): a stop that came earlier now takes effect.
func (en *engineHandle) applyStopRequest() {
	en.stateMu.Lock()
	defer en.stateMu.Unlock()
	if en.stopReq {
		en.e.Stop()
	}
}

func withEngine(cerr *C.shogi_error_t, h C.shogi_engine_t, body func(en *engineHandle) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindEngine, func(o *object) error {
		return body(o.value.(*engineHandle))
	})
}

// structValues validates C options (nil: defaults) into a copy of base
// (the options the struct has no field for keep their values). The
// struct's zeros keep their ABI 1.0 meaning (1 thread, 16 MB, 1 line, no
// declaration rule, no delay, never resign), which differs from the USI
// defaults of the table; a resign_value of 99999 or more is "never" like
// the table's 99999.
func structValues(base *search.OptionValues, o *C.shogi_engine_options_t) (*search.OptionValues, error) {
	threads, hash, multipv, rule, maxMoves, fv, resign, delay := 1, 16, 1, 0, 0, nnue.DefaultFVScale, 0, 0
	if o != nil {
		switch {
		case o.threads < 0 || o.threads > 1024:
			return nil, errorf(statusInvalidArgument, "threads %d: must be 1..1024 (0: 1)", int32(o.threads))
		case o.hash_mb < 0 || o.hash_mb > 1<<20:
			return nil, errorf(statusInvalidArgument, "hash_mb %d: must be 1..1048576 (0: 16)", int32(o.hash_mb))
		case o.multipv < 0 || o.multipv > C.SHOGI_MAX_MULTIPV:
			return nil, errorf(statusInvalidArgument, "multipv %d: must be 1..%d (0: 1)", int32(o.multipv), C.SHOGI_MAX_MULTIPV)
		case o.entering_king_rule < C.SHOGI_RULE_NONE || o.entering_king_rule > C.SHOGI_RULE_TRY:
			return nil, errorf(statusInvalidArgument, "entering_king_rule %d: not a SHOGI_RULE_* value", int32(o.entering_king_rule))
		case o.max_moves_to_draw < 0:
			return nil, errorf(statusInvalidArgument, "max_moves_to_draw %d: must not be negative", int32(o.max_moves_to_draw))
		case o.resign_value < 0:
			return nil, errorf(statusInvalidArgument, "resign_value %d: must not be negative", int32(o.resign_value))
		case o.network_delay_ms < 0:
			return nil, errorf(statusInvalidArgument, "network_delay_ms %d: must not be negative", int32(o.network_delay_ms))
		}
		if o.fv_scale != 0 {
			if err := checkFVScale(o.fv_scale); err != nil {
				return nil, err
			}
			fv = int(o.fv_scale)
		}
		threads, hash, multipv = max(int(o.threads), 1), int(o.hash_mb), max(int(o.multipv), 1)
		if hash == 0 {
			hash = 16
		}
		rule, maxMoves, resign, delay = int(o.entering_king_rule), int(o.max_moves_to_draw), min(int(o.resign_value), 99999), int(o.network_delay_ms)
	}
	v := base.Clone()
	for _, s := range [...]struct {
		name  string
		value string
	}{
		{"Threads", strconv.Itoa(threads)}, {"USI_Hash", strconv.Itoa(hash)}, {"MultiPV", strconv.Itoa(multipv)},
		{"EnteringKingRule", board.EnteringKingRule(rule).String()}, {"MaxMovesToDraw", strconv.Itoa(maxMoves)},
		{"FV_SCALE", strconv.Itoa(fv)}, {"ResignValue", strconv.Itoa(resign)}, {"NetworkDelay", strconv.Itoa(delay)},
	} {
		if err := v.Set(s.name, s.value); err != nil {
			return nil, wrap(statusInvalidArgument, err)
		}
	}
	return v, nil
}

// searchOptions are the engine options the values give: the network
// evalPath names (loaded once per path), else the engine's network
// handle, at the values' FV_SCALE.
func (en *engineHandle) searchOptions(v *search.OptionValues) (search.Options, error) {
	opts := v.EngineOptions()
	net := en.net
	switch path := en.evalPath(v); path {
	case "":
	case nnue.BuiltinEvalName:
		net = nil // named: the built-in evaluation even with a handle
	default:
		key := path + "\x00" + v.Text("EvalArch") // a new layout override reloads
		if key != en.filePath || en.fileNet == nil {
			n, err := nnue.LoadWith(path, nnue.LoadOptions{Arch: v.Text("EvalArch")})
			if err != nil {
				return opts, netError(err)
			}
			en.fileNet, en.filePath = n, key
		}
		net = en.fileNet
	}
	if net != nil {
		fv := v.Int("FV_SCALE")
		opts.Eval = search.NNUEFactory(net, fv)
		opts.EvalID = fmt.Sprintf("%p@%d", net, fv)
	}
	return opts, nil
}

//export shogi_engine_new
func shogi_engine_new(options *C.shogi_engine_options_t, net C.shogi_network_t, out *C.shogi_engine_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		var n *nnue.Net
		if net != nil {
			var err error
			if n, err = lookupNetwork(net); err != nil {
				return err
			}
		}
		v, err := structValues(search.NewOptionValues(), options)
		if err != nil {
			return err
		}
		en := &engineHandle{net: n, values: v}
		opts, err := en.searchOptions(v)
		if err != nil {
			return err
		}
		if en.e, err = search.New(opts); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return newHandle(unsafe.Pointer(out), kindEngine, en)
	})
}

//export shogi_engine_free
func shogi_engine_free(eng C.shogi_engine_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if eng == nil {
			return nil
		}
		h := handleValue(unsafe.Pointer(eng))
		if o, err := handles.find(h, kindEngine); err == nil && o.value.(*engineHandle).busy.Load() {
			return errorf(statusState, "engine is searching: stop the search and wait for it before freeing")
		}
		return handles.remove(h, kindEngine)
	})
}

//export shogi_engine_set_options
func shogi_engine_set_options(eng C.shogi_engine_t, options *C.shogi_engine_options_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		if en.busy.Load() {
			return errorf(statusState, "engine is searching")
		}
		v, err := structValues(en.values, options)
		if err != nil {
			return err
		}
		opts, err := en.searchOptions(v)
		if err != nil {
			return err
		}
		if err := en.e.SetOptions(opts); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		en.values = v
		return nil
	})
}

//export shogi_engine_new_game
func shogi_engine_new_game(eng C.shogi_engine_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		if en.busy.Load() {
			return errorf(statusState, "engine is searching")
		}
		en.e.NewGame()
		return nil
	})
}

func ms(v C.int64_t, name string) (time.Duration, error) {
	if v < 0 {
		return 0, errorf(statusInvalidArgument, "%s %d: must not be negative", name, int64(v))
	}
	return search.Millis(int64(v)), nil // saturates at search.MaxTime
}

func searchLimits(l *C.shogi_search_limits_t) (search.Limits, error) {
	var lim search.Limits
	if l == nil {
		return lim, nil
	}
	if l.depth < 0 {
		return lim, errorf(statusInvalidArgument, "depth %d: must not be negative", int32(l.depth))
	}
	lim.Depth = min(int(l.depth), search.MaxPly-1)
	lim.Nodes = uint64(l.nodes)
	lim.Infinite = l.infinite != 0
	lim.Ponder = l.ponder != 0
	var err error
	if lim.MoveTime, err = ms(l.movetime_ms, "movetime_ms"); err != nil {
		return lim, err
	}
	for c := 0; c < 2; c++ {
		if lim.Time[c], err = ms(l.time_ms[c], "time_ms"); err != nil {
			return lim, err
		}
		if lim.Inc[c], err = ms(l.inc_ms[c], "inc_ms"); err != nil {
			return lim, err
		}
		if lim.Byoyomi[c], err = ms(l.byoyomi_ms[c], "byoyomi_ms"); err != nil {
			return lim, err
		}
	}
	return lim, nil
}

// scoreFields gives a score its C kind, displayed value and raw value.
func scoreFields(s search.Score) (kind, score, value C.int32_t) {
	if s.IsMate() {
		return C.SHOGI_SCORE_MATE, C.int32_t(s.MatePly()), C.int32_t(s)
	}
	return C.SHOGI_SCORE_CP, C.int32_t(s.CP()), C.int32_t(s)
}

func copyPV(dst *[C.SHOGI_MAX_PV]C.uint32_t, pv []board.Move) C.int32_t {
	n := min(len(pv), len(dst))
	for i := 0; i < n; i++ {
		dst[i] = C.uint32_t(pv[i])
	}
	return C.int32_t(n)
}

func fillResult(r *C.shogi_search_result_t, res *search.Result) {
	*r = C.shogi_search_result_t{}
	r.best_move = C.uint32_t(res.BestMove)
	r.ponder_move = C.uint32_t(res.PonderMove)
	r.score_kind, r.score, r.value = scoreFields(res.Score)
	r.depth = C.int32_t(res.Depth)
	r.seldepth = C.int32_t(res.SelDepth)
	r.nodes = C.uint64_t(res.Nodes)
	r.time_ms = C.int64_t(res.Time.Milliseconds())
	r.pv_length = copyPV(&r.pv, res.PV)
	n := min(len(res.Lines), len(r.lines))
	r.line_count = C.int32_t(n)
	for i := 0; i < n; i++ {
		l := &res.Lines[i]
		cl := &r.lines[i]
		cl.score_kind, cl.score, cl.value = scoreFields(l.Score)
		cl.depth = C.int32_t(l.Depth)
		cl.seldepth = C.int32_t(l.SelDepth)
		cl.pv_length = copyPV(&cl.pv, l.PV)
	}
}

//export shogi_engine_search
func shogi_engine_search(eng C.shogi_engine_t, pos C.shogi_position_t, limits *C.shogi_search_limits_t,
	callback C.shogi_info_callback_t, userData unsafe.Pointer, result *C.shogi_search_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		return en.search(pos, limits, callback, nil, userData, result)
	})
}

// search is shogi_engine_search with an optional progress callback
// (shogi_engine_search_progress); callback receives the line infos only.
func (en *engineHandle) search(pos C.shogi_position_t, limits *C.shogi_search_limits_t, callback C.shogi_info_callback_t,
	progress C.shogi_progress_callback_t, userData unsafe.Pointer, result *C.shogi_search_result_t) error {
	if result == nil {
		return errNull("result")
	}
	po, err := handles.lookup(handleValue(unsafe.Pointer(pos)), kindPosition)
	if err != nil {
		return err
	}
	// The busy check comes first: a call on a busy engine must not
	// touch the running search's stop request.
	if err := en.begin(); err != nil {
		return err
	}
	defer en.end()
	lim, err := searchLimits(limits)
	if err != nil {
		return err
	}
	p := po.value.(*board.Position).Clone()
	if err := lim.Check(p); err != nil {
		return wrap(statusInvalidArgument, err)
	}

	var onLine, onProgress func(*search.Info)
	if callback != nil {
		// C memory: the callback gets a pointer the Go collector never moves.
		ci := (*C.shogi_search_info_t)(C.calloc(1, C.sizeof_shogi_search_info_t))
		if ci == nil {
			return errorf(statusInternal, "out of memory")
		}
		defer C.free(unsafe.Pointer(ci))
		onLine = func(i *search.Info) {
			*ci = C.shogi_search_info_t{}
			ci.depth = C.int32_t(i.Depth)
			ci.seldepth = C.int32_t(i.SelDepth)
			ci.multipv = C.int32_t(i.MultiPV)
			ci.score_kind, ci.score, ci.value = scoreFields(i.Score)
			switch i.Bound {
			case search.BoundUpper:
				ci.bound = C.SHOGI_BOUND_UPPER
			case search.BoundLower:
				ci.bound = C.SHOGI_BOUND_LOWER
			default:
				ci.bound = C.SHOGI_BOUND_EXACT
			}
			ci.hashfull = C.int32_t(i.Hashfull)
			ci.nodes = C.uint64_t(i.Nodes)
			ci.nps = C.uint64_t(i.NPS)
			ci.time_ms = C.int64_t(i.Time.Milliseconds())
			ci.pv_length = copyPV(&ci.pv, i.PV)
			C.shogi_call_info(callback, ci, userData)
		}
	}
	if progress != nil {
		var free func()
		if onProgress, free, err = searchProgressReporter(progress, userData); err != nil {
			return err
		}
		defer free()
	}
	var onInfo func(*search.Info)
	if onLine != nil || onProgress != nil {
		onInfo = func(i *search.Info) {
			switch {
			case i.Kind == search.InfoLine && onLine != nil:
				onLine(i)
			case i.Kind == search.InfoProgress && onProgress != nil:
				onProgress(i)
			}
		}
	}
	res := en.e.SearchStarted(p, lim, onInfo, en.applyStopRequest)
	fillResult(result, &res)
	return nil
}

//export shogi_engine_stop
func shogi_engine_stop(eng C.shogi_engine_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		en.requestStop()
		return nil
	})
}

//export shogi_engine_ponderhit
func shogi_engine_ponderhit(eng C.shogi_engine_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		en.e.PonderHit()
		return nil
	})
}

//export shogi_engine_searching
func shogi_engine_searching(eng C.shogi_engine_t, searching *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		if searching == nil {
			return errNull("searching")
		}
		*searching = 0
		if en.busy.Load() {
			*searching = 1
		}
		return nil
	})
}
