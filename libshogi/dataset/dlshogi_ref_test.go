package dataset

import (
	"slices"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// inputFeaturesBitboards computes the same planes another way: attack
// sets merged as bitboards by type, and the squares attacked at least
// once, twice, three times kept as bitboards. It was measured slower than
// InputFeatures (2.35-2.6 against 1.93-2.1 CPU-us a position on the loaded
// machine) and stays as an independent implementation to compare with.
func inputFeaturesBitboards(d *record.Diagram, f1, f2 []float32) bool {
	f1 = f1[:Features1Num*81]
	f2 = f2[:Features2Num*81]
	clear(f1) // two large clears beat many small ones
	clear(f2)
	us := d.Side
	flip := us == board.White

	// One pass over the board: the pieces and the occupancy.
	var sqs [board.NumSquares]board.Square
	var pcs [board.NumSquares]board.Piece
	n := 0
	var occ board.Bitboard
	for sq, pc := range d.Squares {
		if pc != board.NoPiece {
			sqs[n], pcs[n] = board.Square(sq), pc
			n++
			occ.Set(board.Square(sq))
		}
	}

	// Attacks as bitboards: by colour and type, and the squares attacked
	// at least once, twice, three times (each new attack set promotes the
	// squares it shares with the lower levels).
	var byType [2][PieceTypeNum]board.Bitboard
	var once, twice, thrice [2]board.Bitboard
	king := board.NoSquare
	for i := 0; i < n; i++ {
		pc, sq := pcs[i], sqs[i]
		c, t := pc.Color(), int(pc.Type())-1
		if c == us && pc.Type() == board.King {
			king = sq
		}
		r := int(sq)
		if flip {
			r = 80 - r
		}
		f1[int(c^us)*Features1PerSide*81+t*81+r] = 1
		a := board.Attacks(pc, sq, occ)
		byType[c][t] = byType[c][t].Or(a)
		thrice[c] = thrice[c].Or(twice[c].And(a))
		twice[c] = twice[c].Or(once[c].And(a))
		once[c] = once[c].Or(a)
	}
	for c := board.Black; c <= board.White; c++ {
		base := int(c^us) * Features1PerSide * 81
		for t := 0; t < PieceTypeNum; t++ {
			setSquares(f1[base+(PieceTypeNum+t)*81:], byType[c][t], flip)
		}
		counts := base + 2*PieceTypeNum*81
		setSquares(f1[counts:], once[c], flip)
		setSquares(f1[counts+81:], twice[c], flip)
		setSquares(f1[counts+162:], thrice[c], flip)

		h := d.Hands[c]
		p := int(c^us) * HandPlanesPerSide * 81
		for _, hp := range handPlanes {
			if k := min(h.Count(hp.pt), hp.max); k > 0 {
				copy(f2[p:p+k*81], onesF32[:])
			}
			p += hp.max * 81
		}
	}
	check := king != board.NoSquare && once[us^1].Has(king)
	if check {
		copy(f2[2*HandPlanesPerSide*81:], onesF32[:])
	}
	return check
}

// setSquares writes 1 on plane's squares in b (rotated when flip).
func setSquares(plane []float32, b board.Bitboard, flip bool) {
	plane = plane[:81]
	for b.NonZero() {
		s := int(b.Pop())
		if flip {
			s = 80 - s
		}
		plane[s] = 1
	}
}

// TestInputFeaturesMatchBitboards: InputFeatures equals the bitboard
// version on thousands of positions of both sides to move.
func TestInputFeaturesMatchBitboards(t *testing.T) {
	fx := makeFixture(t, 16, 30, 120)
	a1, a2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
	b1, b2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
	for _, x := range fx.truths[FormatPSV] {
		d, err := record.ParseDiagram(x.sfen)
		if err != nil {
			t.Fatal(err)
		}
		ca := InputFeatures(&d, a1, a2)
		cb := inputFeaturesBitboards(&d, b1, b2)
		if ca != cb || !slices.Equal(a1, b1) || !slices.Equal(a2, b2) {
			t.Fatalf("%s: the two implementations differ", x.sfen)
		}
	}
}

// BenchmarkInputFeaturesBitboards: the reference version, for comparison in
// the same run as BenchmarkInputFeatures.
func BenchmarkInputFeaturesBitboards(b *testing.B) {
	benchPlanes(b, inputFeaturesBitboards)
}
