package board

import (
	"unsafe"

	"github.com/libshogi/libshogi/asm"
)

// setPiecesFast is SetPieces for the usual record (no relaxations, one
// king per side, every check passing) without a data-dependent branch per
// square: asm.SquareTypes sorts the squares into the bitboards of each
// type (with AVX-512 a byte compare of all squares a type; without, bit
// planes gathered eight squares a multiply and split by ANDs), and the
// checks are then bitboard tests (nifu by a fill along the files, the
// piece counts by population counts and the hands' fields). It returns
// false, with p unchanged, whenever anything is unusual, and SetPieces
// then runs the square-by-square checks for the exact error
// (TestSetPiecesFastMatchesChecked holds the two to the same positions).
// It runs once per record of a training set decoded one record at a time
// (set_hcp): the checks are written out without loops.
func (p *Position) setPiecesFast(squares *[NumSquares]Piece, hands [2]Hand, side Color, ply int) bool {
	if side > White || ply < 1 || ply > 1_000_000 {
		return false
	}
	// The bitboards are built and checked here; p is written only when
	// every check has passed.
	var bt [NumPieceTypes]Bitboard
	var sets [2]Bitboard // the colour bit; the occupied squares
	if asm.SquareTypes((*[NumSquares]uint8)(unsafe.Pointer(squares)),
		(*[NumPieceTypes][2]uint64)(unsafe.Pointer(&bt)), (*[2][2]uint64)(unsafe.Pointer(&sets))) != 0 {
		return false // a code of 32 or more, or type 15: not a piece
	}
	white, occ := sets[0], sets[1]
	if white.AndNot(occ).NonZero() { // the colour bit without a type: code 16
		return false
	}
	black := occ.AndNot(white)
	kings := bt[King]
	bk, wk := kings.And(black), kings.And(white)
	if bk.Count() != 1 || wk.Count() != 1 {
		return false
	}
	kingSq := [2]Square{bk.First(), wk.First()}
	// Dead pieces: pawns and lances on the last rank, knights on the last two.
	pl, kn := bt[Pawn].Or(bt[Lance]), bt[Knight]
	if pl.And(black).Intersects(deadZone[Black][0]) || kn.And(black).Intersects(deadZone[Black][1]) ||
		pl.And(white).Intersects(deadZone[White][0]) || kn.And(white).Intersects(deadZone[White][1]) ||
		twoInAFile(bt[Pawn].And(black)) || twoInAFile(bt[Pawn].And(white)) {
		return false
	}
	hb, hw := uint32(hands[Black]), uint32(hands[White])
	if (hb|hw)&^handFields != 0 {
		return false
	}
	// At most MaxInHand of each type on the board (either side, promoted
	// or not) and in the two hands together; every hand field is at least
	// as wide as its type's count.
	if bt[Pawn].Or(bt[ProPawn]).Count()+int(hb&0x1f+hw&0x1f) > MaxInHand[Pawn] ||
		bt[Lance].Or(bt[ProLance]).Count()+int(hb>>8&7+hw>>8&7) > MaxInHand[Lance] ||
		bt[Knight].Or(bt[ProKnight]).Count()+int(hb>>12&7+hw>>12&7) > MaxInHand[Knight] ||
		bt[Silver].Or(bt[ProSilver]).Count()+int(hb>>16&7+hw>>16&7) > MaxInHand[Silver] ||
		bt[Gold].Count()+int(hb>>20&7+hw>>20&7) > MaxInHand[Gold] ||
		bt[Bishop].Or(bt[Horse]).Count()+int(hb>>24&3+hw>>24&3) > MaxInHand[Bishop] ||
		bt[Rook].Or(bt[Dragon]).Count()+int(hb>>28&3+hw>>28&3) > MaxInHand[Rook] {
		return false
	}
	byColor := [2]Bitboard{black, white}
	them := side.Opp()
	if mayAttackBy(&bt, byColor[side], side, kingSq[them]) && attackedBy(&bt, byColor[side], side, kingSq[them], occ) {
		return false
	}
	p.board = *squares
	p.byType = bt
	p.byColor = byColor
	p.occupied = occ
	p.hands = hands
	p.kingSq = kingSq
	p.side, p.startPly = side, ply
	// The key and the checkers are left to the first DoMove (keyPending).
	p.states = append(p.states[:0], stateInfo{})
	p.keyPending = true
	return true
}

// handFields is every bit of the seven count fields of a Hand.
var handFields = func() (m uint32) {
	for pt := Pawn; pt <= Gold; pt++ {
		m |= handMask[pt] << handShift[pt]
	}
	return
}()

// twoInAFile reports whether two squares of b share a file (nifu, for a
// side's unpromoted pawns): the squares below each of them in its file
// are filled in (files are 9-bit groups of each word, rank a lowest; a
// shift by k stays within a file where filesFrom[k] says) and met again.
func twoInAFile(b Bitboard) bool {
	lo := b.lo << 1 & filesFrom[1].lo
	hi := b.hi << 1 & filesFrom[1].hi
	lo |= lo << 1 & filesFrom[1].lo
	hi |= hi << 1 & filesFrom[1].hi
	lo |= lo << 2 & filesFrom[2].lo
	hi |= hi << 2 & filesFrom[2].hi
	lo |= lo << 4 & filesFrom[4].lo
	hi |= hi << 4 & filesFrom[4].hi
	return lo&b.lo|hi&b.hi != 0
}

// filesFrom[k] is every square k or more ranks from rank a (where a square
// k ranks above stays in the same file).
var filesFrom = func() (f [9]Bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		for k := 0; k <= s.Rank()-1; k++ {
			f[k].Set(s)
		}
	}
	return
}()

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
