package evalc

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
)

// pieceOf decodes a piece code as the C ABI defines it (evalbackend's
// codes: one convention for the whole library).
func pieceOf(code int) (board.Piece, error) { return evalbackend.PieceOf(int32(code)) }
