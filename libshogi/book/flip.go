package book

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The flipped position is the board turned 180 degrees with the colours of
// every piece and hand swapped and the other side to move: the same game
// seen from the other player (YaneuraOu's FlippedBook). Its book moves
// flip back square by square (sq -> 80 - sq).

// FlipPosition returns the flipped position of p.
func FlipPosition(p *board.Position) (*board.Position, error) {
	var d record.Diagram
	for s := board.Square(0); s < board.NumSquares; s++ {
		if pc := p.PieceOn(s); pc != board.NoPiece {
			d.Squares[board.NumSquares-1-s] = board.NewPiece(pc.Color().Opp(), pc.Type())
		}
	}
	d.Hands[0], d.Hands[1] = p.Hand(board.White), p.Hand(board.Black)
	d.Side = p.SideToMove().Opp()
	d.Ply = p.Ply()
	return board.FromSFENWith(d.SFEN(), board.SFENOptions{AllowOpponentInCheck: true})
}

// FlipMove16 maps a YaneuraOu move16 of the flipped position to p's.
func FlipMove16(v uint16) uint16 {
	switch board.Move(v) {
	case board.MoveNone, board.MoveNull, board.MoveResign, board.MoveWin:
		return v
	}
	to := v & 0x7f
	v = v&^0x7f | (80 - to)
	if v&0x4000 == 0 { // a board move: flip the origin too
		from := v >> 7 & 0x7f
		v = v&^(0x7f<<7) | (80-from)<<7
	}
	return v
}

// FlipMoves flips a probed move list back (a copy).
func FlipMoves(ms []Move) []Move {
	out := make([]Move, len(ms))
	for i, m := range ms {
		m.Move = FlipMove16(m.Move)
		if m.Ponder != 0 {
			m.Ponder = FlipMove16(m.Ponder)
		}
		out[i] = m
	}
	return out
}
