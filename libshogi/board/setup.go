package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Setup is a position without history or invariants: 81 squares, both
// hands, the side to move and the SFEN move number. It is what SFEN text
// says and what the record formats (binary training data, KIF/CSA/BOD
// diagrams) hold, including positions no game reaches (the side not to
// move in check, doubled pawns); FromSetup makes a Position of it and
// checks the rules. ParseSetup and Setup.SFEN are the one SFEN parser and
// writer of the library.
type Setup struct {
	Squares [NumSquares]Piece
	Hands   [2]Hand
	Side    Color
	Ply     int // SFEN move number, 1 for an initial position
}

// FullSet is the number of each base type in a full set of pieces.
var FullSet = [NumPieceTypes]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4, King: 2}

// ParseSetup reads an SFEN ("<board> <side> <hands> [<move number>]"; a
// leading "sfen " and "startpos" are accepted). It checks the syntax, that
// no type has more pieces than a full set and that no side has two kings,
// not the rules.
func ParseSetup(orig string) (Setup, error) {
	var d Setup
	bad := func(format string, args ...any) (Setup, error) {
		return Setup{}, &SFENError{SFEN: orig, Msg: fmt.Sprintf(format, args...)}
	}
	s := strings.TrimPrefix(strings.TrimSpace(orig), "sfen ")
	if s == "startpos" {
		s = StartSFEN
	}
	fields := strings.Fields(s)
	if len(fields) < 3 || len(fields) > 4 {
		return bad("want 3 or 4 fields (board side hands [move number]), got %d", len(fields))
	}
	// Board: ranks a..i separated by '/', each listing files 9..1.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 9 {
		return bad("board has %d ranks, want 9", len(ranks))
	}
	var count [NumPieceTypes]int
	for r, row := range ranks {
		file := 9
		promoted := false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch == '+':
				if promoted {
					return bad("rank %d: '++'", r+1)
				}
				promoted = true
				continue
			case ch >= '1' && ch <= '9':
				if promoted {
					return bad("rank %d: '+' before a digit", r+1)
				}
				file -= int(ch - '0')
				if file < 0 {
					return bad("rank %d has more than 9 squares", r+1)
				}
				continue
			}
			pt, c := letterType(ch)
			if pt == NoPieceType {
				return bad("rank %d: unknown piece letter %q", r+1, ch)
			}
			if promoted {
				if !pt.CanPromote() {
					return bad("rank %d: %q cannot be promoted", r+1, ch)
				}
				pt = pt.Promoted()
				promoted = false
			}
			if file < 1 {
				return bad("rank %d has more than 9 squares", r+1)
			}
			if pt == King && d.KingSquare(c) != NoSquare {
				return bad("%s has two kings", colorName(c))
			}
			count[pt.Unpromoted()]++
			d.Squares[NewSquare(file, r+1)] = NewPiece(c, pt)
			file--
		}
		if promoted {
			return bad("rank %d ends with '+'", r+1)
		}
		if file != 0 {
			return bad("rank %d has %d squares, want 9", r+1, 9-file)
		}
	}
	switch fields[1] {
	case "b":
		d.Side = Black
	case "w":
		d.Side = White
	default:
		return bad("side to move %q, want b or w", fields[1])
	}
	if fields[2] != "-" {
		h := fields[2]
		for i := 0; i < len(h); {
			n := 1
			if h[i] >= '0' && h[i] <= '9' {
				j := i
				for j < len(h) && h[j] >= '0' && h[j] <= '9' {
					j++
				}
				v, err := strconv.Atoi(h[i:j])
				if err != nil || v < 1 || j-i > 2 {
					return bad("hand count %q (counts are 1..18 before a letter)", h[i:j])
				}
				n = v
				i = j
				if i >= len(h) {
					return bad("hand ends with a count")
				}
			}
			ch := h[i]
			i++
			pt, c := letterType(ch)
			if pt == NoPieceType || pt == King {
				return bad("unknown hand piece %q", ch)
			}
			if d.Hands[c].Count(pt) != 0 {
				return bad("hand lists %q twice", ch)
			}
			if n > MaxInHand[pt] {
				return bad("%d %q in hand, at most %d exist", n, ch, MaxInHand[pt])
			}
			count[pt] += n
			d.Hands[c] = d.Hands[c].Set(pt, n)
		}
	}
	for pt := Pawn; pt <= King; pt++ {
		if count[pt] > FullSet[pt] {
			return bad("%d pieces of type %s on board and in hand, at most %d exist", count[pt], sfenLetters[pt], FullSet[pt])
		}
	}
	d.Ply = 1
	if len(fields) == 4 {
		v, err := strconv.Atoi(fields[3])
		if err != nil || v < 1 || v > 1_000_000 || fields[3][0] < '0' || fields[3][0] > '9' {
			return bad("move number %q, want an integer 1..1000000", fields[3])
		}
		d.Ply = v
	}
	return d, nil
}

// letterType reads an SFEN piece letter (NoPieceType if it is none).
func letterType(ch byte) (PieceType, Color) {
	if ch >= 'a' && ch <= 'z' {
		return letterTypes[ch-'a'+'A'], White
	}
	return letterTypes[ch], Black
}

// KingSquare is the square of c's king, NoSquare if it has none.
func (d *Setup) KingSquare(c Color) Square {
	k := NewPiece(c, King)
	for s, p := range d.Squares {
		if p == k {
			return Square(s)
		}
	}
	return NoSquare
}

// BoardSFEN writes the board field of the SFEN.
func (d *Setup) BoardSFEN() string {
	var b strings.Builder
	b.Grow(80)
	d.writeBoard(&b)
	return b.String()
}

func (d *Setup) writeBoard(b *strings.Builder) {
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := d.Squares[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			writePiece(b, pc)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			b.WriteByte('/')
		}
	}
}

// writePiece writes the SFEN letter(s) of pc, lowercase for White,
// without allocating.
func writePiece(b *strings.Builder, pc Piece) {
	if pc.Type() == NoPieceType || pc.Type() >= NumPieceTypes {
		b.WriteByte('.') // as Piece.String: not a piece
		return
	}
	s := sfenLetters[pc.Type()]
	if pc.Color() == White {
		b.WriteString(s[:len(s)-1])
		b.WriteByte(s[len(s)-1] + 'a' - 'A')
		return
	}
	b.WriteString(s)
}

// HandSFEN writes the hand field of the SFEN in canonical order (R B G S N
// L P, Black first), "-" when both hands are empty.
func HandSFEN(black, white Hand) string {
	var b strings.Builder
	writeHands(&b, black, white)
	return b.String()
}

func writeHands(b *strings.Builder, black, white Hand) {
	n0 := b.Len()
	for c, h := range [2]Hand{black, white} {
		for _, pt := range HandTypes {
			n := h.Count(pt)
			if n == 0 {
				continue
			}
			if n > 1 {
				if n >= 10 {
					b.WriteByte(byte('0' + n/10))
				}
				b.WriteByte(byte('0' + n%10))
			}
			writePiece(b, NewPiece(Color(c), pt))
		}
	}
	if b.Len() == n0 {
		b.WriteByte('-')
	}
}

// SFEN4 writes the SFEN without the move number ("board side hands").
func (d *Setup) SFEN4() string {
	var b strings.Builder
	b.Grow(96)
	d.writeSFEN4(&b)
	return b.String()
}

func (d *Setup) writeSFEN4(b *strings.Builder) {
	d.writeBoard(b)
	b.WriteByte(' ')
	b.WriteString(d.Side.String())
	b.WriteByte(' ')
	writeHands(b, d.Hands[0], d.Hands[1])
}

// SFEN writes the canonical SFEN with the move number (at least 1).
func (d *Setup) SFEN() string {
	var b strings.Builder
	b.Grow(100)
	d.writeSFEN4(&b)
	b.WriteByte(' ')
	var num [20]byte
	b.Write(strconv.AppendInt(num[:0], int64(max(d.Ply, 1)), 10))
	return b.String()
}

// Setup is the position's board, hands, side to move and move number.
func (p *Position) Setup() Setup {
	return Setup{Squares: p.board, Hands: p.hands, Side: p.side, Ply: p.Ply()}
}

// FromSetup makes a Position of a setup and validates it as FromSFENWith
// does (its text form needs no parsing).
func FromSetup(d *Setup, opt SFENOptions) (*Position, error) {
	p := newEmptyPosition()
	if err := p.setSetup(d, opt); err != nil {
		return nil, &SFENError{SFEN: d.SFEN(), Msg: err.Error()}
	}
	return p, nil
}

// setSetup sets p to the setup's position: SetPieces does the checks and
// the key in one pass (there is one validator of positions).
func (p *Position) setSetup(d *Setup, opt SFENOptions) error {
	return p.SetPieces(&d.Squares, d.Hands, d.Side, max(d.Ply, 1), opt)
}
