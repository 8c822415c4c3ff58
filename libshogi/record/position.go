package record

import "github.com/libshogi/libshogi/libshogi/board"

// DiagramOf reads a Position into a Diagram.
func DiagramOf(p *board.Position) Diagram {
	var d Diagram
	for s := board.Square(0); s < board.NumSquares; s++ {
		d.Squares[s] = p.PieceOn(s)
	}
	d.Hands[0] = p.Hand(board.Black)
	d.Hands[1] = p.Hand(board.White)
	d.Side = p.SideToMove()
	d.Ply = p.Ply()
	return d
}

// Position builds a board.Position from the diagram (through SFEN). The
// board package refuses positions that no game can reach (for example the
// side not to move in check), which the binary formats can still hold.
func (d *Diagram) Position() (*board.Position, error) {
	return board.FromSFEN(d.SFEN())
}
