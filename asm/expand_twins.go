package asm

import "math/bits"

// The pure-Go twins of ExpandBits and ExpandBitsU8.

// ExpandBitsGo is the twin of ExpandBits (no argument checks beyond Go's).
func ExpandBitsGo(dst []float32, src []uint64) { expandBitsGo(dst, src, 0) }

// ExpandBitsU8Go is the twin of ExpandBitsU8.
func ExpandBitsU8Go(dst []uint8, src []uint64) { expandBitsU8Go(dst, src, 0) }

// expandBitsGo writes dst[i] from bit first+i of src: zeros everywhere
// (clear is vectorised), then a one on each set bit (the planes are
// sparse).
func expandBitsGo(dst []float32, src []uint64, first int) {
	clear(dst)
	for i := 0; i < len(dst); {
		k := first + i
		w := src[k/64] >> (k % 64) // the bits of dst[i:i+64-k%64]
		if m := len(dst) - i; m < 64 {
			w &= 1<<m - 1
		}
		for w != 0 {
			dst[i+bits.TrailingZeros64(w)] = 1
			w &= w - 1
		}
		i += 64 - k%64
	}
}

func expandBitsU8Go(dst []uint8, src []uint64, first int) {
	for i := range dst {
		k := first + i
		dst[i] = uint8(src[k/64] >> (k % 64) & 1)
	}
}
