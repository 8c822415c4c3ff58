//go:build !unix

package mate

import "time"

// cpuTime is not measured here (the benchmark then reports 0 cpu-ms/op).
func cpuTime() time.Duration { return 0 }
