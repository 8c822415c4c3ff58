package board

import (
	"math/rand"
	"strings"
	"testing"
)

// SetPieces of a position's own squares, hands and side gives the position
// SFEN text gives: same text, same key, same legal moves; checked over the
// positions of random games.
func TestSetPiecesMatchesSFEN(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	q := NewPosition()
	for game := 0; game < 40; game++ {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			sq := p.Squares()
			if err := q.SetPieces(&sq, [2]Hand{p.Hand(Black), p.Hand(White)}, p.SideToMove(), p.Ply(), SFENOptions{}); err != nil {
				t.Fatalf("%s: %v", p.SFEN(), err)
			}
			if q.SFEN() != p.SFEN() || q.Key() != p.Key() || q.InCheck() != p.InCheck() || q.GamePlyFromRoot() != 0 {
				t.Fatalf("SetPieces gives %s key %x, want %s key %x", q.SFEN(), q.Key(), p.SFEN(), p.Key())
			}
			var a, b MoveList
			p.GenerateLegal(&a)
			q.GenerateLegal(&b)
			if a.N != b.N {
				t.Fatalf("%s: %d legal moves after SetPieces, want %d", p.SFEN(), b.N, a.N)
			}
			if a.N == 0 {
				break
			}
			p.DoMove(a.Moves[rng.Intn(a.N)])
		}
	}
}

func TestSetPiecesErrorsLeavePosition(t *testing.T) {
	start, _ := FromSFEN(StartSFEN)
	base := start.Squares()
	twoKings := base
	twoKings[NewSquare(5, 5)] = NewPiece(Black, King)
	nifu := base
	nifu[NewSquare(8, 7)] = NoPiece
	nifu[NewSquare(7, 5)] = NewPiece(Black, Pawn)
	notPiece := base
	notPiece[NewSquare(5, 5)] = Piece(15)
	whiteBit := base
	whiteBit[NewSquare(5, 5)] = Piece(0x21)
	dead := base
	dead[NewSquare(5, 7)] = NoPiece
	dead[NewSquare(5, 1)] = NewPiece(Black, Pawn) // in place of White's king
	var tooMany Hand
	tooMany = tooMany.Set(Pawn, 19)
	for _, c := range []struct {
		name  string
		sq    [NumSquares]Piece
		hands [2]Hand
		side  Color
		ply   int
		want  string
	}{
		{"two kings", twoKings, [2]Hand{}, Black, 1, "two kings"},
		{"nifu", nifu, [2]Hand{}, Black, 1, "nifu"},
		{"not a piece", notPiece, [2]Hand{}, Black, 1, "not a piece"},
		{"colour bits", whiteBit, [2]Hand{}, Black, 1, "not a piece"},
		{"pawn on the last rank", dead, [2]Hand{}, Black, 1, "never move"},
		{"hand count", base, [2]Hand{tooMany, 0}, Black, 1, "at most"},
		{"hand bits", base, [2]Hand{Hand(1 << 7), 0}, Black, 1, "outside"},
		{"side", base, [2]Hand{}, Color(2), 1, "side to move"},
		{"ply", base, [2]Hand{}, Black, 0, "move number"},
	} {
		p, _ := FromSFEN(StartSFEN)
		p.DoMove(mustParse(t, p, "7g7f"))
		before, key := p.SFEN(), p.Key()
		err := p.SetPieces(&c.sq, c.hands, c.side, c.ply, SFENOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if p.SFEN() != before || p.Key() != key || p.GamePlyFromRoot() != 1 {
			t.Errorf("%s: position changed to %s", c.name, p.SFEN())
		}
	}
	// the relaxation flags apply as for SFEN text
	p := NewPosition()
	if err := p.SetPieces(&dead, [2]Hand{}, Black, 1, SFENOptions{AllowDeadPieces: true}); err != nil {
		t.Errorf("dead piece with AllowDeadPieces: %v", err)
	}
}

func mustParse(t *testing.T, p *Position, usi string) Move {
	t.Helper()
	m, err := p.ParseMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func BenchmarkSetPieces(b *testing.B) {
	p, _ := FromSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	sq := p.Squares()
	hands := [2]Hand{p.Hand(Black), p.Hand(White)}
	q := NewPosition()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := q.SetPieces(&sq, hands, White, 1, SFENOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
