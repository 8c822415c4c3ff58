package dataset

import "github.com/libshogi/libshogi/asm"

// The float32 planes (38.5 KB a position) are bound by the stores that
// write them. Plane by plane (ExpandPlanes81) a 64-byte store crosses a
// cache line in most of the 81-float planes, so each side is written as
// one bit string placed at its buffer's offset in the line and widened by
// asm.ExpandBits in whole aligned lines: every byte is written once, and
// every line with one store (non-temporal when the output is too large to
// stay in the caches).

// Words of a side's bit string: 15 bits of line offset at most, then the
// planes, rounded up to whole 16-bit groups (the kernel's loads).
const (
	floatBits1Words = (15 + Features1Num*81 + 63) / 64
	floatBits2Words = (15 + Features2Num*81 + 63) / 64
)

// streamFloatBytes: outputs of at least this many bytes are written with
// non-temporal stores. Past the last-level cache's share of one core they
// are written back to memory anyway; the cache would only evict other data
// for them and read each line before writing it.
const streamFloatBytes = 4 << 20

// bitString appends runs of bits to a word array, least significant first.
type bitString struct {
	w   []uint64
	k   int    // words written
	acc uint64 // the next word's bits so far
	n   uint   // bits in acc, < 64
}

// put appends the low n bits of v (n <= 64; v has no other bits set).
func (s *bitString) put(v uint64, n uint) {
	s.acc |= v << s.n
	if s.n+n < 64 {
		s.n += n
		return
	}
	s.w[s.k] = s.acc
	s.k++
	s.acc = v >> (64 - s.n) // 0 when s.n is 0 (a Go shift by 64)
	s.n = s.n + n - 64
}

// flush writes the last partial word.
func (s *bitString) flush() {
	if s.n > 0 {
		s.w[s.k] = s.acc
		s.k++
		s.acc, s.n = 0, 0
	}
}

// Square bits of a Bitboard's words: squares 0..62 and 63..80.
const loSquares, hiSquares = 1<<63 - 1, 1<<18 - 1

// putFloats writes the planes as float32 (InputFeatures); stream asks for
// non-temporal stores (a large output, see streamFloatBytes).
func (pb *planeBits) putFloats(f1, f2 []float32, stream bool) {
	f1, f2 = f1[:Features1Num*81], f2[:Features2Num*81]
	if !asm.ExpandBitsWide() {
		pb.putFloatsPlanes(f1, f2)
		return
	}
	var w1 [floatBits1Words]uint64
	phase := asm.LinePhase(&f1[0])
	s := bitString{w: w1[:]}
	s.put(0, uint(phase))
	for _, bb := range &pb.f1 {
		lo, hi := bb.Words()
		s.put(lo&loSquares, 63)
		s.put(hi&hiSquares, 18)
	}
	s.flush()
	asm.ExpandBits(f1, w1[:], phase, stream)

	var w2 [floatBits2Words]uint64
	phase = asm.LinePhase(&f2[0])
	s = bitString{w: w2[:]}
	s.put(0, uint(phase))
	for p := 0; p < Features2Num; p++ {
		m := -(pb.f2 >> p & 1) // 81 copies of the plane's bit
		s.put(m&loSquares, 63)
		s.put(m&hiSquares, 18)
	}
	s.flush()
	asm.ExpandBits(f2, w2[:], phase, stream)
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
