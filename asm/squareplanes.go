package asm

import "encoding/binary"

//go:generate sh -c "cd gen && go run ./squareplanes -out ../squareplanes_amd64.s -stubs ../squareplanes_stub_amd64.go -pkg asm"

// SquarePlanes splits 81 one-byte piece codes (a board's squares) into
// bit planes, in the two words of a board bitboard: bit s of planes[j] is
// bit j of sq[s] for squares 0-62, bit s-63 of planes[5+j] for squares
// 63-80 (j < 5). It returns zero when every code is below 32 (no bit
// above the five) and nonzero otherwise. It is the first step of setting a
// position from its squares, once per record when a training set is
// decoded one record at a time: the AVX-512 form is a few instructions a
// plane where the twin gathers eight squares a multiply.
func SquarePlanes(sq *[81]uint8, planes *[10]uint64) uint64 {
	if use512() {
		return squarePlanesAVX512(sq, planes)
	}
	return squarePlanesGo(sq, planes)
}

// SquarePlanesGo is the twin of SquarePlanes.
func SquarePlanesGo(sq *[81]uint8, planes *[10]uint64) uint64 { return squarePlanesGo(sq, planes) }

func squarePlanesGo(sq *[81]uint8, planes *[10]uint64) uint64 {
	// bj holds bit j of the codes of squares 0-63 (8 per word); the
	// planes' second words take bit 63 and squares 64-80.
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
	planes[0] = b0 & lo63
	planes[1] = b1 & lo63
	planes[2] = b2 & lo63
	planes[3] = b3 & lo63
	planes[4] = b4 & lo63
	planes[5] = b0>>63 | gather8(x8)<<1 | gather8(x9)<<9 | (last&1)<<17
	planes[6] = b1>>63 | gather8(x8>>1)<<1 | gather8(x9>>1)<<9 | (last>>1&1)<<17
	planes[7] = b2>>63 | gather8(x8>>2)<<1 | gather8(x9>>2)<<9 | (last>>2&1)<<17
	planes[8] = b3>>63 | gather8(x8>>3)<<1 | gather8(x9>>3)<<9 | (last>>3&1)<<17
	planes[9] = b4>>63 | gather8(x8>>4)<<1 | gather8(x9>>4)<<9 | (last>>4&1)<<17
	return high & 0xe0e0e0e0e0e0e0e0
}

// gather8 returns bit 0 of each of the eight bytes of x as an 8-bit
// number (byte i gives bit i). The product's partial terms land on
// distinct bits, so no carry disturbs the top byte.
func gather8(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}
