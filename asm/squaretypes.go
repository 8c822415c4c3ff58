package asm

import "encoding/binary"

//go:generate sh -c "cd gen && go run ./squaretypes -out ../squaretypes_amd64.s -stubs ../squaretypes_stub_amd64.go -pkg asm"

// SquareTypes sorts 81 one-byte piece codes (a board's squares: bits 0-3
// the type, bit 4 the colour) into sets of squares, each in the two words
// of a board bitboard (bit s of word 0 for squares 0-62, bit s-63 of word
// 1 for squares 63-80): types[t] gets the squares whose low four bits are
// t, for 1 <= t <= 14 (types[0] is not written); sets[0] the squares
// with bit 4, sets[1] those whose low four bits are not 0. It returns
// nonzero when some code has a bit above the five or low bits 15, zero
// otherwise. It is the first step of setting a position from its squares,
// once per record when a training set is decoded one record at a time:
// the AVX-512 form compares the 81 bytes with a type at once, where the
// twin gathers each bit of eight squares with a multiply and splits the
// squares by the bits.
func SquareTypes(sq *[81]uint8, types *[15][2]uint64, sets *[2][2]uint64) uint64 {
	if use512() {
		return squareTypesAVX512(sq, types, sets)
	}
	return squareTypesGo(sq, types, sets)
}

// SquareTypesGo is the twin of SquareTypes.
func SquareTypesGo(sq *[81]uint8, types *[15][2]uint64, sets *[2][2]uint64) uint64 {
	return squareTypesGo(sq, types, sets)
}

func squareTypesGo(sq *[81]uint8, types *[15][2]uint64, sets *[2][2]uint64) uint64 {
	// bj holds bit j of the codes of squares 0-63 (8 per word); the
	// second words take bit 63 and squares 64-80.
	var b0, b1, b2, b3, b4, high uint64
	for w := uint(0); w < 64; w += 8 {
		x := binary.LittleEndian.Uint64(sq[w:])
		high |= x
		b0 |= gather8(x) << w
		b1 |= gather8(x>>1) << w
		b2 |= gather8(x>>2) << w
		b3 |= gather8(x>>3) << w
		b4 |= gather8(x>>4) << w
	}
	x8, x9, last := binary.LittleEndian.Uint64(sq[64:]), binary.LittleEndian.Uint64(sq[72:]), uint64(sq[80])
	high |= x8 | x9 | last
	const lo63 = 1<<63 - 1
	h0 := b0>>63 | gather8(x8)<<1 | gather8(x9)<<9 | (last&1)<<17
	h1 := b1>>63 | gather8(x8>>1)<<1 | gather8(x9>>1)<<9 | (last>>1&1)<<17
	h2 := b2>>63 | gather8(x8>>2)<<1 | gather8(x9>>2)<<9 | (last>>2&1)<<17
	h3 := b3>>63 | gather8(x8>>3)<<1 | gather8(x9>>3)<<9 | (last>>3&1)<<17
	h4 := b4>>63 | gather8(x8>>4)<<1 | gather8(x9>>4)<<9 | (last>>4&1)<<17
	b0, b1, b2, b3, b4 = b0&lo63, b1&lo63, b2&lo63, b3&lo63, b4&lo63
	occ, occHi := b0|b1|b2|b3, h0|h1|h2|h3
	sets[0] = [2]uint64{b4, h4}
	sets[1] = [2]uint64{occ, occHi}
	bad := splitTypes(types, 0, occ, b3, b2, b1, b0)
	bad |= splitTypes(types, 1, occHi, h3, h2, h1, h0)
	return bad | high&0xe0e0e0e0e0e0e0e0
}

// splitTypes splits the squares x of word w by bit 3 of their codes
// (planes b3), then 2, 1, 0: t[i][w] gets the squares whose code bits 3..0
// are i; it returns those of type 15. Written out: thirty ANDs.
func splitTypes(t *[15][2]uint64, w int, x, b3, b2, b1, b0 uint64) (type15 uint64) {
	h0, h1 := x&^b3, x&b3
	q0, q1, q2, q3 := h0&^b2, h0&b2, h1&^b2, h1&b2
	e0, e1, e2, e3 := q0&^b1, q0&b1, q1&^b1, q1&b1
	e4, e5, e6, e7 := q2&^b1, q2&b1, q3&^b1, q3&b1
	t[1][w], t[2][w], t[3][w] = e0&b0, e1&^b0, e1&b0
	t[4][w], t[5][w], t[6][w], t[7][w] = e2&^b0, e2&b0, e3&^b0, e3&b0
	t[8][w], t[9][w], t[10][w], t[11][w] = e4&^b0, e4&b0, e5&^b0, e5&b0
	t[12][w], t[13][w], t[14][w] = e6&^b0, e6&b0, e7&^b0
	return e7 & b0
}

// gather8 returns bit 0 of each of the eight bytes of x as an 8-bit
// number (byte i gives bit i). The product's partial terms land on
// distinct bits, so no carry disturbs the top byte.
func gather8(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}
