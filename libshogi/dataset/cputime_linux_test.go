//go:build linux

package dataset

import "syscall"

const rusageThread = 1 // RUSAGE_THREAD

// cpuNanos is the CPU time (user + system) used so far by the process
// (thread false) or by the calling OS thread (thread true). On a machine
// shared with other work it measures the work done rather than the share
// of the machine obtained.
func cpuNanos(thread bool) int64 {
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
