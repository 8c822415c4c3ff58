package main

import (
	"strings"
	"sync"
	"testing"
)

func codeOf(err error) int {
	if e, ok := err.(*apiError); ok {
		return int(e.code)
	}
	return 0
}

func TestHandleKinds(t *testing.T) {
	var tb = table{next: 1}
	p, err := tb.add(kindPosition, "pos")
	if err != nil {
		t.Fatal(err)
	}
	n, err := tb.add(kindNetwork, "net")
	if err != nil {
		t.Fatal(err)
	}
	if o, err := tb.lookup(p, kindPosition); err != nil || o.value != "pos" {
		t.Fatalf("lookup position: %v %v", o, err)
	}
	_, err = tb.lookup(n, kindPosition)
	if codeOf(err) != statusBadHandle || !strings.Contains(err.Error(), "network handle, not a position") {
		t.Fatalf("wrong kind: %v", err)
	}
	if err := tb.remove(n, kindPosition); codeOf(err) != statusBadHandle {
		t.Fatalf("free as wrong kind: %v", err)
	}
	if err := tb.remove(n, kindNetwork); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.lookup(n, kindNetwork); codeOf(err) != statusBadHandle {
		t.Fatalf("freed: %v", err)
	}
	if got := tb.live.Load(); got != 1 {
		t.Fatalf("live = %d", got)
	}
	for _, h := range []uintptr{0, 1 << 32, 0xdeadbeef00000000, indexMask} {
		if _, err := tb.lookup(h, kindPosition); codeOf(err) != statusBadHandle {
			t.Fatalf("forged %#x: %v", h, err)
		}
	}
}

func TestHandlePoison(t *testing.T) {
	h, err := handles.add(kindRecord, "rec")
	if err != nil {
		t.Fatal(err)
	}
	st := withHandle(nil, h, kindRecord, func(o *object) error { panic("boom") })
	if st != statusInternal {
		t.Fatalf("panic gave %d", st)
	}
	if _, err := handles.lookup(h, kindRecord); codeOf(err) != statusInternal {
		t.Fatalf("poisoned handle: %v", err)
	}
	if err := handles.remove(h, kindRecord); err != nil {
		t.Fatalf("a poisoned handle can be freed: %v", err)
	}
}

// A freed slot is reused only after reuseAfter other frees, and then with
// a new generation: stale handles stay bad.
func TestHandleReuse(t *testing.T) {
	var tb = table{next: 1}
	seen := map[uintptr]bool{}
	var stale []uintptr
	for i := 0; i < 3*reuseAfter; i++ {
		h, err := tb.add(kindPosition, i)
		if err != nil {
			t.Fatal(err)
		}
		if seen[h] {
			t.Fatalf("handle %#x given out twice", h)
		}
		seen[h] = true
		if err := tb.remove(h, kindPosition); err != nil {
			t.Fatal(err)
		}
		stale = append(stale, h)
	}
	for _, h := range stale {
		if _, err := tb.lookup(h, kindPosition); codeOf(err) != statusBadHandle {
			t.Fatalf("stale %#x: %v", h, err)
		}
	}
	if tb.next > reuseAfter+2 {
		t.Fatalf("slots were not reused: next = %d", tb.next)
	}
}

func TestHandleConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				h, err := handles.add(kindPosition, i)
				if err != nil {
					t.Error(err)
					return
				}
				if o, err := handles.lookup(h, kindPosition); err != nil || o.value != i {
					t.Errorf("lookup: %v %v", o, err)
				}
				if err := handles.remove(h, kindPosition); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}

func TestSetMessageCutsAtRuneBoundary(t *testing.T) {
	var msg [256]byte
	long := strings.Repeat("香", 100)
	var dst [256]_Ctype_char
	setMessage(&dst, long)
	n := 0
	for n < len(dst) && dst[n] != 0 {
		msg[n] = byte(dst[n])
		n++
	}
	if n == 0 || n > 255 || n%3 != 0 {
		t.Fatalf("cut at %d bytes", n)
	}
}

// Issue 22 item 12: with one create/free cycle at a time, the old 10-bit
// generation gave a freed handle out again after 1,048,574 cycles. A
// stale handle must stay bad well past that.
func TestHandleNotReissuedAfterChurn(t *testing.T) {
	var tb = table{next: 1}
	first, err := tb.add(kindPosition, "first")
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.remove(first, kindPosition); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1_100_000; i++ {
		h, err := tb.add(kindPosition, i)
		if err != nil {
			t.Fatal(err)
		}
		if h == first {
			t.Fatalf("the freed handle %#x was given out again after %d cycles", first, i+1)
		}
		if err := tb.remove(h, kindPosition); err != nil {
			t.Fatal(err)
		}
	}
	live, _ := tb.add(kindPosition, "live")
	if _, err := tb.lookup(first, kindPosition); codeOf(err) != statusBadHandle {
		t.Fatalf("stale handle after the churn: %v", err)
	}
	if o, err := tb.lookup(live, kindPosition); err != nil || o.value != "live" {
		t.Fatal(err)
	}
}

// TestHandleGenerationWraps: a slot's generation is 32 bits and skips 0,
// so a handle value comes back only after 2^32 reuses of its slot (what
// include/shogi.h promises), and the value before the wrap is bad after it.
func TestHandleGenerationWraps(t *testing.T) {
	var tb = table{next: 1}
	h, _ := tb.add(kindRecord, "a") // generation 1
	index := uint32(uint64(h) & indexMask)
	tb.remove(h, kindRecord)
	tb.next = maxSlots // force reuse from the free list
	tb.slot(index).gen = 1<<32 - 2
	last, err := tb.add(kindRecord, "b")
	if err != nil || uint64(last)>>indexBits&(1<<genBits-1) != 1<<32-1 {
		t.Fatalf("generation 2^32-1: %#x %v", last, err)
	}
	tb.remove(last, kindRecord)
	wrapped, err := tb.add(kindRecord, "c")
	if err != nil || wrapped != h {
		t.Fatalf("after the wrap: %#x, want the generation-1 value %#x (%v)", wrapped, h, err)
	}
	if _, err := tb.lookup(last, kindRecord); codeOf(err) != statusBadHandle {
		t.Fatalf("handle before the wrap: %v", err)
	}
}
