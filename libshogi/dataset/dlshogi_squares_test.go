package dataset

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// handPlanes lists the hand piece types in plane order with their plane
// count (the most of that type the planes show): the table the reference
// implementations read (handPlaneBits has it unrolled).
var handPlanes = [7]struct {
	pt  board.PieceType
	max int
}{{board.Pawn, 8}, {board.Lance, 4}, {board.Knight, 4}, {board.Silver, 4}, {board.Gold, 4}, {board.Bishop, 2}, {board.Rook, 2}}

// inputFeaturesSquares is the earlier InputFeatures, kept as a second
// independent implementation to test against (and to benchmark against in
// the same run): clear the planes, then set square by square, counting
// attackers per square.
func inputFeaturesSquares(d *record.Diagram, f1, f2 []float32) bool {
	return inputFeaturesBySquare(d, f1[:Features1Num*81], f2[:Features2Num*81], 81, onesF32[:])
}

// inputFeaturesSquaresU8 is the earlier InputFeaturesU8.
func inputFeaturesSquaresU8(d *record.Diagram, f1, f2 []uint8) bool {
	return inputFeaturesBySquare(d, f1[:Features1Num*81], f2[:Features2Num], 1, onesU8[:])
}

// inputFeaturesBySquare writes both forms; a features2 plane is width values.
func inputFeaturesBySquare[T float32 | uint8](d *record.Diagram, f1, f2 []T, width int, ones []T) bool {
	clear(f1) // two large clears beat many small ones
	clear(f2)
	us := d.Side
	// Square s is written at o + g*s: s for Black to move, 80-s for White.
	o, g := 0, 1
	if us == board.White {
		o, g = 80, -1
	}

	// One pass over the board for the pieces, the occupancy and our king.
	var sqs [board.NumSquares]uint8
	n := 0
	var occ board.Bitboard
	king := board.NoSquare
	ourKing := board.NewPiece(us, board.King)
	for sq, pc := range d.Squares {
		if pc != board.NoPiece {
			sqs[n] = uint8(sq)
			n++
			occ.Set(board.Square(sq))
			if pc == ourKing {
				king = board.Square(sq)
			}
		}
	}

	var count [2][81]uint8 // attackers per square, by absolute colour
	for _, s8 := range sqs[:n] {
		sq := board.Square(s8)
		pc := d.Squares[sq]
		c := pc.Color()
		base := int(c^us) * Features1PerSide * 81 // us first, then them
		t := int(pc.Type()) - 1
		f1[base+t*81+o+g*int(sq)] = 1
		att := board.Attacks(pc, sq, occ)
		plane := f1[base+(PieceTypeNum+t)*81 : base+(PieceTypeNum+t+1)*81]
		counts := f1[base+2*PieceTypeNum*81 : base+Features1PerSide*81]
		cnt := &count[c]
		for att.NonZero() {
			a := att.Pop()
			k := cnt[a] + 1
			cnt[a] = k
			r := o + g*int(a)
			plane[r] = 1
			if k <= MaxAttackNum { // the k-th attacker lights count plane k-1
				counts[int(k-1)*81+r] = 1
			}
		}
	}
	for c := board.Black; c <= board.White; c++ {
		h := d.Hands[c]
		p := int(c^us) * HandPlanesPerSide * width
		for _, hp := range handPlanes {
			if k := min(h.Count(hp.pt), hp.max); k > 0 {
				copy(f2[p:p+k*width], ones)
			}
			p += hp.max * width
		}
	}
	check := king != board.NoSquare && count[us^1][king] > 0
	if check {
		copy(f2[2*HandPlanesPerSide*width:], ones)
	}
	return check
}

// onesF32 and onesU8 are copied from to fill planes with 1 (copy is
// vectorized, a loop is not).
var (
	onesF32 = func() (o [Features2Num * 81]float32) {
		for i := range o {
			o[i] = 1
		}
		return
	}()
	onesU8 = func() (o [Features2Num * 81]uint8) {
		for i := range o {
			o[i] = 1
		}
		return
	}()
)
