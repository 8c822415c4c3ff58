package dataset

import (
	"math/bits"

	"github.com/libshogi/libshogi/asm"
)

// The float32 planes (38.5 KB a position) are bound by the stores that
// write them. Plane by plane (ExpandPlanes81) a 64-byte store crosses a
// cache line in most of the 81-float planes, so each side is written as
// one bit string placed at its buffer's offset in the line and widened by
// asm.ExpandBits in whole aligned lines: every byte is written once, and
// every line with one store (non-temporal when the output is too large to
// stay in the caches).

// floatBitString is a side's bit string: 15 bits of line offset at most,
// then the planes (features1, the longer), in whole 512-bit blocks
// (asm.ExpandBitsChanged reads blocks) and at least a word past the last
// bit (orPlane writes the word after a plane's last).
type floatBitString [(15 + Features1Num*81 + 64 + 511) / 512 * 8]uint64 // 80 words

// streamFloatBytes: outputs of at least this many bytes are written with
// non-temporal stores. Past the last-level cache's share of one core they
// are written back to memory anyway; the cache would only evict other data
// for them and read each line before writing it.
const streamFloatBytes = 4 << 20

// orPlane sets the 81 bits of a plane in w from bit off on: squares 0..63
// in a, 64..80 in b (three words; the last may be the zero word past the
// string).
func orPlane(w *floatBitString, off int, a, b uint64) {
	i, sh := off/64, uint(off%64)
	w[i] |= a << sh
	w[i+1] |= a>>(64-sh) | b<<sh // a>>64 is 0 in Go (sh 0)
	w[i+2] |= b >> (64 - sh)
}

// Square bits of a Bitboard's words: squares 0..62 and 63..80.
const loSquares, hiSquares = 1<<63 - 1, 1<<18 - 1

// putFloats writes the planes as float32 (InputFeatures); stream asks for
// non-temporal stores (a large output, see streamFloatBytes). With last
// (a stream's own rows, see floatLines) it writes only the lines that hold
// a one now or held one last time, and records the lines holding ones.
func (pb *planeBits) putFloats(f1, f2 []float32, stream bool, last *floatLines) {
	f1, f2 = f1[:Features1Num*81], f2[:Features2Num*81]
	wide := asm.ExpandBitsWide()
	if !wide && last == nil {
		pb.putFloatsPlanes(f1, f2)
		return
	}
	var w1, w2 floatBitString
	p1, p2 := asm.LinePhase(&f1[0]), asm.LinePhase(&f2[0])
	pb.floatBits(&w1, &w2, p1, p2)
	switch {
	case last == nil:
		asm.ExpandBits(f1, w1[:], p1, stream)
		asm.ExpandBits(f2, w2[:], p2, stream)
	case wide:
		asm.ExpandBitsChanged(f1, w1[:], p1, last[0][:], stream)
		asm.ExpandBitsChanged(f2, w2[:], p2, last[1][:], stream)
	default: // no wide kernel: every line written plane by plane, and the
		// lines holding ones recorded for a wide kernel later
		pb.putFloatsPlanes(f1, f2)
		nonzeroLines(w1[:], &last[0])
		nonzeroLines(w2[:], &last[1])
	}
}

// floatBits writes the two sides' bit strings into w1, w2 (zero), each
// after phase zero bits (its buffer's place in its line); only the planes
// with a one cost anything.
func (pb *planeBits) floatBits(w1, w2 *floatBitString, p1, p2 int) {
	for p, bb := range &pb.f1 {
		lo, hi := bb.Words()
		if lo|hi == 0 {
			continue
		}
		orPlane(w1, p1+81*p, lo&loSquares|hi<<63, hi&hiSquares>>1)
	}
	for m := pb.f2; m != 0; m &= m - 1 {
		orPlane(w2, p2+81*bits.TrailingZeros64(m), ^uint64(0), 1<<17-1)
	}
}

// floatLines is, for each side of a float32 row, a bit per 16-value line
// of asm.ExpandBitsChanged: the lines that hold a one. A stream's buffers
// start zero and stay as it leaves them (its callers only read them), so a
// line with no one now and none last time is zero already and is skipped:
// about three lines in four of a played position. nonzeroLines keeps it
// where there is no wide kernel (asm.ExpandBitsChanged keeps it there).
type floatLines [2][lineWords]uint64

// lineWords holds a bit per line of a bit string (320 lines).
const lineWords = len(floatBitString{}) * 4 / 64 // 5

// nonzeroLines sets bit c of lines when bits 16c..16c+15 of w are not all
// zero (every bit of lines past w's lines is cleared).
func nonzeroLines(w []uint64, lines *[lineWords]uint64) {
	*lines = [lineWords]uint64{}
	for k, v := range w {
		// Fold each 16-bit group onto its lowest bit, then gather the four
		// lowest bits (0, 16, 32, 48) into bits 48..51 with one multiply
		// (the products land on distinct bits: no carries).
		v |= v >> 8
		v |= v >> 4
		v |= v >> 2
		v |= v >> 1
		g := (v & 0x0001000100010001 * (1<<48 | 1<<33 | 1<<18 | 1<<3)) >> 48 & 15
		lines[k/16] |= g << (4 * (k % 16))
	}
}

// putFloatsPlanes is putFloats plane by plane (ExpandPlanes81), where
// ExpandBits has no wide kernel.
func (pb *planeBits) putFloatsPlanes(f1, f2 []float32) {
	var runs [Features2Num][2]uint64 // features2 plane p: 81 copies of its bit
	for p := range runs {
		m := -(pb.f2 >> p & 1)
		runs[p] = [2]uint64{m, m}
	}
	asm.ExpandPlanes81(f1, pb.words())
	asm.ExpandPlanes81(f2, runs[:])
}
