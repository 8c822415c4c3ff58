package board

// Zobrist keys: one per (piece, square), one per (colour, hand type, count)
// and one for the side to move. They come from a fixed-seed SplitMix64 so
// keys are the same in every process (transposition tables can be saved).
var (
	zobPiece [NumPieces][NumSquares]uint64
	zobHand  [2][8][19]uint64 // count 0 has key 0
	zobSide  uint64
)

type splitMix64 uint64

func (s *splitMix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func init() {
	rng := splitMix64(0x5348_4f47_4920_4c49) // "SHOGI LI"
	for pc := 0; pc < NumPieces; pc++ {
		for s := 0; s < NumSquares; s++ {
			zobPiece[pc][s] = rng.next() &^ 1
		}
	}
	for c := 0; c < 2; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			for n := 1; n < 19; n++ {
				zobHand[c][pt][n] = rng.next() &^ 1
			}
		}
	}
	// The side key is bit 0 alone, so Key()&1 tells the side to move.
	zobSide = 1
}
