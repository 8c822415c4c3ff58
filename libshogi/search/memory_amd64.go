package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr in (PREFETCHT0).
//
//go:noescape
func prefetch(addr unsafe.Pointer)

// storeEntry writes a table entry's two words with plain stores: on x86
// each aligned 8-byte store is atomic and stores stay in order, which is
// all the lock-free table needs (readers check key ^ data). Go's
// atomic.Uint64.Store is an XCHG, a locked instruction that drains the
// store buffer, and the table would pay two per write.
//
//go:noescape
func storeEntry(e *ttEntry, check, data uint64)
