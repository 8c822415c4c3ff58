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

// Position builds a board.Position from the diagram (see SetPosition). The
// board package refuses positions that no game can reach (for example the
// side not to move in check), which the binary formats can still hold.
func (d *Diagram) Position() (*board.Position, error) {
	p := new(board.Position)
	if err := d.SetPosition(p); err != nil {
		return nil, err
	}
	return p, nil
}

// SetPosition sets p to the diagram's position (no text in between; p's
// buffers are reused), with the checks of board.FromSFEN. The error is a
// *board.SFENError naming the diagram's SFEN.
func (d *Diagram) SetPosition(p *board.Position) error {
	if err := p.SetPieces(&d.Squares, d.Hands, d.Side, d.Ply, board.SFENOptions{}); err != nil {
		return &board.SFENError{SFEN: d.SFEN(), Msg: err.Error()}
	}
	return nil
}
