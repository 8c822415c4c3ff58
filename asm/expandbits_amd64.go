//go:build !noasm

package asm

import "golang.org/x/sys/cpu"

// hasBMI2: the ExpandBits kernels compute their masks with SHLX (and
// visit lines with TZCNT, BLSR: BMI1, which every BMI2 CPU has).
var hasBMI2 = cpu.X86.HasBMI1 && cpu.X86.HasBMI2
