package mate

import "github.com/libshogi/libshogi/libshogi/board"

// borrowBits is the free bit above each packed field of board.Hand: a
// field-wise subtraction that underflows sets its borrow bit.
const borrowBits = 1<<5 | 1<<11 | 1<<15 | 1<<19 | 1<<23 | 1<<26 | 1<<30

// covers reports whether h holds at least as many of every type as o.
func covers(h, o board.Hand) bool {
	return ((uint32(h)|borrowBits)-uint32(o))&borrowBits == borrowBits
}

// handMax is the field-wise maximum (a proof hand at a defender node).
func handMax(a, b board.Hand) board.Hand {
	r := a
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if n := b.Count(pt); n > r.Count(pt) {
			r = r.Set(pt, n)
		}
	}
	return r
}

// handMin is the field-wise minimum (a disproof hand at an attacker node).
func handMin(a, b board.Hand) board.Hand {
	r := a
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if n := b.Count(pt); n < r.Count(pt) {
			r = r.Set(pt, n)
		}
	}
	return r
}

// fullOfHeld is the largest hand with the same types as h: with more of a
// type already held the attacker has no new move, so a disproof extends
// to it.
func fullOfHeld(h board.Hand) board.Hand {
	var r board.Hand
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if h.Has(pt) {
			r = r.Set(pt, board.MaxInHand[pt])
		}
	}
	return r
}

// proofBefore turns a child's proof hand into the parent's for the
// attacker's move m that captured the type cap (NoPieceType if none).
func proofBefore(m board.Move, cap board.PieceType, child board.Hand) board.Hand {
	if m.IsDrop() {
		pt := m.DropType()
		return child.Set(pt, child.Count(pt)+1)
	}
	if cap != board.NoPieceType && child.Has(cap) {
		return child.Sub(cap)
	}
	return child
}

// disproofBefore turns a child's disproof hand into the parent's bound for
// the attacker's move m (capturing type cap), capped at the full count.
func disproofBefore(m board.Move, cap board.PieceType, child board.Hand) board.Hand {
	if m.IsDrop() {
		pt := m.DropType()
		return child.Set(pt, min(child.Count(pt)+1, board.MaxInHand[pt]))
	}
	if cap != board.NoPieceType && child.Has(cap) {
		return child.Sub(cap)
	}
	return child
}
