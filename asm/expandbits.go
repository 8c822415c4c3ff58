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

// ExpandBitsLines is ExpandBits restricted to some lines of dst: the values
// are cut into lines as ExpandBits stores them, line c being values
// 16c-phase .. 16c-phase+15 (those inside dst) and bits 16c .. 16c+15, and
// only the lines whose bit c is set in lines are written; the others keep
// their values. A caller that knows which lines of its buffer are zero
// already writes only the lines that change. It panics where ExpandBits
// does, if lines is shorter than the lines of dst, or if a bit past them is
// set.
func ExpandBitsLines(dst []float32, bits []uint64, phase int, lines []uint64, stream bool) {
	n := len(dst)
	if phase < 0 || phase >= 16 || 64*len(bits) < (phase+n+15)&^15 {
		panic("asm: ExpandBitsLines: phase out of 0..15 or bits shorter than the values")
	}
	nl := (phase + n + 15) / 16 // lines
	if 64*len(lines) < nl || (nl%64 != 0 && lines[nl/64]>>(nl%64) != 0) {
		panic("asm: ExpandBitsLines: lines shorter than dst's lines, or a line past them set")
	}
	for _, w := range lines[(nl+63)/64:] {
		if w != 0 {
			panic("asm: ExpandBitsLines: a line past dst's set")
		}
	}
	if n == 0 {
		return
	}
	if !ExpandBitsWide() {
		expandBitsLines(dst, bits, phase, lines)
		return
	}
	nt := 0
	if stream && (uintptr(unsafe.Pointer(&dst[0]))-4*uintptr(phase))%64 == 0 {
		nt = 1
	}
	expandLinesAVX512(&dst[0], &bits[0], phase, n, &lines[0], nt)
}

// ExpandBitsLinesGo is the twin of ExpandBitsLines.
func ExpandBitsLinesGo(dst []float32, bits []uint64, phase int, lines []uint64) {
	expandBitsLines(dst, bits, phase, lines)
}

func expandBitsLines(dst []float32, bits []uint64, phase int, lines []uint64) {
	for j := range dst {
		b := phase + j
		if c := b / 16; lines[c/64]>>(c%64)&1 == 1 {
			dst[j] = float32(bits[b/64] >> (b % 64) & 1)
		}
	}
}
