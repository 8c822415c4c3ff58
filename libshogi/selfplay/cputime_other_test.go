//go:build !unix

package selfplay

import "time"

// processCPU is not measured here (the pos/cpu-s metric then reads 0).
func processCPU() time.Duration { return 0 }
