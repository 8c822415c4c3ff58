package nnue

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on linux/amd64.
const hugePage = 2 << 20

// makeWeights returns a zeroed []int16 of length n for the feature
// transformer's weights. Large tables start on a 2 MB boundary and are
// marked for transparent huge pages before they are touched: incremental
// updates read columns all over the 64 MB of a HalfKP table, and with 4 KB
// pages nearly each of them is a TLB miss (the engines use large pages for
// the same reason). Where the kernel does not honour the advice the memory
// is ordinary.
func makeWeights(n int) []int16 {
	if 2*n < 4*hugePage {
		return make([]int16, n)
	}
	buf := make([]int16, n+hugePage/2)
	skip := 0
	if r := uintptr(unsafe.Pointer(&buf[0])) % hugePage; r != 0 {
		skip = int(hugePage-r) / 2
	}
	w := buf[skip : skip+n : skip+n]
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), 2*n/hugePage*hugePage)
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE) // advice only: an error leaves small pages
	return w
}
