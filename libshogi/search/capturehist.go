package search

import "github.com/libshogi/libshogi/libshogi/board"

// captureHistory scores captures (and pawn promotions) by how often each
// moved piece, target square and captured type cut a node of the main
// search or failed before the move that did: it reorders captures of about
// the same MVV-LVA value in the main search.
type captureHistory [32][board.NumSquares][board.NumPieceTypes]int32

// captureHistoryDiv scales the history (at most histMax) to MVV-LVA units
// (a victim's value times 8): ±2048, a victim worth about 2.8 pawns.
const captureHistoryDiv = 8

func (h *captureHistory) entry(pos *board.Position, m board.Move) *int32 {
	return &h[m.Piece()][m.To()][pos.PieceOn(m.To()).Type()]
}

func (h *captureHistory) update(pos *board.Position, m board.Move, b int32) {
	e := h.entry(pos, m)
	*e += b - *e*abs32(b)/histMax
}

func (h *captureHistory) score(pos *board.Position, m board.Move) int32 {
	return *h.entry(pos, m) / captureHistoryDiv
}
