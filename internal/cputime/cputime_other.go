//go:build !linux

package cputime

// Nanos is not measured off Linux (0).
func Nanos(thread bool) int64 { return 0 }
