package board

import "math/bits"

// Bitboard is a set of squares: lo holds squares 0..62 (files 1-7), hi holds
// squares 63..80 (files 8-9) in its low 18 bits. Keeping whole files in one
// word makes file (lance) attacks a shift and a mask.
type Bitboard struct {
	lo, hi uint64
}

const hiMask = (1 << 18) - 1

// SquareBB is the set holding one square.
func SquareBB(s Square) Bitboard { return squareBB[s] }

var squareBB [NumSquares + 1]Bitboard // index 81 is empty, for NoSquare

func init() {
	for s := 0; s < NumSquares; s++ {
		if s < 63 {
			squareBB[s].lo = 1 << uint(s)
		} else {
			squareBB[s].hi = 1 << (uint(s-63) & 63)
		}
	}
}

// AllSquares is the full board.
var AllSquares = Bitboard{lo: 1<<63 - 1, hi: hiMask}

func (b Bitboard) And(o Bitboard) Bitboard    { return Bitboard{b.lo & o.lo, b.hi & o.hi} }
func (b Bitboard) Or(o Bitboard) Bitboard     { return Bitboard{b.lo | o.lo, b.hi | o.hi} }
func (b Bitboard) Xor(o Bitboard) Bitboard    { return Bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b Bitboard) Not() Bitboard              { return Bitboard{^b.lo & (1<<63 - 1), ^b.hi & hiMask} }
func (b Bitboard) IsZero() bool               { return b.lo|b.hi == 0 }
func (b Bitboard) NonZero() bool              { return b.lo|b.hi != 0 }
func (b Bitboard) Intersects(o Bitboard) bool { return (b.lo&o.lo)|(b.hi&o.hi) != 0 }
func (b Bitboard) Count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }
func (b Bitboard) MoreThanOne() bool {
	if b.lo != 0 && b.hi != 0 {
		return true
	}
	return b.lo&(b.lo-1) != 0 || b.hi&(b.hi-1) != 0
}

// Words returns the set as two words: squares 0..62 in bits 0..62 of lo,
// squares 63..80 in bits 0..17 of hi (so lo | hi<<63 holds squares 0..63),
// for code that packs bitboards into other bit layouts.
func (b Bitboard) Words() (lo, hi uint64) { return b.lo, b.hi }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.lo&(1<<(uint(s)&63)) != 0
	}
	return b.hi&(1<<(uint(s-63)&63)) != 0
}

// Set adds s (s must be a real square).
func (b *Bitboard) Set(s Square) {
	if s < 63 {
		b.lo |= 1 << (uint(s) & 63)
	} else {
		b.hi |= 1 << (uint(s-63) & 63)
	}
}

// Clear removes s.
func (b *Bitboard) Clear(s Square) {
	if s < 63 {
		b.lo &^= 1 << (uint(s) & 63)
	} else {
		b.hi &^= 1 << (uint(s-63) & 63)
	}
}

// Toggle flips s.
func (b *Bitboard) Toggle(s Square) {
	if s < 63 {
		b.lo ^= 1 << (uint(s) & 63)
	} else {
		b.hi ^= 1 << (uint(s-63) & 63)
	}
}

// First returns the lowest square (the set must not be empty).
func (b Bitboard) First() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(63 + bits.TrailingZeros64(b.hi))
}

// Pop removes and returns the lowest square (the set must not be empty).
func (b *Bitboard) Pop() Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return Square(63 + s)
}

// Squares lists the squares in increasing order (for tests and tools).
func (b Bitboard) Squares() []Square {
	var out []Square
	for b.NonZero() {
		out = append(out, b.Pop())
	}
	return out
}

// fileBB and rankBB are indexed 1..9.
var fileBB, rankBB [10]Bitboard

func init() {
	for s := Square(0); s < NumSquares; s++ {
		fileBB[s.File()].Set(s)
		rankBB[s.Rank()].Set(s)
	}
}

// FileBB returns the squares of a file 1..9.
func FileBB(f int) Bitboard { return fileBB[f] }

// RankBB returns the squares of a rank 1..9.
func RankBB(r int) Bitboard { return rankBB[r] }

// relativeRank is the rank seen from c: 1 is the far (last) rank.
func relativeRank(c Color, s Square) int {
	if c == Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// ranksFromFront returns the union of c's first n relative ranks.
func ranksFromFront(c Color, n int) Bitboard {
	var b Bitboard
	for i := 1; i <= n; i++ {
		if c == Black {
			b = b.Or(rankBB[i])
		} else {
			b = b.Or(rankBB[10-i])
		}
	}
	return b
}

var promoZone [2]Bitboard // the opponent's camp

// relRank[c][s] is relativeRank(c, s) as a table for the generator's inner loop.
var relRank [2][NumSquares]int8
var lastRank [2]Bitboard
var lastTwoRanks [2]Bitboard

func init() {
	for c := Black; c <= White; c++ {
		promoZone[c] = ranksFromFront(c, 3)
		lastRank[c] = ranksFromFront(c, 1)
		lastTwoRanks[c] = ranksFromFront(c, 2)
		for s := Square(0); s < NumSquares; s++ {
			relRank[c][s] = int8(relativeRank(c, s))
		}
	}
}

// PromotionZone is c's promotion zone.
func PromotionZone(c Color) Bitboard { return promoZone[c] }
