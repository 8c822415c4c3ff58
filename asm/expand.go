package asm

//go:generate sh -c "cd gen && go run ./expand -out ../expand_amd64.s -stubs ../expand_stub_amd64.go -pkg asm"

// ExpandBits writes dst[i] = 1 when bit i of src is set (bit i%64 of
// src[i/64]) and 0 otherwise, for every i < len(dst): a bit array widened
// to float32 in one sweep, zeros and ones together. It panics if src holds
// fewer than len(dst) bits.
func ExpandBits(dst []float32, src []uint64) {
	n := len(dst)
	if len(src)*64 < n {
		panic("asm: ExpandBits: src shorter than dst")
	}
	done := 0
	switch {
	case use512() && n >= 16:
		done = n &^ 15
		expandBitsAVX512(&dst[0], &src[0], done)
	case UseAVX2 && n >= 32:
		done = n &^ 31
		expandBitsAVX2(&dst[0], &src[0], done)
	}
	expandBitsGo(dst[done:], src, done)
}

// ExpandBitsU8 is ExpandBits into bytes (0 or 1).
func ExpandBitsU8(dst []uint8, src []uint64) {
	n := len(dst)
	if len(src)*64 < n {
		panic("asm: ExpandBitsU8: src shorter than dst")
	}
	done := 0
	switch {
	case use512() && n >= 64:
		done = n &^ 63
		expandBitsU8AVX512(&dst[0], &src[0], done)
	case UseAVX2 && n >= 32:
		done = n &^ 31
		expandBitsU8AVX2(&dst[0], &src[0], done)
	}
	expandBitsU8Go(dst[done:], src, done)
}
