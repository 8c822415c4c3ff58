package record

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
)

// MoveNotation selects the text form of one move (MoveText).
type MoveNotation int

const (
	NotationUSI MoveNotation = iota // 7g7f
	NotationKIF                     // ７六歩(77), as in a KIF move line
	NotationKI2                     // ７六歩, with 右/左/直/上/引/寄/打/成/不成 as needed
)

// MoveText writes m, a legal move of p (its move16 is enough), as a
// record of that notation would: "同" when it lands on the square of p's
// last move, KI2's disambiguation against p's other legal moves. No side
// marker (▲/△) is written. ok is false when m is not legal in p or the
// notation is unknown.
func MoveText(p *board.Position, m board.Move, n MoveNotation) (string, bool) {
	var ml board.MoveList
	p.GenerateLegal(&ml)
	full := board.MoveNone
	for _, o := range ml.Slice() {
		if o.Move16() == m.Move16() {
			full = o
			break
		}
	}
	if full == board.MoveNone {
		return "", false
	}
	last := p.LastMove()
	hasPrev := last != board.MoveNone && last != board.MoveNull
	var prevTo board.Square
	if hasPrev {
		prevTo = last.To()
	}
	switch n {
	case NotationUSI:
		return full.USI(), true
	case NotationKIF:
		return kifMoveText(full, prevTo, hasPrev), true
	case NotationKI2:
		return ki2Text(p, full, prevTo, hasPrev), true
	}
	return "", false
}

// KIFMoveText is the move part of a KIF move line (７六歩(77), 同　歩(77),
// ５五角打, ２二角成(88)), for a writer that streams a game move by move.
func KIFMoveText(p *board.Position, m board.Move) (string, error) {
	return moveTextErr(p, m, NotationKIF, "")
}

// KI2MoveText is a KI2 move with its side mark: ▲７六歩, △同歩成, ▲５八金右.
func KI2MoveText(p *board.Position, m board.Move) (string, error) {
	mark := "▲"
	if p.SideToMove() == board.White {
		mark = "△"
	}
	return moveTextErr(p, m, NotationKI2, mark)
}

func moveTextErr(p *board.Position, m board.Move, n MoveNotation, prefix string) (string, error) {
	s, ok := MoveText(p, m, n)
	if !ok {
		if _, err := p.MoveFromMove16(uint16(m)); err != nil {
			return "", err // board's illegal-move error, which callers map
		}
		return "", fmt.Errorf("move %s is not legal in %s", m.USI(), p.SFEN())
	}
	return prefix + s, nil
}
