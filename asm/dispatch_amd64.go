//go:build !noasm

package asm

import "golang.org/x/sys/cpu"

var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// hasAVX512 needs the 512-bit integer set (F, BW), VL for the narrowing
// moves and VNNI for VPDPBUSD; x/sys/cpu also checks that the OS saves the
// registers.
var hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW &&
	cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VNNI
