package search

import "syscall"

// limitAddressSpace caps this process's address space (RLIMIT_AS), so that
// a large allocation fails the same way on every machine.
func limitAddressSpace(n uint64) error {
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n})
}
