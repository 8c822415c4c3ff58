package main

/*
#include "capi.h"

// The progress callback is a C function pointer: it goes through this trampoline.
static inline void shogi_call_selfplay_progress(shogi_selfplay_callback_t cb, shogi_selfplay_progress_t *p, void *user_data) {
	cb(p, user_data);
}
*/
import "C"

import (
	"context"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/selfplay"
)

// kindSelfplayJob is the handle kind of a self-play job (numbered apart
// from the sequential kinds of handles.go).
const kindSelfplayJob kind = 32

// selfplayJob lets another thread stop a run.
type selfplayJob struct {
	busy atomic.Bool
	mu   sync.Mutex
	stop context.CancelFunc // of the run in progress
	// stopReq remembers a stop that arrived before the run set up its
	// cancellation.
	stopReq atomic.Bool
}

// begin marks the job busy and returns the run's context and its end.
func (j *selfplayJob) begin() (context.Context, func(), error) {
	if j == nil {
		return context.Background(), func() {}, nil
	}
	j.stopReq.Store(false)
	if !j.busy.CompareAndSwap(false, true) {
		return nil, nil, errorf(statusState, "the job is already running")
	}
	ctx, cancel := context.WithCancel(context.Background())
	j.mu.Lock()
	j.stop = cancel
	j.mu.Unlock()
	if j.stopReq.Load() {
		cancel()
	}
	return ctx, func() {
		j.mu.Lock()
		j.stop = nil
		j.mu.Unlock()
		cancel()
		j.busy.Store(false)
	}, nil
}

func lookupJob(h C.shogi_selfplay_job_t) (*selfplayJob, error) {
	if h == nil {
		return nil, nil
	}
	o, err := handles.lookup(handleValue(unsafe.Pointer(h)), kindSelfplayJob)
	if err != nil {
		return nil, err
	}
	return o.value.(*selfplayJob), nil
}

//export shogi_selfplay_job_new
func shogi_selfplay_job_new(out *C.shogi_selfplay_job_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		return newHandle(unsafe.Pointer(out), kindSelfplayJob, &selfplayJob{})
	})
}

//export shogi_selfplay_job_free
func shogi_selfplay_job_free(job C.shogi_selfplay_job_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if job == nil {
			return nil
		}
		h := handleValue(unsafe.Pointer(job))
		if o, err := handles.find(h, kindSelfplayJob); err == nil && o.value.(*selfplayJob).busy.Load() {
			return errorf(statusState, "the job is running: stop it and wait for its run to return before freeing")
		}
		return handles.remove(h, kindSelfplayJob)
	})
}

//export shogi_selfplay_job_stop
func shogi_selfplay_job_stop(job C.shogi_selfplay_job_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(job)), kindSelfplayJob, func(o *object) error {
		j := o.value.(*selfplayJob)
		if j.busy.Load() {
			j.stopReq.Store(true)
			j.mu.Lock()
			if j.stop != nil {
				j.stop()
			}
			j.mu.Unlock()
		}
		return nil
	})
}

// selfplayProgressReporter returns a progress function that calls the C callback
// with a C-allocated struct (nil callback: nil), and its release.
func selfplayProgressReporter(cb C.shogi_selfplay_callback_t, ud unsafe.Pointer) (func(*C.shogi_selfplay_progress_t), func(), error) {
	if cb == nil {
		return nil, func() {}, nil
	}
	cp := (*C.shogi_selfplay_progress_t)(C.calloc(1, C.sizeof_shogi_selfplay_progress_t))
	if cp == nil {
		return nil, nil, errorf(statusInternal, "out of memory")
	}
	var mu sync.Mutex
	return func(fill *C.shogi_selfplay_progress_t) {
			mu.Lock()
			defer mu.Unlock()
			*cp = *fill
			C.shogi_call_selfplay_progress(cb, cp, ud)
		}, func() {
			C.free(unsafe.Pointer(cp))
		}, nil
}

func cProgress(p selfplay.Progress) C.shogi_selfplay_progress_t {
	return C.shogi_selfplay_progress_t{
		games: C.int64_t(p.Games), positions: C.int64_t(p.Positions), plies: C.int64_t(p.Plies),
		positions_per_sec: C.double(p.PositionsPerSec), mean_game_length: C.double(p.MeanGameLength),
		elapsed_ms: C.int64_t(p.Elapsed.Milliseconds()), eta_ms: C.int64_t(etaMS(p)), done: cBool(p.Done),
	}
}

func etaMS(p selfplay.Progress) int64 {
	if p.ETA < 0 {
		return -1
	}
	return p.ETA.Milliseconds()
}

func cBool(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}

// optionNet returns the network of a handle (nil for NULL).
func optionNet(h C.shogi_network_t) (*nnue.Net, error) {
	if h == nil {
		return nil, nil
	}
	return lookupNetwork(h)
}

// runJob runs body under the job (may be NULL) with the text options.
func runJob(job C.shogi_selfplay_job_t, options *C.char, body func(ctx context.Context, opts string) error) error {
	opts, err := goString(options, "options")
	if err != nil {
		return err
	}
	j, err := lookupJob(job)
	if err != nil {
		return err
	}
	ctx, end, err := j.begin()
	if err != nil {
		return err
	}
	defer end()
	return body(ctx, opts)
}

//export shogi_gensfen_run
func shogi_gensfen_run(job C.shogi_selfplay_job_t, net C.shogi_network_t, options *C.char,
	callback C.shogi_selfplay_callback_t, userData unsafe.Pointer, result *C.shogi_gensfen_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if result == nil {
			return errNull("result")
		}
		*result = C.shogi_gensfen_result_t{}
		n, err := optionNet(net)
		if err != nil {
			return err
		}
		return runJob(job, options, func(ctx context.Context, opts string) error {
			cfg := selfplay.DefaultGensfenConfig()
			cfg.EvalName = ""
			if err := selfplay.ApplyGensfenOptions(&cfg, opts); err != nil {
				return wrap(statusInvalidArgument, err)
			}
			if n != nil {
				cfg.Engine.Net = n
			}
			if cfg.Engine.Net == nil && cfg.EvalName == "" {
				cfg.EvalName = "builtin"
			}
			report, release, err := selfplayProgressReporter(callback, userData)
			if err != nil {
				return err
			}
			defer release()
			if report != nil {
				cfg.Progress = func(p selfplay.Progress) { cp := cProgress(p); report(&cp) }
			}
			res, err := selfplay.Gensfen(ctx, cfg)
			*result = C.shogi_gensfen_result_t{
				games: C.int64_t(res.Games), positions: C.int64_t(res.Positions), plies: C.int64_t(res.Plies),
				filtered: C.int64_t(res.Filtered), duplicates: C.int64_t(res.Duplicates),
				elapsed_ms: C.int64_t(res.Elapsed.Milliseconds()), search_ms: C.int64_t(res.SearchTime.Milliseconds()),
				worker_ms: C.int64_t(res.WorkerTime.Milliseconds()), stopped: cBool(ctx.Err() != nil),
			}
			if err != nil {
				return wrap(statusInvalidArgument, err)
			}
			return nil
		})
	})
}

//export shogi_rescore_run
func shogi_rescore_run(job C.shogi_selfplay_job_t, net C.shogi_network_t, options *C.char,
	callback C.shogi_selfplay_callback_t, userData unsafe.Pointer, result *C.shogi_gensfen_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if result == nil {
			return errNull("result")
		}
		*result = C.shogi_gensfen_result_t{}
		n, err := optionNet(net)
		if err != nil {
			return err
		}
		return runJob(job, options, func(ctx context.Context, opts string) error {
			cfg := selfplay.RescoreConfig{Engine: selfplay.EngineConfig{HashMB: 1}}
			if err := selfplay.ApplyRescoreOptions(&cfg, opts); err != nil {
				return wrap(statusInvalidArgument, err)
			}
			if n != nil {
				cfg.Engine.Net = n
			}
			report, release, err := selfplayProgressReporter(callback, userData)
			if err != nil {
				return err
			}
			defer release()
			if report != nil {
				cfg.Progress = func(p selfplay.Progress) { cp := cProgress(p); report(&cp) }
			}
			res, err := selfplay.Rescore(ctx, cfg)
			*result = C.shogi_gensfen_result_t{positions: C.int64_t(res.Records), unchanged: C.int64_t(res.Unchanged),
				elapsed_ms: C.int64_t(res.Elapsed.Milliseconds()), stopped: cBool(ctx.Err() != nil)}
			if err != nil && ctx.Err() == nil {
				return wrap(statusIO, err)
			}
			return nil
		})
	})
}

func cMatch(m *selfplay.MatchResult) C.shogi_match_result_t {
	r := C.shogi_match_result_t{
		games: C.int32_t(m.Games), wins: C.int32_t(m.Wins), draws: C.int32_t(m.Draws), losses: C.int32_t(m.Losses),
		elo: C.double(m.Pentanomial.Elo), elo_low: C.double(m.Pentanomial.Low), elo_high: C.double(m.Pentanomial.High),
		elo_trinomial: C.double(m.Trinomial.Elo), elo_trinomial_error: C.double(m.Trinomial.ErrorBar()),
		llr: C.double(m.LLR), sprt_decision: C.int32_t(m.SPRTDecision), stopped: cBool(m.Stopped),
	}
	for i, v := range m.Penta {
		r.penta[i] = C.int32_t(v)
	}
	for _, g := range m.Log {
		if g.Result.Reason >= selfplay.ReasonIllegalMove && g.Result.Reason <= selfplay.ReasonError {
			r.faults++
		}
	}
	return r
}

//export shogi_match_run
func shogi_match_run(job C.shogi_selfplay_job_t, netA, netB C.shogi_network_t, options *C.char,
	callback C.shogi_selfplay_callback_t, userData unsafe.Pointer, result *C.shogi_match_result_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if result == nil {
			return errNull("result")
		}
		*result = C.shogi_match_result_t{}
		na, err := optionNet(netA)
		if err != nil {
			return err
		}
		nb, err := optionNet(netB)
		if err != nil {
			return err
		}
		return runJob(job, options, func(ctx context.Context, opts string) error {
			cfg := selfplay.DefaultMatchConfig()
			if err := selfplay.ApplyMatchOptions(&cfg, opts); err != nil {
				return wrap(statusInvalidArgument, err)
			}
			for _, p := range []struct {
				spec *selfplay.PlayerSpec
				net  *nnue.Net
				name string
			}{{&cfg.A, na, "a"}, {&cfg.B, nb, "b"}} {
				if p.spec.Engine == nil && p.spec.USI == nil {
					return errorf(statusInvalidArgument, "option %s (a player) is required", p.name)
				}
				if p.net != nil {
					if p.spec.Engine == nil {
						return errorf(statusInvalidArgument, "player %s is a USI engine: it takes no network", p.name)
					}
					p.spec.Engine.Net = p.net
				}
			}
			report, release, err := selfplayProgressReporter(callback, userData)
			if err != nil {
				return err
			}
			defer release()
			if report != nil {
				cfg.Progress = func(m selfplay.MatchResult) {
					cp := C.shogi_selfplay_progress_t{games: C.int64_t(m.Games), wins: C.int32_t(m.Wins), draws: C.int32_t(m.Draws),
						losses: C.int32_t(m.Losses), elo: C.double(m.Pentanomial.Elo), elo_error: C.double(m.Pentanomial.ErrorBar()),
						llr: C.double(m.LLR), eta_ms: -1}
					report(&cp)
				}
			}
			res, err := selfplay.Match(ctx, cfg)
			*result = cMatch(&res)
			if err != nil && ctx.Err() == nil {
				return wrap(statusInvalidArgument, err)
			}
			return nil
		})
	})
}
