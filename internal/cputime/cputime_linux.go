//go:build linux

package cputime

import "syscall"

const rusageThread = 1 // RUSAGE_THREAD

// Nanos is the CPU time (user + system) used so far by the process
// (thread false) or by the calling OS thread (thread true).
func Nanos(thread bool) int64 {
	who := syscall.RUSAGE_SELF
	if thread {
		who = rusageThread
	}
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
