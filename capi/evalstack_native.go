package main

// #include "capi.h"
// #include "evalstack_fast.h"
import "C"

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/libshogi/libshogi/evalc"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// evalStack is what an evaluation-stack handle holds: evalbackend's Go
// stack, or evalc's C stack (nativeStack) for the nets evalc runs, whose
// per-move calls capi/evalstack_fast.c makes without entering Go.
type evalStack interface {
	SetRoot(b evalbackend.Board) error
	Push(v uint16) error
	PushNull() error
	Pop() error
	PopTo(ply int) error
	Ply() int
	Evaluate() (int, error)
	PushEvaluate(v uint16) (int, error)
	PushEvaluateAt(ply int, v uint16) (int, error)
	EvaluateMove(v uint16) (int, error)
	EvaluateMoves(moves []uint32, out []int32) (int, error)
}

var (
	_ evalStack = (*evalbackend.Stack)(nil)
	_ evalStack = (*nativeStack)(nil)
)

// forcedGo reports whether LIBSHOGI_EVALSTACK=go forces new stacks onto
// the Go path (a debugging aid, read at each shogi_evalstack_new). C's
// getenv, not os.Getenv: the Go runtime's copy of the environment is the
// one at load time, and a program may set it between its stacks.
func forcedGo() bool { return C.evalstack_fast_forced_go() != 0 }

// nativeStack is a C stack registered in the C registry under its handle.
type nativeStack struct {
	*evalc.Stack
	net   *nativeNet
	freed atomic.Bool // its C memory is released (once, by whoever freed it)
}

// nativeNet is a net's C copy, shared by its stacks and freed with the
// last of them.
type nativeNet struct {
	c    *evalc.Net
	refs int
}

// native guards the net copies and the C registry's writes.
var native struct {
	mu   sync.Mutex
	nets map[*nnue.Net]*nativeNet
}

// newEvalStack is evalc's stack for the nets it runs (unless the
// environment forces Go), else evalbackend's.
func newEvalStack(n *nnue.Net, fvScale int) (evalStack, error) {
	if !forcedGo() && evalc.Supports(n) {
		if s, err := newNativeStack(n, fvScale); err == nil {
			return s, nil
		}
		// evalbackend says what is wrong, or runs it in Go
	}
	return evalbackend.NewStack(n, fvScale)
}

func newNativeStack(n *nnue.Net, fvScale int) (*nativeStack, error) {
	native.mu.Lock()
	defer native.mu.Unlock()
	nn := native.nets[n]
	if nn == nil {
		c, err := evalc.NewNet(n)
		if err != nil {
			return nil, err
		}
		nn = &nativeNet{c: c}
		if native.nets == nil {
			native.nets = map[*nnue.Net]*nativeNet{}
		}
		native.nets[n] = nn
	}
	s, err := evalc.NewStack(nn.c, fvScale)
	if err != nil {
		if nn.refs == 0 {
			delete(native.nets, n)
			nn.c.Free()
		}
		return nil, err
	}
	nn.refs++
	return &nativeStack{Stack: s, net: nn}, nil
}

// release frees the C memory once and the net's copy with its last stack.
func (s *nativeStack) release(n *nnue.Net) {
	if !s.freed.CompareAndSwap(false, true) {
		return
	}
	native.mu.Lock()
	defer native.mu.Unlock()
	s.Stack.Free()
	if s.net.refs--; s.net.refs == 0 {
		for k, v := range native.nets {
			if v == s.net {
				delete(native.nets, k)
			}
		}
		s.net.c.Free()
	}
}

// addEvalStack gives s a handle, registered in the C registry first for a
// C stack, and stores it in *out.
func addEvalStack(out unsafe.Pointer, s evalStack) error {
	h, err := handles.add(kindEvalStack, s)
	if err != nil {
		return err
	}
	if ns, ok := s.(*nativeStack); ok {
		native.mu.Lock()
		r := C.evalstack_fast_register(C.uint64_t(h), ns.CStack())
		native.mu.Unlock()
		if r != 0 {
			_ = handles.remove(h, kindEvalStack)
			ns.release(nil)
			return errorf(statusInternal, "out of memory registering an evaluation stack")
		}
	}
	*(*uintptr)(out) = h
	return nil
}

// removeEvalStack frees handle h: a C stack leaves the C registry (which
// waits for the calls still running on it) before its memory goes.
func removeEvalStack(h uintptr) error {
	o, err := handles.find(h, kindEvalStack)
	if err != nil {
		return err
	}
	ns, isNative := o.value.(*nativeStack)
	if isNative {
		unregisterEvalStack(h)
	}
	err = handles.remove(h, kindEvalStack)
	if isNative {
		ns.release(nil)
	}
	return err
}

func unregisterEvalStack(h uintptr) {
	native.mu.Lock()
	C.evalstack_fast_unregister(C.uint64_t(h))
	native.mu.Unlock()
}

// evalStackOf is handle h's stack for a call in Go. A C stack is held in
// the C registry until the call ends (held: release it), so that a
// concurrent free waits for it; one being freed is reported as freed.
func evalStackOf(h uintptr) (o *object, s evalStack, held bool, err error) {
	if o, err = handles.lookup(h, kindEvalStack); err != nil {
		return nil, nil, false, err
	}
	s = o.value.(evalStack)
	if _, ok := s.(*nativeStack); ok {
		if C.evalstack_fast_acquire(C.uint64_t(h)) == nil {
			return nil, nil, false, errorf(statusBadHandle, "%s handle %#x is freed or was never created", kindEvalStack, h)
		}
		held = true
	}
	return o, s, held, nil
}

// doneEvalStack ends a call of evalStackOf: the hold released and, after
// a panic (r non-nil), the object poisoned and a C stack taken out of the
// C registry so that its calls reach Go, which refuses them.
func doneEvalStack(h uintptr, o *object, held bool, r any) {
	if held {
		C.evalstack_fast_release(C.uint64_t(h))
	}
	if r != nil && o != nil {
		o.poisoned.Store(true)
		if _, ok := o.value.(*nativeStack); ok {
			unregisterEvalStack(h)
		}
	}
}

// shogiint_evalstack_native is 1 if stack is a live stack on the C path,
// else 0 (for tests/c/test_evalstack_fast.c: the two paths it compares
// are the ones it means).
//
//export shogiint_evalstack_native
func shogiint_evalstack_native(stack C.shogi_evalstack_t) C.int32_t {
	h := uintptr(unsafe.Pointer(stack))
	if C.evalstack_fast_acquire(C.uint64_t(h)) == nil {
		return 0
	}
	C.evalstack_fast_release(C.uint64_t(h))
	return 1
}
