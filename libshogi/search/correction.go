package search

import "github.com/libshogi/libshogi/libshogi/board"

// Correction history: what the search found a node's static evaluation to
// be off by, learned per pawn structure and side to move, and added to
// the static evaluation of later nodes with the same structure. It keeps
// an evaluation with systematic errors from misleading the pruning.

const (
	corrBits  = 14
	corrSize  = 1 << corrBits
	corrGrain = 256
	corrMax   = 32 * corrGrain
)

// pawnIndex hashes both sides' pawns into a table index.
func pawnIndex(pos *board.Position) int {
	b := pos.PiecesOf(board.Black, board.Pawn)
	w := pos.PiecesOf(board.White, board.Pawn)
	bl, bh := b.Words()
	wl, wh := w.Words()
	h := bl*0x9E3779B97F4A7C15 ^ bh*0xC2B2AE3D27D4EB4F ^ wl*0x165667B19E3779F9 ^ wh*0xD6E8FEB86659FD93
	return int(h >> (64 - corrBits))
}

// correctedEval is staticEval plus the learned correction.
func (t *thread) correctedEval(pos *board.Position, staticEval Score) Score {
	c := t.corr[pos.SideToMove()][pawnIndex(pos)]
	v := staticEval + Score(c/corrGrain)
	return max(min(v, ScoreMateInMaxPly-1), -ScoreMateInMaxPly+1)
}

// updateCorrection moves the entry toward diff (search value minus static
// evaluation), more for deeper searches; an entry is at most corrMax/corrGrain
// (32 units, a third of a pawn) either way.
func (t *thread) updateCorrection(pos *board.Position, diff Score, depth int) {
	e := &t.corr[pos.SideToMove()][pawnIndex(pos)]
	w := int32(min(depth+1, 16))
	target := int32(diff) * corrGrain
	v := (*e*(256-w) + target*w) / 256
	*e = max(min(v, corrMax), -corrMax)
}
