package main

// #include "capi.h"
import "C"

import "github.com/libshogi/libshogi/libshogi/evalbackend"

// withEvalStackValue is withEvalStack for the calls an engine makes once
// per move and that return a score into value (push_evaluate_at,
// push_evaluate, evaluate_move): the same guarantees as withHandle (the
// handle checked, a panic recovered into SHOGI_E_INTERNAL and poisoning
// the stack, the error struct filled) in one layer instead of three
// closures, with value checked and written here. At ~200 ns a call, the
// layers were a tenth of it. h is the handle's value (handleValue).
func withEvalStackValue(cerr *C.shogi_error_t, h uintptr, value *C.int32_t, body func(s *evalbackend.Stack) (int, error)) (status C.shogi_status_t) {
	var o *object
	defer func() {
		if r := recover(); r != nil {
			if o != nil {
				o.poisoned.Store(true)
			}
			status = report(cerr, panicError(r))
		}
	}()
	o, err := handles.lookup(h, kindEvalStack)
	switch {
	case err != nil:
		return report(cerr, err)
	case value == nil:
		return report(cerr, errNull("value"))
	}
	v, err := body(o.value.(*evalbackend.Stack))
	*value = C.int32_t(v)
	return report(cerr, stackError(err))
}
