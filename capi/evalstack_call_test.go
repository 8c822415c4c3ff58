package main

import (
	"testing"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/evalbackend"
)

// TestEvalStackValue: the one-layer guard of the per-move stack calls
// writes the body's value on success, refuses a NULL value before the
// body runs, reports a handle of another kind, and turns a panic into
// SHOGI_E_INTERNAL that poisons the stack (as withHandle does).
func TestEvalStackValue(t *testing.T) {
	h, err := handles.add(kindEvalStack, (*evalbackend.Stack)(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer handles.remove(h, kindEvalStack)
	stack := *(*_Ctype_shogi_evalstack_t)(unsafe.Pointer(&h))
	var v int32
	value := (*_Ctype_int32_t)(unsafe.Pointer(&v))
	if st := withEvalStackValue(nil, stack, value, func(evalStack) (int, error) { return 42, nil }); st != statusOK || v != 42 {
		t.Fatalf("success: status %d value %d", st, v)
	}
	ran := false
	if st := withEvalStackValue(nil, stack, nil, func(evalStack) (int, error) { ran = true; return 0, nil }); st != statusNullPointer || ran {
		t.Fatalf("NULL value: status %d, body ran %v", st, ran)
	}
	other, err := handles.add(kindPosition, "pos")
	if err != nil {
		t.Fatal(err)
	}
	defer handles.remove(other, kindPosition)
	if st := withEvalStackValue(nil, *(*_Ctype_shogi_evalstack_t)(unsafe.Pointer(&other)), value, func(evalStack) (int, error) { return 0, nil }); st != statusBadHandle {
		t.Fatalf("position handle: status %d", st)
	}
	if st := withEvalStackValue(nil, stack, value, func(s evalStack) (int, error) { return s.Ply(), nil }); st != statusInternal {
		t.Fatalf("panic (nil stack): status %d", st)
	}
	if _, err := handles.lookup(h, kindEvalStack); codeOf(err) != statusInternal {
		t.Fatalf("the stack is not poisoned after the panic: %v", err)
	}
}
