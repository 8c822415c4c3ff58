// Package board holds the shogi position: squares, pieces, bitboards, legal
// move generation and the game rules.
package board

// Color is the side: Black (sente) moves first in even games and moves up
// the board towards rank a.
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Opp returns the other side.
func (c Color) Opp() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Black {
		return "b"
	}
	return "w"
}

// Square is (file-1)*9 + (rank-1): 1a = 0, 9i = 80. NoSquare marks a missing king.
type Square int8

const (
	NumSquares        = 81
	NoSquare   Square = 81
)

// NewSquare builds a square from a file and a rank, both 1..9.
func NewSquare(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

// File is 1..9.
func (s Square) File() int { return int(s)/9 + 1 }

// Rank is 1..9 (a = 1).
func (s Square) Rank() int { return int(s)%9 + 1 }

// String writes the USI form, e.g. "7g".
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "--"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// PieceType numbers follow YaneuraOu/Apery: drops in move16 use 1..7.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn
	ProLance
	ProKnight
	ProSilver
	Horse
	Dragon
	NumPieceTypes
)

// promoteFlag turns a promotable type into its promoted type.
const promoteFlag = 8

// CanPromote reports whether the type has a promoted form.
func (pt PieceType) CanPromote() bool { return pt >= Pawn && pt <= Rook }

// IsPromoted reports whether the type is a promoted piece.
func (pt PieceType) IsPromoted() bool { return pt >= ProPawn }

// Promoted returns the promoted type (only for promotable types).
func (pt PieceType) Promoted() PieceType { return pt | promoteFlag }

// Unpromoted returns the base type: what a captured piece becomes in hand.
func (pt PieceType) Unpromoted() PieceType {
	if pt >= ProPawn {
		return pt &^ promoteFlag
	}
	return pt
}

// Piece is PieceType + 16 for White, the YaneuraOu/Apery numbering.
type Piece uint8

const (
	NoPiece   Piece = 0
	whiteFlag       = 16
	NumPieces       = 32
)

// NewPiece combines a colour and a type.
func NewPiece(c Color, pt PieceType) Piece { return Piece(pt) | Piece(c)<<4 }

// Type is the piece type without colour.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color of a non-empty piece.
func (p Piece) Color() Color { return Color(p >> 4) }

// sfenLetters maps a piece type to its SFEN letter (Black, uppercase).
var sfenLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// String writes the SFEN letter(s), lowercase for White.
func (p Piece) String() string {
	if p == NoPiece || p.Type() >= NumPieceTypes {
		return "."
	}
	s := sfenLetters[p.Type()]
	if p.Color() == White {
		b := []byte(s)
		b[len(b)-1] += 'a' - 'A'
		s = string(b)
	}
	return s
}

// HandTypes are the seven types that can be held, in SFEN output order R B G S N L P.
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// MaxInHand is the standard number of each type in a full set.
var MaxInHand = [8]int{0, 18, 4, 4, 4, 2, 2, 4}
