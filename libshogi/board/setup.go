package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
	var fields [4]string
	if n := splitFields(s, &fields); n < 3 || n > 4 {
		return bad("want 3 or 4 fields (board side hands [move number]), got %d", n)
	}
	// Board: ranks a..i separated by '/', each listing files 9..1.
	if n := strings.Count(fields[0], "/") + 1; n != 9 {
		return bad("board has %d ranks, want 9", n)
	}
	var count [NumPieceTypes]int
	rest := fields[0]
	for r := 0; r < 9; r++ {
		// A byte loop, not strings.IndexByte: its vector loads read past the
		// string's end (harmless, but memcheck reports them where a caller's
		// buffer is only partly written, as a book's short-line buffer is).
		i := 0
		for i < len(rest) && rest[i] != '/' {
			i++
		}
		row := rest[:i]
		rest = rest[min(i+1, len(rest)):]
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
	if fields[3] != "" {
		v, err := strconv.Atoi(fields[3])
		if err != nil || v < 1 || v > 1_000_000 || fields[3][0] < '0' || fields[3][0] > '9' {
			return bad("move number %q, want an integer 1..1000000", fields[3])
		}
		d.Ply = v
	}
	return d, nil
}

// splitFields splits s around white space as strings.Fields does, into
// out without allocating (SFEN text is parsed once per call in loops); it
// returns the number of fields, those past len(out) counted only. Text
// with non-ASCII bytes goes through strings.Fields itself (Unicode space).
func splitFields(s string, out *[4]string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			f := strings.Fields(s)
			copy(out[:], f)
			return len(f)
		}
	}
	n := 0
	for i := 0; i < len(s); {
		for i < len(s) && asciiSpace[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		j := i
		for j < len(s) && !asciiSpace[s[j]] {
			j++
		}
		if n < len(out) {
			out[n] = s[i:j]
		}
		n++
		i = j
	}
	return n
}

// asciiSpace: the ASCII bytes strings.Fields splits at.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

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
	var buf [192]byte
	return string(d.appendBoard(buf[:0]))
}

// The SFEN writers append to a byte slice: a caller with a buffer of its
// own (the C ABI's shogi_position_sfen, once per call in loops) writes
// with no allocation, and a piece is a table read, not a call.

// pieceText is the SFEN text of every piece code: the letter(s),
// lowercase for White, '.' for a code of no piece type: n bytes of b.
var pieceText = func() (t [256]struct {
	b [2]byte
	n uint8
}) {
	for i := range t {
		pc := Piece(i)
		if pc.Type() == NoPieceType || pc.Type() >= NumPieceTypes {
			t[i].b[0], t[i].n = '.', 1
			continue
		}
		s := sfenLetters[pc.Type()]
		t[i].n = uint8(copy(t[i].b[:], s))
		if pc.Color() == White {
			t[i].b[t[i].n-1] += 'a' - 'A'
		}
	}
	return t
}()

func appendPiece(dst []byte, pc Piece) []byte {
	e := &pieceText[pc]
	if e.n == 1 {
		return append(dst, e.b[0])
	}
	return append(dst, e.b[0], e.b[1])
}

func (d *Setup) appendBoard(dst []byte) []byte {
	for r := 1; r <= 9; r++ {
		empty := byte(0)
		for f := 9; f >= 1; f-- {
			pc := d.Squares[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, '0'+empty)
				empty = 0
			}
			dst = appendPiece(dst, pc)
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
		}
		if r < 9 {
			dst = append(dst, '/')
		}
	}
	return dst
}

// HandSFEN writes the hand field of the SFEN in canonical order (R B G S N
// L P, Black first), "-" when both hands are empty.
func HandSFEN(black, white Hand) string {
	var buf [64]byte
	return string(appendHands(buf[:0], black, white))
}

func appendHands(dst []byte, black, white Hand) []byte {
	n0 := len(dst)
	for c, h := range [2]Hand{black, white} {
		for _, pt := range HandTypes {
			n := h.Count(pt)
			if n == 0 {
				continue
			}
			if n > 1 {
				if n >= 10 {
					dst = append(dst, byte('0'+n/10))
				}
				dst = append(dst, byte('0'+n%10))
			}
			dst = appendPiece(dst, NewPiece(Color(c), pt))
		}
	}
	if len(dst) == n0 {
		dst = append(dst, '-')
	}
	return dst
}

// SFEN4 writes the SFEN without the move number ("board side hands").
func (d *Setup) SFEN4() string {
	var buf [256]byte
	return string(d.appendSFEN4(buf[:0]))
}

func (d *Setup) appendSFEN4(dst []byte) []byte {
	dst = d.appendBoard(dst)
	dst = append(dst, ' ')
	dst = append(dst, d.Side.String()...)
	dst = append(dst, ' ')
	return appendHands(dst, d.Hands[0], d.Hands[1])
}

// SFEN writes the canonical SFEN with the move number (at least 1).
func (d *Setup) SFEN() string {
	var buf [256]byte
	return string(d.AppendSFEN(buf[:0]))
}

// AppendSFEN appends the canonical SFEN (what SFEN returns) to dst.
func (d *Setup) AppendSFEN(dst []byte) []byte {
	dst = d.appendSFEN4(dst)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(max(d.Ply, 1)), 10)
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
