package main

// #include "capi.h"
import "C"

import "unsafe"

// withEvalStack runs body with the stack of handle h under withHandle's
// guarantees (the handle checked, a panic recovered into
// SHOGI_E_INTERNAL and poisoning the stack, the error struct filled); a C
// stack is held for the call (evalStackOf).
func withEvalStack(cerr *C.shogi_error_t, h C.shogi_evalstack_t, body func(s evalStack) error) (status C.shogi_status_t) {
	hv := handleValue(unsafe.Pointer(h))
	var o *object
	held := false
	defer func() {
		r := recover()
		doneEvalStack(hv, o, held, r)
		if r != nil {
			status = report(cerr, panicError(r))
		}
	}()
	o, s, held, err := evalStackOf(hv)
	if err != nil {
		return report(cerr, err)
	}
	return report(cerr, body(s))
}

// withEvalStackValue is withEvalStack for the calls that return a score
// into value (push_evaluate_at, push_evaluate, evaluate_move), with value
// checked and written here, in one layer (no closure around body): the Go
// path's per-move calls stay as cheap as before the C path.
func withEvalStackValue(cerr *C.shogi_error_t, h C.shogi_evalstack_t, value *C.int32_t, body func(s evalStack) (int, error)) (status C.shogi_status_t) {
	hv := handleValue(unsafe.Pointer(h))
	var o *object
	held := false
	defer func() {
		r := recover()
		doneEvalStack(hv, o, held, r)
		if r != nil {
			status = report(cerr, panicError(r))
		}
	}()
	o, s, held, err := evalStackOf(hv)
	switch {
	case err != nil:
		return report(cerr, err)
	case value == nil:
		return report(cerr, errNull("value"))
	}
	v, err := body(s)
	*value = C.int32_t(v)
	return report(cerr, stackError(err))
}
