package main

// #include "capi.h"
import "C"

// The Go definitions of the per-move calls: capi/evalstack_fast.c defines
// the public ones and comes here for Go stacks, bad handles and refusals.

//export shogiint_evalstack_push_evaluate_at
func shogiint_evalstack_push_evaluate_at(stack C.shogi_evalstack_t, ply C.int32_t, move C.uint32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStackValue(cerr, stack, value, func(s evalStack) (int, error) {
		return s.PushEvaluateAt(int(ply), uint16(move))
	})
}

//export shogiint_evalstack_pop_to
func shogiint_evalstack_pop_to(stack C.shogi_evalstack_t, ply C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s evalStack) error {
		return stackError(s.PopTo(int(ply)))
	})
}
