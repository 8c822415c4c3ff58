package record

import "github.com/libshogi/libshogi/libshogi/board"

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
