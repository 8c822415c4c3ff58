//go:build windows

package search

import (
	"syscall"
	"unsafe"
)

// allocClusters returns n zeroed clusters and a function that releases
// them. On Windows a table of 2 MB or more is a view of a pagefile-backed
// section: its memory is committed when the section is created, so a
// table that cannot be had is an error here (ERROR_COMMITMENT_LIMIT), not
// a fatal error of the Go heap later.
func allocClusters(n uint64) ([]ttCluster, func(), error) {
	size := n * uint64(unsafe.Sizeof(ttCluster{}))
	if size < 2<<20 {
		return make([]ttCluster, n), nil, nil
	}
	const pageReadWrite, fileMapWrite = 0x04, 0x02
	h, err := syscall.CreateFileMapping(syscall.InvalidHandle, nil, pageReadWrite, uint32(size>>32), uint32(size), nil)
	if err != nil {
		return nil, nil, err
	}
	addr, err := syscall.MapViewOfFile(h, fileMapWrite, 0, 0, uintptr(size))
	if err != nil {
		syscall.CloseHandle(h)
		return nil, nil, err
	}
	// addr is memory outside the Go heap; the conversion goes through a
	// pointer-sized copy so that vet's uintptr rule does not apply.
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	s := unsafe.Slice((*ttCluster)(p), n)
	return s, func() {
		syscall.UnmapViewOfFile(addr)
		syscall.CloseHandle(h)
	}, nil
}
