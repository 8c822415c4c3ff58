package main

import (
	"testing"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/nnue"
)

// TestNativeStackLifecycle: a HalfKP L1x2-32-32 stack is a C stack in the
// C registry; two stacks share one C copy of their net, freed with the
// last; a panic in a Go call on a C stack poisons it and takes it out of
// the C registry (so the C definitions send its calls to Go, which refuses
// them); free releases it once; a second free is a bad handle.
func TestNativeStackLifecycle(t *testing.T) {
	n, err := nnue.MakeTestNetNamed("halfkp_256x2-32-32", "test", 7)
	if err != nil {
		t.Fatal(err)
	}
	var hs [2]uintptr
	var nss [2]*nativeStack
	for i := range hs {
		s, err := newEvalStack(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		ns, ok := s.(*nativeStack)
		if !ok {
			t.Fatalf("stack %d is a %T, not a C stack", i, s)
		}
		nss[i] = ns
		if err := addEvalStack(unsafe.Pointer(&hs[i]), s); err != nil {
			t.Fatal(err)
		}
	}
	stack := func(h uintptr) _Ctype_shogi_evalstack_t { return *(*_Ctype_shogi_evalstack_t)(unsafe.Pointer(&h)) }
	for i, h := range hs {
		if shogiint_evalstack_native(stack(h)) != 1 {
			t.Fatalf("stack %d is not in the C registry", i)
		}
	}
	if nss[0].net != nss[1].net || nss[0].net.refs != 2 || native.nets[n] != nss[0].net {
		t.Fatalf("the stacks do not share one net copy: %p %p refs %d", nss[0].net, nss[1].net, nss[0].net.refs)
	}

	if st := withEvalStack(nil, stack(hs[0]), func(evalStack) error { panic("boom") }); st != statusInternal {
		t.Fatalf("panic: status %d", st)
	}
	if shogiint_evalstack_native(stack(hs[0])) != 0 {
		t.Fatal("a poisoned C stack is still in the C registry")
	}
	if _, err := handles.lookup(hs[0], kindEvalStack); codeOf(err) != statusInternal {
		t.Fatalf("not poisoned: %v", err)
	}
	if shogiint_evalstack_native(stack(hs[1])) != 1 {
		t.Fatal("the other stack left the C registry")
	}

	for i, h := range hs {
		if err := removeEvalStack(h); err != nil {
			t.Fatalf("free %d: %v", i, err)
		}
		if !nss[i].freed.Load() || shogiint_evalstack_native(stack(h)) != 0 {
			t.Fatalf("stack %d not released", i)
		}
	}
	if len(native.nets) != 0 {
		t.Fatalf("net copies left after the last stack: %d", len(native.nets))
	}
	if err := removeEvalStack(hs[0]); codeOf(err) != statusBadHandle {
		t.Fatalf("second free: %v", err)
	}
}
