package record

import "github.com/libshogi/libshogi/libshogi/board"

// Move16Convention is board's: the conventions and their conversions live
// in package board (board.Move16Convention's methods ToYaneuraOu,
// FromYaneuraOu, Check, USI, ParseUSI).
type Move16Convention = board.Move16Convention

// The two conventions, as record's formats name them.
const (
	YaneuraOu = board.Move16YaneuraOu // PackedSfenValue, nnue-pytorch
	Apery     = board.Move16Apery     // hcpe, hcpe3, cshogi
)
