package dataset

// occupiedBytes has the top bit of each non-zero byte of w set (and no
// other bit): eight squares of a board tested at once, so that a scan
// visits only the occupied squares instead of mispredicting a branch on
// about every other square.
func occupiedBytes(w uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	return ((w&low7 + low7) | w) & high
}

// gatherTopBits moves the top bit of byte j of m (m has no other bits) to
// bit j: the multiplier's bits 56-7j put byte j's bit at 56+j, and no two
// products meet.
func gatherTopBits(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }
