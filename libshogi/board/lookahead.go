package board

// GenerateLegalAfter lists the legal moves of the position after the
// legal move m, leaving p as it was: a caller that walks a tree one ply
// ahead of the position it keeps (a binding that defers a move until it
// must play it) asks for the next ply's moves in one call.
func (p *Position) GenerateLegalAfter(m Move, ml *MoveList) {
	p.DoMove(m)
	p.GenerateLegal(ml)
	p.UndoMove()
}

// A Move16Finder resolves move16 values to the legal moves of one
// position, as MoveFromMove16 does, for a caller with many of them (a
// binding that asks for the lists after every child of a node): the legal
// moves are generated once, at the first Find, and each value is looked
// up from where the last one was found (a binding passes a tail of a
// legal list in its order: one comparison each), instead of a legality
// test per value. The position must be the same (or back to it) at every
// Find; the zero value is ready for use.
type Move16Finder struct {
	ml    MoveList
	next  int
	ready bool
}

// Find returns the legal move of p with move16 value v, or
// MoveFromMove16's error.
func (f *Move16Finder) Find(p *Position, v uint16) (Move, error) {
	if !f.ready {
		p.GenerateLegal(&f.ml)
		f.ready = true
	}
	moves := f.ml.Moves[:f.ml.N]
	for k := range moves {
		i := f.next + k
		if i >= len(moves) {
			i -= len(moves)
		}
		if uint16(moves[i]) == v {
			f.next = i + 1
			return moves[i], nil
		}
	}
	return p.MoveFromMove16(v) // not legal: its error
}
