//go:build !noasm

package asm

import "golang.org/x/sys/cpu"

// hasBMI2: the ExpandBits kernel computes its masks with SHLX.
var hasBMI2 = cpu.X86.HasBMI2
