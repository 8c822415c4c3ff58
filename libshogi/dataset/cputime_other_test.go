//go:build !linux

package dataset

// cpuNanos is not measured off Linux (the cpu-ns/op metrics read 0).
func cpuNanos(thread bool) int64 { return 0 }
