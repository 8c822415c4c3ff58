package dataset

// occupiedBytes has the top bit of each non-zero byte of w set (and no
// other bit): eight squares of a board tested at once, so that a scan
// visits only the occupied squares instead of mispredicting a branch on
// about every other square.
func occupiedBytes(w uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	return ((w&low7 + low7) | w) & high
}
