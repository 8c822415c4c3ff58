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
