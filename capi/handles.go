package main

// #include "capi.h"
import "C"

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// kind says what a handle refers to. Each kind has its own C handle type.
type kind uint8

const (
	kindPosition kind = 1 + iota
	kindNetwork
	kindAccumulator
	kindEngine
	kindRecord
	kindMateSolver
	kindDataset
	kindBook
	kindEvalStack
)

var kindNames = [...]string{
	kindPosition:    "position",
	kindNetwork:     "network",
	kindAccumulator: "accumulator",
	kindEngine:      "engine",
	kindRecord:      "record",
	kindMateSolver:  "mate solver",
	kindDataset:     "dataset",
	kindBook:        "book",
	kindEvalStack:   "evaluation stack",
}

func (k kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// A handle is a 64-bit value: a tag bit (bit 63), the slot's generation
// (bits 22-53) and the slot index (bits 0-21). C sees it as an opaque
// pointer that is never dereferenced. With bit 63 set it is a kernel-half
// address, which no user-space mapping (the Go heap included) can hold, so
// the garbage collector never mistakes it for a pointer into its heap.
// The library is built for 64-bit targets only (amd64 Linux and Windows).
//
// A freed slot is reused only after every other freed slot (first in,
// first out, with at least reuseAfter slots held back) and with the next
// generation, so a stale handle is reported as bad rather than reaching a
// new object. What is promised (include/shogi.h): a handle value is given
// out again only after its slot has been reused 2^32 times, that is after
// at least 2^32 * (reuseAfter+1) > 2^42 frees in the process.
const (
	indexBits  = 22
	genBits    = 32
	tagBit     = uint64(1) << 63
	maxSlots   = 1 << indexBits // slot 0 is never used
	indexMask  = maxSlots - 1
	chunkBits  = 12
	chunkSize  = 1 << chunkBits
	numChunks  = maxSlots / chunkSize
	reuseAfter = 1024 // freed slots kept back before reuse starts
)

// handleOf is the handle value of a slot index and generation.
func handleOf(index, gen uint32) uintptr {
	return uintptr(tagBit | uint64(gen)<<indexBits | uint64(index))
}

// object is one live handle's target.
type object struct {
	kind     kind
	gen      uint32
	poisoned atomic.Bool // a panic happened while it was in use
	value    any
}

type slot struct {
	obj atomic.Pointer[object]
	gen uint32 // last generation given out; guarded by table.mu
}

type chunk [chunkSize]slot

// table maps handles to objects. Lookups are lock-free (two atomic loads);
// creating and freeing take a mutex.
type table struct {
	chunks [numChunks]atomic.Pointer[chunk]
	live   atomic.Int64

	mu   sync.Mutex
	next uint32   // next never-used slot index
	free []uint32 // FIFO of freed slot indexes
}

var handles = table{next: 1}

func (t *table) slot(index uint32) *slot {
	c := t.chunks[index>>chunkBits].Load()
	if c == nil {
		return nil
	}
	return &c[index&(chunkSize-1)]
}

// add stores v and returns its handle value.
func (t *table) add(k kind, v any) (uintptr, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var index uint32
	switch {
	case len(t.free) > reuseAfter || (t.next >= maxSlots && len(t.free) > 0):
		index = t.free[0]
		t.free = t.free[1:]
	case t.next < maxSlots:
		index = t.next
		t.next++
		if t.chunks[index>>chunkBits].Load() == nil {
			t.chunks[index>>chunkBits].Store(new(chunk))
		}
	default:
		return 0, errorf(statusInternal, "too many live handles (%d)", maxSlots-1)
	}
	s := t.slot(index)
	s.gen++ // uint32: wraps after 2^32 reuses
	if s.gen == 0 {
		s.gen = 1
	}
	s.obj.Store(&object{kind: k, gen: s.gen, value: v})
	t.live.Add(1)
	return handleOf(index, s.gen), nil
}

// find returns the object of handle h, which must be of kind k, poisoned
// or not. The valid case is a few loads and compares, small enough to
// inline; findError explains the others.
func (t *table) find(h uintptr, k kind) (*object, error) {
	index := uint32(uint64(h) & indexMask)
	if uint64(h)>>(indexBits+genBits) == tagBit>>(indexBits+genBits) { // not NULL, the tag bit and nothing above the generation
		if c := t.chunks[index>>chunkBits].Load(); c != nil {
			if o := c[index&(chunkSize-1)].obj.Load(); o != nil && o.gen == uint32(uint64(h)>>indexBits) && o.kind == k {
				return o, nil
			}
		}
	}
	return nil, t.findError(h, k)
}

// findError is find's error for a handle h that is not a live handle of
// kind k.
func (t *table) findError(h uintptr, k kind) error {
	if h == 0 {
		return errorf(statusBadHandle, "%s handle is NULL", k)
	}
	if uint64(h)&tagBit == 0 || uint64(h)>>(indexBits+genBits) != tagBit>>(indexBits+genBits) {
		return errorf(statusBadHandle, "%#x is not a %s handle", h, k)
	}
	index, gen := uint32(uint64(h)&indexMask), uint32(uint64(h)>>indexBits)
	var o *object
	if s := t.slot(index); s != nil {
		o = s.obj.Load()
	}
	if o == nil || o.gen != gen {
		return errorf(statusBadHandle, "%s handle %#x is freed or was never created", k, h)
	}
	return errorf(statusBadHandle, "handle %#x is a %s handle, not a %s handle", h, o.kind, k)
}

// lookup is find for use: a poisoned object is an error.
func (t *table) lookup(h uintptr, k kind) (*object, error) {
	o, err := t.find(h, k)
	if err == nil && o.poisoned.Load() {
		return nil, errorf(statusInternal, "%s handle %#x is unusable after an internal error; free it", k, h)
	}
	return o, err
}

// remove frees handle h of kind k. A poisoned handle can be freed.
func (t *table) remove(h uintptr, k kind) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.find(h, k); err != nil {
		return err
	}
	index := uint32(uint64(h) & indexMask)
	t.slot(index).obj.Store(nil)
	t.free = append(t.free, index)
	t.live.Add(-1)
	return nil
}

// handleValue is the handle value of a C handle pointer, passed as
// unsafe.Pointer(h). The pointer is never dereferenced.
func handleValue(p unsafe.Pointer) uintptr { return uintptr(p) }

// withHandle runs body with the object of handle h (of kind k) under the
// same panic guard as guard. A panic poisons the object: every later call
// with the handle fails with SHOGI_E_INTERNAL, since the object may be
// half-updated.
func withHandle(cerr *C.shogi_error_t, h uintptr, k kind, body func(o *object) error) (status C.shogi_status_t) {
	var o *object
	defer func() {
		if r := recover(); r != nil {
			if o != nil {
				o.poisoned.Store(true)
			}
			status = report(cerr, panicError(r))
		}
	}()
	o, err := handles.lookup(h, k)
	if err != nil {
		return report(cerr, err)
	}
	return report(cerr, body(o))
}

// newHandle registers v and stores its handle in the C handle variable
// that out points to, passed as unsafe.Pointer(out) (checked for NULL by
// the caller). The value is stored as an integer: it is no Go pointer.
func newHandle(out unsafe.Pointer, k kind, v any) error {
	h, err := handles.add(k, v)
	if err != nil {
		return err
	}
	*(*uintptr)(out) = h
	return nil
}
