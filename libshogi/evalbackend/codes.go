package evalbackend

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// HandSlots is the length of a hands array: 7 counts per side.
const HandSlots = 14

// NoSquare is the from-square of a drop in a RawMove.
const NoSquare = -1

// PieceOf decodes a piece code (type 1..14, +16 for White). Empty (0) is
// not a piece here.
func PieceOf(code int32) (board.Piece, error) {
	t, c := code&15, code>>4
	if code < 0 || c > 1 || t < int32(board.Pawn) || t >= int32(board.NumPieceTypes) {
		return board.NoPiece, fmt.Errorf("piece code %d: want 1..14 (Black) or 17..30 (White)", code)
	}
	return board.Piece(code), nil
}

func squareOf(v int32, name string) (board.Square, error) {
	if v < 0 || v >= board.NumSquares {
		return board.NoSquare, fmt.Errorf("%s %d: want a square 0..80", name, v)
	}
	return board.Square(v), nil
}

// Board is a position given as codes: 81 squares, 14 hand counts and the
// side to move.
type Board struct {
	Squares *[board.NumSquares]uint8
	Hands   *[HandSlots]uint8 // nil: empty hands
	Side    board.Color
}

// setOptions accepts what an engine's search meets and a rule check would
// refuse needlessly for evaluation: the side not to move in check (a
// pseudo-legal tree), pieces that can no longer move.
var setOptions = board.SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true}

// Set sets pos to b: both kings required (the features are relative to
// them), the piece counts of a real game, no two pawns on a file. On
// error pos is unchanged.
func (b Board) Set(pos *board.Position) error {
	if b.Side > board.White {
		return fmt.Errorf("side to move %d: want 0 (Black) or 1 (White)", b.Side)
	}
	var sq [board.NumSquares]board.Piece
	kings := 0
	for s, code := range b.Squares {
		if code == 0 {
			continue
		}
		pc, err := PieceOf(int32(code))
		if err != nil {
			return fmt.Errorf("square %d: %w", s, err)
		}
		if pc.Type() == board.King {
			kings++
		}
		sq[s] = pc
	}
	var hands [2]board.Hand
	if b.Hands != nil {
		for i, n := range b.Hands {
			pt := board.PieceType(i%7 + 1)
			if int(n) > board.MaxInHand[pt] {
				return fmt.Errorf("hands[%d] = %d: at most %d pieces of that type exist", i, n, board.MaxInHand[pt])
			}
			hands[i/7] = hands[i/7].Set(pt, int(n))
		}
	}
	if kings != 2 {
		return fmt.Errorf("the position needs both kings (it has %d)", kings)
	}
	return pos.SetPieces(&sq, hands, b.Side, 1, setOptions)
}

// RawMove is a foreign move as the C ABI passes it (see nnue.PieceMove):
// piece codes, squares (From NoSquare for a drop), Promote 0 or 1, the
// mover's hand count and both king squares before the move.
type RawMove struct {
	Piece, From, To, Promote, Captured, HandCount, BlackKing, WhiteKing int32
}

// Decode checks m for consistency and returns it as an nnue.PieceMove.
// It checks what the feature indices depend on, not how pieces move: the
// codes and squares, the kings on distinct squares and only where a king
// moves from, no king captured, no own piece captured, a promotion only of
// a type that promotes, a drop of a hand type with no capture, and hand
// counts that exist (a drop needs at least one in hand).
func (m RawMove) Decode() (nnue.PieceMove, error) {
	var pm nnue.PieceMove
	pc, err := PieceOf(m.Piece)
	if err != nil {
		return pm, fmt.Errorf("moved %w", err)
	}
	if pm.To, err = squareOf(m.To, "to"); err != nil {
		return pm, err
	}
	for c, k := range [2]int32{m.BlackKing, m.WhiteKing} {
		if pm.Kings[c], err = squareOf(k, [2]string{"black_king", "white_king"}[c]); err != nil {
			return pm, err
		}
	}
	if pm.Kings[0] == pm.Kings[1] {
		return pm, fmt.Errorf("both kings on square %d", pm.Kings[0])
	}
	if m.Promote != 0 && m.Promote != 1 {
		return pm, fmt.Errorf("promote %d: want 0 or 1", m.Promote)
	}
	us, pt := pc.Color(), pc.Type()
	pm.Piece, pm.Promote, pm.HandCount = pc, m.Promote == 1, int(m.HandCount)
	if pm.To == pm.Kings[us] && pt != board.King {
		return pm, fmt.Errorf("to %d is the mover's own king square", pm.To)
	}
	if pm.To == pm.Kings[us^1] {
		return pm, fmt.Errorf("to %d captures the king", pm.To)
	}
	if m.From == NoSquare {
		pm.Drop = true
		switch {
		case pt > board.Gold:
			return pm, fmt.Errorf("dropped piece code %d: only pawn..gold are dropped", m.Piece)
		case pm.Promote:
			return pm, fmt.Errorf("a drop does not promote")
		case m.Captured != 0:
			return pm, fmt.Errorf("a drop captures nothing (captured %d)", m.Captured)
		case m.HandCount < 1 || int(m.HandCount) > board.MaxInHand[pt]:
			return pm, fmt.Errorf("hand_count %d: a drop of type %d needs 1..%d in hand", m.HandCount, pt, board.MaxInHand[pt])
		}
		return pm, nil
	}
	if pm.From, err = squareOf(m.From, "from"); err != nil {
		return pm, fmt.Errorf("%w (or %d for a drop)", err, NoSquare)
	}
	switch {
	case pm.From == pm.To:
		return pm, fmt.Errorf("from and to are both %d", pm.From)
	case pt == board.King && pm.From != pm.Kings[us]:
		return pm, fmt.Errorf("a king moves from %d but the kings say %d", pm.From, pm.Kings[us])
	case pt != board.King && (pm.From == pm.Kings[0] || pm.From == pm.Kings[1]):
		return pm, fmt.Errorf("from %d is a king square but the moved piece is code %d", pm.From, m.Piece)
	case pm.Promote && !pt.CanPromote():
		return pm, fmt.Errorf("piece code %d cannot promote", m.Piece)
	}
	if m.Captured == 0 {
		if m.HandCount != 0 {
			return pm, fmt.Errorf("hand_count %d without a capture or a drop: want 0", m.HandCount)
		}
		return pm, nil
	}
	cap, err := PieceOf(m.Captured)
	if err != nil {
		return pm, fmt.Errorf("captured %w", err)
	}
	switch raw := cap.Type().Unpromoted(); {
	case cap.Color() == us:
		return pm, fmt.Errorf("captured code %d is the mover's own piece", m.Captured)
	case cap.Type() == board.King:
		return pm, fmt.Errorf("captured code %d is a king", m.Captured)
	case m.HandCount < 0 || int(m.HandCount) >= board.MaxInHand[raw]:
		return pm, fmt.Errorf("hand_count %d: a capture of type %d needs 0..%d in hand before it", m.HandCount, raw, board.MaxInHand[raw]-1)
	}
	pm.Captured = cap
	return pm, nil
}

// MoveChanges decodes m and returns its feature changes in fs.
func MoveChanges(fs *nnue.FeatureSet, m RawMove) (nnue.FeatureDelta, error) {
	pm, err := m.Decode()
	if err != nil {
		return nnue.FeatureDelta{}, err
	}
	return fs.PieceMoveChanges(&pm), nil
}
