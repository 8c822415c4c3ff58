package asm

import "math/bits"

// The pure-Go twins of ExpandPlanes81 and ExpandPlanes81U8: zeros
// everywhere (clear is vectorised), then a one on each set bit (the
// planes are sparse).

// ExpandPlanes81Go is the twin of ExpandPlanes81 (no argument checks
// beyond Go's).
func ExpandPlanes81Go(dst []float32, planes [][2]uint64) { expandPlanes(dst, planes) }

// ExpandPlanes81U8Go is the twin of ExpandPlanes81U8.
func ExpandPlanes81U8Go(dst []uint8, planes [][2]uint64) { expandPlanes(dst, planes) }

// loMask and hiMask are the square bits of a plane's two words.
const loMask, hiMask = 1<<63 - 1, 1<<18 - 1

// expandPlanes is both twins: the float32 and byte outputs differ only in
// the element type.
func expandPlanes[T float32 | uint8](dst []T, planes [][2]uint64) {
	dst = dst[:81*len(planes)]
	clear(dst)
	for p, w := range planes {
		plane := dst[81*p : 81*p+81]
		for v := w[0] & loMask; v != 0; v &= v - 1 {
			plane[bits.TrailingZeros64(v)] = 1
		}
		for v := w[1] & hiMask; v != 0; v &= v - 1 {
			plane[63+bits.TrailingZeros64(v)] = 1
		}
	}
}
