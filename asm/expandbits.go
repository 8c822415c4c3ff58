package asm

import "unsafe"

//go:generate sh -c "cd gen && go run ./expandbits -out ../expandbits_amd64.s -stubs ../expandbits_stub_amd64.go -pkg asm"

// ExpandBits widens a string of bits to float32 in one sweep, zeros and
// ones together: dst[j] is 1 when bit phase+j of bits is set and 0
// otherwise, for j < len(dst), bit b being bit b%64 of bits[b/64]. The
// bits before phase are ignored, so that a caller can place the string at
// dst's position in its 64-byte line (LinePhase): then every store but the
// first and last is one whole aligned line, and with stream set those
// bypass the cache (non-temporal), for outputs too large to stay in it.
// Any phase gives the same values. It panics unless 0 <= phase < 16 and
// bits holds phase+len(dst) bits rounded up to a multiple of 16.
func ExpandBits(dst []float32, bits []uint64, phase int, stream bool) {
	n := len(dst)
	if phase < 0 || phase >= 16 || 64*len(bits) < (phase+n+15)&^15 {
		panic("asm: ExpandBits: phase out of 0..15 or bits shorter than the values")
	}
	if n == 0 {
		return
	}
	if !ExpandBitsWide() {
		expandBits(dst, bits, phase)
		return
	}
	nt := 0
	if stream && (uintptr(unsafe.Pointer(&dst[0]))-4*uintptr(phase))%64 == 0 {
		nt = 1
	}
	expandBitsAVX512(&dst[0], &bits[0], phase, n, nt)
}

// ExpandBitsWide reports whether ExpandBits runs its AVX-512 kernel (whole
// line stores); otherwise it is the Go twin, and ExpandPlanes81 is faster.
func ExpandBitsWide() bool { return use512() && hasBMI2 }

// LinePhase is the position of p in its 64-byte line, in float32s (p must
// be 4-byte aligned, as every float32 is).
func LinePhase(p *float32) int { return int(uintptr(unsafe.Pointer(p)) / 4 % 16) }

// ExpandBitsGo is the twin of ExpandBits (no argument checks beyond Go's;
// phase does not change the values written).
func ExpandBitsGo(dst []float32, bits []uint64, phase int) { expandBits(dst, bits, phase) }

func expandBits(dst []float32, bits []uint64, phase int) {
	for j := range dst {
		b := phase + j
		dst[j] = float32(bits[b/64] >> (b % 64) & 1)
	}
}

// ExpandBitsChanged is ExpandBits for a buffer whose ones are known by
// line: the values are cut into lines as ExpandBits stores them, line c
// being values 16c-phase .. 16c-phase+15 (those inside dst) and bits
// 16c .. 16c+15, and bit c of lines says that line c of dst may hold a one
// (its other lines are zero). Only the lines that hold a one now or may
// have held one are written, the others being zero already; then lines is
// set to the lines that hold a one now. A buffer that starts zero (lines
// all clear) and is written only by ExpandBitsChanged is rewritten at the
// cost of its ones. bits is read in whole 512-bit blocks: it panics unless
// 0 <= phase < 16, bits holds the blocks of phase+len(dst) bits, and lines
// a bit for each of their lines (32 a block). Bits of either past
// phase+len(dst) are ignored; the lines' bits past dst's in its blocks are
// cleared, those past its blocks left as they are.
func ExpandBitsChanged(dst []float32, bits []uint64, phase int, lines []uint64, stream bool) {
	n := len(dst)
	blocks := (phase + n + 511) / 512
	if phase < 0 || phase >= 16 || len(bits) < 8*blocks || 64*len(lines) < 32*blocks {
		panic("asm: ExpandBitsChanged: phase out of 0..15, or bits or lines short of dst's 512-bit blocks")
	}
	if n == 0 {
		return
	}
	if !ExpandBitsWide() {
		expandBitsChanged(dst, bits, phase, lines)
		return
	}
	nt := 0
	if stream && (uintptr(unsafe.Pointer(&dst[0]))-4*uintptr(phase))%64 == 0 {
		nt = 1
	}
	expandChangedAVX512(&dst[0], &bits[0], phase, n, &lines[0], nt)
}

// ExpandBitsChangedGo is the twin of ExpandBitsChanged.
func ExpandBitsChangedGo(dst []float32, bits []uint64, phase int, lines []uint64) {
	expandBitsChanged(dst, bits, phase, lines)
}

func expandBitsChanged(dst []float32, bits []uint64, phase int, lines []uint64) {
	nl := (phase + len(dst) + 15) / 16
	for c := 0; c < (nl+31)&^31; c++ {
		had := lines[c/64]>>(c%64)&1 == 1
		lines[c/64] &^= 1 << (c % 64)
		if c >= nl {
			continue
		}
		now := bits[c/4]>>(16*(c%4))&0xffff != 0
		if now {
			lines[c/64] |= 1 << (c % 64)
		}
		if !now && !had {
			continue
		}
		for b := 16 * c; b < 16*c+16; b++ {
			if j := b - phase; j >= 0 && j < len(dst) {
				dst[j] = float32(bits[b/64] >> (b % 64) & 1)
			}
		}
	}
}
