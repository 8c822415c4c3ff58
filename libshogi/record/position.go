package record

import "github.com/libshogi/libshogi/libshogi/board"

// diagramPosition builds a board.Position from the diagram (no SFEN text
// in between). The board package refuses positions that no game can reach
// (for example the side not to move in check), which the binary formats
// can still hold.
func diagramPosition(d *Diagram) (*board.Position, error) {
	return board.FromSetup(d, board.SFENOptions{})
}
