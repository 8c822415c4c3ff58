//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

const hugePage = 2 << 20

// allocClusters returns n zeroed clusters and a function that releases
// them. On Linux a table of 2 MB or more lives in an anonymous mapping
// aligned to 2 MB and marked MADV_HUGEPAGE, so that random probes do not
// miss the TLB on every access. A mapping that fails is an error, never a
// fallback to the Go heap: a Go allocation that cannot be had ends the
// process.
func allocClusters(n uint64) ([]ttCluster, func(), error) {
	size := n * uint64(unsafe.Sizeof(ttCluster{}))
	if size < hugePage {
		return make([]ttCluster, n), nil, nil
	}
	if size > uint64(maxInt)-hugePage {
		return nil, nil, syscall.ENOMEM
	}
	b, err := syscall.Mmap(-1, 0, int(size+hugePage), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, err
	}
	off := 0
	if r := uintptr(unsafe.Pointer(&b[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	_ = syscall.Madvise(b[off:off+int(size)], 14) // MADV_HUGEPAGE
	s := unsafe.Slice((*ttCluster)(unsafe.Pointer(&b[off])), n)
	return s, func() { _ = syscall.Munmap(b) }, nil
}

const maxInt = int(^uint(0) >> 1)
