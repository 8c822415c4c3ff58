package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// PieceMove is a move described by the pieces it touches rather than by a
// Position: what an engine with its own board knows when it makes a move.
// The feature changes of a move depend only on these facts.
type PieceMove struct {
	// Piece is the moving piece before the move (for a drop, the dropped
	// piece); its colour is the side that moves.
	Piece board.Piece
	// From is the origin square of a board move (ignored for a drop).
	From, To board.Square
	Drop     bool
	Promote  bool
	// Captured is the piece on To before the move, NoPiece when none.
	Captured board.Piece
	// HandCount is the mover's count in hand, before the move, of the
	// dropped type (a drop) or of the captured piece's unpromoted type (a
	// capture); 0 otherwise. The hand features are numbered by it.
	HandCount int
	// Kings are Black's and White's king squares before the move.
	Kings [2]board.Square
}

// FeatureDelta is what one move changes in the features of each
// perspective (index 0: Black's, 1: White's): Refresh when every index of
// that perspective changes (recompute it from the position after the
// move), else N removed and N added features, N <= 2.
type FeatureDelta struct {
	Refresh        [2]bool
	N              [2]int
	Removed, Added [2][2]int32
}

// PieceMoveChanges returns the feature changes of m. m must be consistent
// (a piece of the mover on From, a king only where Kings says, HandCount
// within the counts that exist, no king captured): callers holding
// foreign input check it first. HalfKPE9 always refreshes (its attack
// counts change far from the move and need the whole board).
func (fs *FeatureSet) PieceMoveChanges(m *PieceMove) FeatureDelta {
	var d moveDelta
	fs.pieceDelta(m, &d)
	var out FeatureDelta
	out.Refresh = d.refresh
	for p := range 2 {
		out.N[p] = int(d.n[p])
		out.Removed[p], out.Added[p] = d.rem[p], d.add[p]
	}
	return out
}

// pieceMoveOf describes the legal move m, not yet played on pos, by its
// pieces.
func pieceMoveOf(pos *board.Position, m board.Move) PieceMove {
	us := pos.SideToMove()
	pm := PieceMove{To: m.To(), Kings: [2]board.Square{pos.KingSquare(board.Black), pos.KingSquare(board.White)}}
	if m.IsDrop() {
		pt := m.DropType()
		pm.Drop, pm.Piece, pm.HandCount = true, board.NewPiece(us, pt), pos.Hand(us).Count(pt)
		return pm
	}
	pm.From, pm.Promote = m.From(), m.IsPromotion()
	pm.Piece, pm.Captured = pos.PieceOn(pm.From), pos.PieceOn(pm.To)
	if pm.Captured != board.NoPiece {
		pm.HandCount = pos.Hand(us).Count(pm.Captured.Type().Unpromoted())
	}
	return pm
}

// pieceDelta fills d with the feature changes of m (see PieceMoveChanges).
// A missing king gives garbage entries: callers check the kings before
// using them.
func (fs *FeatureSet) pieceDelta(m *PieceMove, d *moveDelta) {
	*d = moveDelta{}
	if fs.Kind == KindHalfKPE9 {
		d.refresh = [2]bool{true, true}
		return
	}
	us := m.Piece.Color()
	var kc [2]kingCtx
	for p := board.Black; p <= board.White; p++ {
		kc[p] = fs.kingCtx(p, m.Kings[p]&127%NumSquares)
	}
	add := func(p board.Color, old, new uint16) {
		i := d.n[p]
		d.rem[p][i] = fs.pieceIndex(kc[p], old)
		d.add[p][i] = fs.pieceIndex(kc[p], new)
		d.n[p]++
	}
	to := m.To
	if m.Drop {
		pt := m.Piece.Type()
		for p := board.Black; p <= board.White; p++ {
			add(p, HandBona(p, us, pt, m.HandCount-1), BoardBona(p, m.Piece, to))
		}
		return
	}
	pc := m.Piece
	if pc.Type() == board.King {
		for p := board.Black; p <= board.White; p++ {
			if fs.RefreshOnKingMove(p, us) {
				d.refresh[p] = true
			} else if fs.Kings {
				add(p, KingBona(p, us, m.From), KingBona(p, us, to))
			}
		}
	} else {
		after := pc
		if m.Promote {
			after = board.NewPiece(us, pc.Type().Promoted())
		}
		for p := board.Black; p <= board.White; p++ {
			add(p, BoardBona(p, pc, m.From), BoardBona(p, after, to))
		}
	}
	if cap := m.Captured; cap != board.NoPiece {
		raw := cap.Type().Unpromoted()
		for p := board.Black; p <= board.White; p++ {
			if !d.refresh[p] {
				add(p, BoardBona(p, cap, to), HandBona(p, us, raw, m.HandCount))
			}
		}
	}
}
