package board

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// setPiecesFast is SetPieces for the usual record (no relaxations, one
// king per side, every check passing) without a data-dependent branch per
// square: the squares are read eight at a time and each of the five bits
// of the piece codes becomes a bit plane (a multiply gathers one bit of
// eight bytes), from which every bitboard is a few ANDs; the checks are
// then bitboard tests. It returns false, with p unchanged, whenever
// anything is unusual, and SetPieces then runs the square-by-square checks
// for the exact error (TestSetPiecesFastMatchesChecked holds the two to the
// same positions).
func (p *Position) setPiecesFast(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int) bool {
	if side > White || ply < 1 || ply > 1_000_000 {
		return false
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&squares[0])), NumSquares)
	// planes[j] holds bit j of every square's code: lo (squares 0-62), hi.
	var planes [5]Bitboard
	var lo, hi [5]uint64
	var high uint64          // bits 5-7 of any code: not a piece
	for w := 0; w < 8; w++ { // squares 0-63 (63 is moved to hi below)
		x := binary.LittleEndian.Uint64(raw[8*w:])
		high |= x
		lo[0] |= gather8(x) << (8 * w)
		lo[1] |= gather8(x>>1) << (8 * w)
		lo[2] |= gather8(x>>2) << (8 * w)
		lo[3] |= gather8(x>>3) << (8 * w)
		lo[4] |= gather8(x>>4) << (8 * w)
	}
	for w := 8; w < 10; w++ { // squares 64-79
		x := binary.LittleEndian.Uint64(raw[8*w:])
		high |= x
		hi[0] |= gather8(x) << (8*w - 63)
		hi[1] |= gather8(x>>1) << (8*w - 63)
		hi[2] |= gather8(x>>2) << (8*w - 63)
		hi[3] |= gather8(x>>3) << (8*w - 63)
		hi[4] |= gather8(x>>4) << (8*w - 63)
	}
	last := uint64(raw[80])
	high |= last
	for j := range planes {
		planes[j] = Bitboard{lo[j] &^ (1 << 63), hi[j] | lo[j]>>63 | (last>>j&1)<<(80-63)}
	}
	if high&0xe0e0e0e0e0e0e0e0 != 0 {
		return false
	}
	var q Position
	q.side, q.startPly = side, ply
	q.board = *squares
	pt := planes[0].Or(planes[1]).Or(planes[2]).Or(planes[3]) // a piece type is present
	q.occupied = pt.Or(planes[4])
	q.byColor[White] = planes[4]
	q.byColor[Black] = pt.AndNot(planes[4])
	if q.occupied != pt { // the colour bit without a type: code 16
		return false
	}
	tlo := splitTypes(pt.lo, planes[3].lo, planes[2].lo, planes[1].lo, planes[0].lo)
	thi := splitTypes(pt.hi, planes[3].hi, planes[2].hi, planes[1].hi, planes[0].hi)
	if tlo[15]|thi[15] != 0 { // type 15: not a piece
		return false
	}
	for t := Pawn; t < NumPieceTypes; t++ {
		q.byType[t] = Bitboard{tlo[t], thi[t]}
	}
	kings := q.byType[King]
	bk, wk := kings.And(q.byColor[Black]), kings.And(q.byColor[White])
	if bk.Count() != 1 || wk.Count() != 1 {
		return false
	}
	q.kingSq = [2]Square{bk.First(), wk.First()}
	for c := Black; c <= White; c++ {
		us := q.byColor[c]
		// Dead pieces: pawns and lances on the last rank, knights on the last two.
		if q.byType[Pawn].Or(q.byType[Lance]).And(us).Intersects(deadZone[c][0]) ||
			q.byType[Knight].And(us).Intersects(deadZone[c][1]) {
			return false
		}
		// Nifu: files are 9-bit groups, 1-7 in lo and 8-9 in hi.
		pawns := q.byType[Pawn].And(us)
		var twice int
		for f := 0; f < 7; f++ {
			twice |= bits.OnesCount64(pawns.lo>>(9*f)&0x1ff) >> 1
		}
		twice |= bits.OnesCount64(pawns.hi&0x1ff)>>1 | bits.OnesCount64(pawns.hi>>9)>>1
		if twice != 0 {
			return false
		}
		h := hands[c]
		if h.Set(Pawn, 0).Set(Lance, 0).Set(Knight, 0).Set(Silver, 0).Set(Bishop, 0).Set(Rook, 0).Set(Gold, 0) != 0 {
			return false
		}
	}
	for t := Pawn; t <= Gold; t++ {
		n := q.byType[t].Count() + hands[Black].Count(t) + hands[White].Count(t)
		if t != Gold {
			n += q.byType[t.Promoted()].Count()
		}
		if n > MaxInHand[t] {
			return false
		}
	}
	q.hands = hands
	them := side.Opp()
	if q.Attacked(side, q.kingSq[them], q.occupied) {
		return false
	}
	// The key is left to the first DoMove (keyPending).
	states, lists := p.states[:0], p.perftLists
	*p = q
	p.states = append(states, stateInfo{checkers: p.computeCheckers()})
	p.keyPending = true
	p.perftLists = lists
	return true
}

// splitTypes splits the squares x by bit 3 of their codes (planes b3), then
// 2, 1, 0: t[i] holds the squares of x whose code bits 3..0 are i, that is
// of piece type i. Written out: thirty ANDs in registers.
func splitTypes(x, b3, b2, b1, b0 uint64) (t [16]uint64) {
	h0, h1 := x&^b3, x&b3
	q0, q1, q2, q3 := h0&^b2, h0&b2, h1&^b2, h1&b2
	e0, e1, e2, e3 := q0&^b1, q0&b1, q1&^b1, q1&b1
	e4, e5, e6, e7 := q2&^b1, q2&b1, q3&^b1, q3&b1
	t[0], t[1], t[2], t[3] = e0&^b0, e0&b0, e1&^b0, e1&b0
	t[4], t[5], t[6], t[7] = e2&^b0, e2&b0, e3&^b0, e3&b0
	t[8], t[9], t[10], t[11] = e4&^b0, e4&b0, e5&^b0, e5&b0
	t[12], t[13], t[14], t[15] = e6&^b0, e6&b0, e7&^b0, e7&b0
	return
}

// gather8 returns bit 0 of each of the eight bytes of x as an 8-bit
// number (byte i gives bit i). The product's partial terms land on
// distinct bits, so no carry disturbs the top byte.
func gather8(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// deadZone[c] is c's last rank and last two ranks (no move from there for
// pawns and lances, knights).
// (Built from the squares' ranks: package variables are set before the
// init functions that fill rankBB run.)
var deadZone = func() (z [2][2]Bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		for c := Black; c <= White; c++ {
			for n := 1; n <= 2; n++ {
				if relativeRank(c, s) <= n {
					z[c][n-1].Set(s)
				}
			}
		}
	}
	return
}()
