package board

import (
	"math/rand"
	"testing"
)

// TestSetSetupMatchesSFEN: for positions of random games, SetSetup with
// the position's own pieces gives the same position (SFEN, key, checkers)
// as SetSFEN of its text; bad data is refused like bad text.
func TestSetSetupMatchesSFEN(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	p := NewPosition()
	q := NewPosition()
	var ml MoveList
	for i := 0; i < 3000; i++ {
		p.GenerateLegal(&ml)
		if ml.N == 0 || p.Ply() > 200 {
			p = NewPosition()
			continue
		}
		p.DoMove(ml.Moves[rnd.Intn(ml.N)])
		var sq [NumSquares]Piece
		for s := Square(0); s < NumSquares; s++ {
			sq[s] = p.PieceOn(s)
		}
		if err := q.SetSetup(&Setup{Squares: sq, Hands: [2]Hand{p.Hand(Black), p.Hand(White)}, Side: p.SideToMove(), Ply: p.Ply()}, SFENOptions{}); err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		want, err := FromSFEN(p.SFEN())
		if err != nil {
			t.Fatal(err)
		}
		if q.SFEN() != want.SFEN() || q.Key() != want.Key() || q.InCheck() != want.InCheck() {
			t.Fatalf("SetSetup %s, SFEN %s", q.SFEN(), want.SFEN())
		}
	}
	start := NewPosition()
	var sq [NumSquares]Piece
	for s := Square(0); s < NumSquares; s++ {
		sq[s] = start.PieceOn(s)
	}
	bad := []struct {
		name string
		edit func(sq *[NumSquares]Piece, h *[2]Hand, side *Color)
	}{
		{"piece 15", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { sq[40] = 15 }},
		{"piece 32", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { sq[40] = 32 }},
		{"two kings", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { sq[40] = NewPiece(Black, King) }},
		{"side 2", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { *side = 2 }},
		{"19 pawns", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { h[0] = h[0].Set(Pawn, 19) }},
		{"hand garbage bits", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { h[1] = 1 << 7 }},
		{"nifu", func(sq *[NumSquares]Piece, h *[2]Hand, side *Color) { sq[squareOf(1, 5)] = NewPiece(Black, Pawn) }},
	}
	for _, b := range bad {
		s2, h2, side := sq, [2]Hand{}, Black
		b.edit(&s2, &h2, &side)
		before := q.SFEN()
		if err := q.SetSetup(&Setup{Squares: s2, Hands: h2, Side: side, Ply: 1}, SFENOptions{}); err == nil {
			t.Errorf("%s accepted", b.name)
		}
		if q.SFEN() != before {
			t.Errorf("%s: the position changed on error", b.name)
		}
	}
}

func BenchmarkSetSetup(b *testing.B) {
	start := NewPosition()
	var sq [NumSquares]Piece
	for s := Square(0); s < NumSquares; s++ {
		sq[s] = start.PieceOn(s)
	}
	q := NewPosition()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := q.SetSetup(&Setup{Squares: sq, Side: Black, Ply: 1}, SFENOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
