package record

import "github.com/libshogi/libshogi/libshogi/board"

// One move as the text of a KIF or KI2 record, for a writer that streams a
// game move by move (a live game, a notebook) instead of formatting a
// whole Game. p is the position before the move; the move must be legal
// there. "同" is written when the move lands where p's last move did.

func lastTo(p *board.Position) (board.Square, bool) {
	last := p.LastMove()
	if p.GamePlyFromRoot() == 0 || last.IsSpecial() {
		return 0, false
	}
	return last.To(), true
}

// KIFMoveText is the move part of a KIF move line: ７六歩(77), 同　歩(77),
// ５五角打, ２二角成(88).
func KIFMoveText(p *board.Position, m board.Move) (string, error) {
	m, err := p.MoveFromMove16(uint16(m))
	if err != nil {
		return "", err
	}
	to, ok := lastTo(p)
	return kifMoveText(m, to, ok), nil
}

// KI2MoveText is a KI2 move with its side mark: ▲７六歩, △同歩成, ▲５八金右.
func KI2MoveText(p *board.Position, m board.Move) (string, error) {
	m, err := p.MoveFromMove16(uint16(m))
	if err != nil {
		return "", err
	}
	to, ok := lastTo(p)
	mark := "▲"
	if p.SideToMove() == board.White {
		mark = "△"
	}
	return mark + ki2Text(p, m, to, ok), nil
}
