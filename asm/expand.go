package asm

//go:generate sh -c "cd gen && go run ./expand -out ../expand_amd64.s -stubs ../expand_stub_amd64.go -pkg asm"

// ExpandPlanes81 widens planes of 81 bits to float32 in one sweep, zeros
// and ones together: value s of plane p, dst[81p+s], is 1 when bit s of
// planes[p] is set (squares 0..63 in planes[p][0], 64..80 in bits 0..16
// of planes[p][1]; its higher bits are ignored) and 0 otherwise. It panics
// if dst is shorter than 81*len(planes).
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
		expandPlanesGo(dst, planes)
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
	expandPlanesU8Go(dst, planes)
}
