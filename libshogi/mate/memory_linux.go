//go:build linux

package mate

import (
	"syscall"
	"unsafe"
)

const hugePage = 2 << 20

// allocClusters returns n zeroed clusters and a function that releases
// them. A large table lives in an anonymous mapping aligned to 2 MB and
// marked MADV_HUGEPAGE (random probes then rarely miss the TLB); a mapping
// the system refuses is an error, not a crash of the process.
func allocClusters(n int) ([]cluster, func(), error) {
	size := n * int(unsafe.Sizeof(cluster{}))
	if size < hugePage {
		return make([]cluster, n), nil, nil
	}
	b, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, err
	}
	off := 0
	if r := uintptr(unsafe.Pointer(&b[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	_ = syscall.Madvise(b[off:off+size], 14) // MADV_HUGEPAGE
	return unsafe.Slice((*cluster)(unsafe.Pointer(&b[off])), n), func() { _ = syscall.Munmap(b) }, nil
}
