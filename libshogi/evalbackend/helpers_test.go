package evalbackend

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// testArchs is one small test-net layout per feature set.
// (HalfKPE9 at width 32: its 1.1M features make a 256-wide net 580 MB.)
var testArchs = []string{"halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32", "halfkpvm_256x2-32-32", "halfkahm2_256x2-32-32"}

func testNet(t testing.TB, arch string) *nnue.Net {
	t.Helper()
	net, err := nnue.MakeTestNetNamed(arch, "test", 7)
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// rawMoveOf describes the legal move m of pos in the foreign codes, from
// the position's own view of the board.
func rawMoveOf(pos *board.Position, m board.Move) RawMove {
	us := pos.SideToMove()
	r := RawMove{To: int32(m.To()), BlackKing: int32(pos.KingSquare(board.Black)), WhiteKing: int32(pos.KingSquare(board.White))}
	if m.IsDrop() {
		pt := m.DropType()
		r.Piece, r.From, r.HandCount = int32(board.NewPiece(us, pt)), NoSquare, int32(pos.Hand(us).Count(pt))
		return r
	}
	r.Piece, r.From = int32(pos.PieceOn(m.From())), int32(m.From())
	if m.IsPromotion() {
		r.Promote = 1
	}
	if c := pos.PieceOn(m.To()); c != board.NoPiece {
		r.Captured, r.HandCount = int32(c), int32(pos.Hand(us).Count(c.Type().Unpromoted()))
	}
	return r
}

// boardOf returns pos as codes.
func boardOf(pos *board.Position) ([board.NumSquares]uint8, [HandSlots]uint8) {
	var sq [board.NumSquares]uint8
	var h [HandSlots]uint8
	for s := board.Square(0); s < board.NumSquares; s++ {
		sq[s] = uint8(pos.PieceOn(s))
	}
	for c := board.Black; c <= board.White; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			h[int(c)*7+int(pt)-1] = uint8(pos.Hand(c).Count(pt))
		}
	}
	return sq, h
}

// randomLegal returns a random legal move of pos, or false at a mate.
func randomLegal(pos *board.Position, rng *rand.Rand) (board.Move, bool) {
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	if ml.N == 0 {
		return 0, false
	}
	return ml.Moves[rng.IntN(ml.N)], true
}

func sorted(f []int32) []int32 {
	f = slices.Clone(f)
	slices.Sort(f)
	return f
}
