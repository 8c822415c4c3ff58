package main

// #include "capi.h"
import "C"

import (
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/evalbackend"
)

//export shogi_evalstack_push_evaluate_at
func shogi_evalstack_push_evaluate_at(stack C.shogi_evalstack_t, ply C.int32_t, move C.uint32_t, value *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStackValue(cerr, handleValue(unsafe.Pointer(stack)), value, func(s *evalbackend.Stack) (int, error) {
		return s.PushEvaluateAt(int(ply), uint16(move))
	})
}

//export shogi_evalstack_pop_to
func shogi_evalstack_pop_to(stack C.shogi_evalstack_t, ply C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEvalStack(cerr, stack, func(s *evalbackend.Stack) error {
		return stackError(s.PopTo(int(ply)))
	})
}
