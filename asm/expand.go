package asm

//go:generate sh -c "cd gen && go run ./expand -out ../expand_amd64.s -stubs ../expand_stub_amd64.go -pkg asm"

// ExpandPlanes81 widens planes of 81 bits to float32 in one sweep, zeros
// and ones together: value s of plane p, dst[81p+s], is 1 when square s of
// planes[p] is set and 0 otherwise, where squares 0..62 are bits 0..62 of
// planes[p][0] and squares 63..80 bits 0..17 of planes[p][1] (the words of
// a board.Bitboard; the other bits are ignored). It panics if dst is
// shorter than 81*len(planes).
func ExpandPlanes81(dst []float32, planes [][2]uint64) {
	n := len(planes)
	if len(dst) < 81*n {
		panic("asm: ExpandPlanes81: dst shorter than 81 values a plane")
	}
	if n == 0 {
		return
	}
	switch {
	case use512():
		expandPlanesAVX512(&dst[0], &planes[0], n)
	case UseAVX2:
		expandPlanesAVX2(&dst[0], &planes[0], n)
	default:
		expandPlanes(dst, planes)
	}
}

// ExpandPlanes81U8 is ExpandPlanes81 into bytes (0 or 1).
func ExpandPlanes81U8(dst []uint8, planes [][2]uint64) {
	n := len(planes)
	if len(dst) < 81*n {
		panic("asm: ExpandPlanes81U8: dst shorter than 81 values a plane")
	}
	if n == 0 {
		return
	}
	if use512() {
		expandPlanesU8AVX512(&dst[0], &planes[0], n)
		return
	}
	expandPlanes(dst, planes)
}
