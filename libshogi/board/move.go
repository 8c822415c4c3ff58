package board

import "fmt"

// Move is a 32-bit move. Its low 16 bits are exactly YaneuraOu's move16:
// bits 0-6 to-square, bits 7-13 from-square (or the dropped piece type),
// bit 14 drop, bit 15 promotion. Bits 16-20 hold the moving piece (with
// colour) so that a move can be applied and printed without the board.
type Move uint32

const (
	MoveNone   Move = 0
	MoveNull   Move = 0x0081
	MoveResign Move = 0x0102
	MoveWin    Move = 0x0183

	moveDropFlag    = 0x4000
	movePromoteFlag = 0x8000
)

// NewBoardMove builds a board move of piece pc.
func NewBoardMove(from, to Square, promote bool, pc Piece) Move {
	m := Move(to) | Move(from)<<7 | Move(pc)<<16
	if promote {
		m |= movePromoteFlag
	}
	return m
}

// NewDrop builds a drop of pc (its type must be Pawn..Gold).
func NewDrop(pc Piece, to Square) Move {
	return Move(to) | Move(pc.Type())<<7 | moveDropFlag | Move(pc)<<16
}

// To is the destination square.
func (m Move) To() Square { return Square(m & 0x7f) }

// From is the origin square of a board move.
func (m Move) From() Square { return Square((m >> 7) & 0x7f) }

// IsDrop reports whether the move drops a piece from hand.
func (m Move) IsDrop() bool { return m&moveDropFlag != 0 }

// IsPromotion reports whether the move promotes.
func (m Move) IsPromotion() bool { return m&movePromoteFlag != 0 }

// DropType is the dropped type of a drop.
func (m Move) DropType() PieceType { return PieceType((m >> 7) & 0x7f) }

// Piece is the moving piece before the move (the dropped piece for a drop).
func (m Move) Piece() Piece { return Piece((m >> 16) & 0x1f) }

// IsSpecial reports none, null, resign and win codes.
func (m Move) IsSpecial() bool { return m&0xffff == 0 || (m.From() == m.To() && !m.IsDrop()) }

// Move16 is YaneuraOu's 16-bit form (PackedSfenValue, nnue-pytorch).
func (m Move) Move16() uint16 { return uint16(m) }

// USI writes the move in USI notation: 7g7f, 8h2b+, P*5e.
func (m Move) USI() string {
	switch m & 0xffff {
	case MoveNone:
		return "none"
	case MoveNull:
		return "0000"
	case MoveResign:
		return "resign"
	case MoveWin:
		return "win"
	}
	var b [5]byte
	n := 0
	if m.IsDrop() {
		pt := m.DropType()
		if pt < Pawn || pt > Gold || m.IsPromotion() {
			return fmt.Sprintf("?%04x", uint16(m))
		}
		b[0] = sfenLetters[pt][0]
		b[1] = '*'
		n = 2
	} else {
		from := m.From()
		if from >= NumSquares {
			return fmt.Sprintf("?%04x", uint16(m))
		}
		b[0], b[1] = byte('0'+from.File()), byte('a'+from.Rank()-1)
		n = 2
	}
	to := m.To()
	if to >= NumSquares {
		return fmt.Sprintf("?%04x", uint16(m))
	}
	b[n], b[n+1] = byte('0'+to.File()), byte('a'+to.Rank()-1)
	n += 2
	if m.IsPromotion() {
		b[n] = '+'
		n++
	}
	return string(b[:n])
}

func (m Move) String() string { return m.USI() }

// parseSquare reads a USI square ("7g").
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'0'), int(s[1]-'a'+1)), true
}

// ParseUSIMoveText reads USI move text without a position: the returned move
// has no piece bits. Use Position.ParseMove for a playable move.
func ParseUSIMoveText(s string) (Move, error) {
	if len(s) == 4 && s[1] == '*' {
		pt := PieceType(0)
		for t := Pawn; t <= Gold; t++ {
			if sfenLetters[t][0] == s[0] {
				pt = t
			}
		}
		if pt == 0 {
			return MoveNone, fmt.Errorf("usi move %q: unknown drop piece %q", s, s[0])
		}
		to, ok := parseSquare(s[2:4])
		if !ok {
			return MoveNone, fmt.Errorf("usi move %q: bad square %q", s, s[2:4])
		}
		return Move(to) | Move(pt)<<7 | moveDropFlag, nil
	}
	if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
		return MoveNone, fmt.Errorf("usi move %q: expected forms like 7g7f, 8h2b+ or P*5e", s)
	}
	from, ok := parseSquare(s[0:2])
	if !ok {
		return MoveNone, fmt.Errorf("usi move %q: bad square %q", s, s[0:2])
	}
	to, ok := parseSquare(s[2:4])
	if !ok {
		return MoveNone, fmt.Errorf("usi move %q: bad square %q", s, s[2:4])
	}
	if from == to {
		return MoveNone, fmt.Errorf("usi move %q: from and to are the same square", s)
	}
	m := Move(to) | Move(from)<<7
	if len(s) == 5 {
		m |= movePromoteFlag
	}
	return m, nil
}
