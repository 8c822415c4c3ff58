package board

// Hand packs the counts of the seven hand types of one side into 32 bits.
type Hand uint32

// handShift and handMask give each type's field; pawns need 5 bits (up to 18).
var handShift = [8]uint{0, 0, 8, 12, 16, 24, 28, 20}
var handMask = [8]uint32{0, 0x1f, 0x7, 0x7, 0x7, 0x3, 0x3, 0x7}

// Count returns how many pieces of type pt (Pawn..Gold) the hand holds.
func (h Hand) Count(pt PieceType) int {
	return int((uint32(h) >> handShift[pt]) & handMask[pt])
}

// Has reports whether the hand holds at least one pt.
func (h Hand) Has(pt PieceType) bool { return uint32(h)&(handMask[pt]<<handShift[pt]) != 0 }

// Add returns the hand with one more pt.
func (h Hand) Add(pt PieceType) Hand { return h + Hand(1)<<handShift[pt] }

// Sub returns the hand with one pt less (the caller checks Has first).
func (h Hand) Sub(pt PieceType) Hand { return h - Hand(1)<<handShift[pt] }

// Set returns the hand with exactly n pieces of pt (n within the field's range).
func (h Hand) Set(pt PieceType, n int) Hand {
	cleared := uint32(h) &^ (handMask[pt] << handShift[pt])
	return Hand(cleared | (uint32(n)&handMask[pt])<<handShift[pt])
}

// Empty reports whether nothing is held.
func (h Hand) Empty() bool { return h == 0 }

// Dominates reports whether h holds at least as many of every type as o.
func (h Hand) Dominates(o Hand) bool {
	for pt := Pawn; pt <= Gold; pt++ {
		if h.Count(pt) < o.Count(pt) {
			return false
		}
	}
	return true
}
