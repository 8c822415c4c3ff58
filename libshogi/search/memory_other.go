//go:build !amd64

package search

import "unsafe"

func prefetch(addr unsafe.Pointer) {}

// storeEntry writes a table entry (see the amd64 version).
func storeEntry(e *ttEntry, check, data uint64) {
	e.data.Store(data)
	e.check.Store(check)
}
