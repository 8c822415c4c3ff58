package search

import "unsafe"

// prefetch asks the CPU to bring the cache line at addr in (PREFETCHT0).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
