// Package record reads and writes shogi game records and training data:
// CSA (V2.2/V3.0), KIF/KI2 (Shift_JIS or UTF-8), PackedSfen and
// PackedSfenValue, hcp, hcpe and hcpe3, and both move16 conventions.
//
// Binary codecs work on a Diagram (a plain board, hands and side to move)
// so that they need no move generation; Diagram converts to and from
// board.Position through SFEN. Text records are read into a Game: headers,
// a start position and a tree of moves (main line plus variations).
//
// Nothing in this package panics on bad input: every reader returns an
// *Error that names the line (text) or record index (binary) and the fault.
// Training-data readers (PSVReader, HCPEReader, HCPE3Reader) stop on a bad
// record or skip it, as the caller's ErrorPolicy says.
//
// Conventions of the Game tree: Root.Children[0] continues the main line;
// a KIF "*text" and a CSA "'*text" line both become the comment "text", so
// engine lines ("**..." / "'**...") keep one leading '*' and convert
// between the formats (Node.EngineScore reads their score). CSA comments
// that are not "'*" are for programs and are not kept. CSA and USI hold
// only the main line; KIF and KI2 keep variations. Writers take moves with
// their piece bits (as the board package makes them); Game.Validate adds
// them to a tree built from bare move16 values, and the Write* functions
// call it.
package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Error is what every reader returns for bad input. Line is the 1-based line
// of a text record (0 if unknown); Index is the 0-based record number in a
// binary file (-1 if not applicable).
type Error struct {
	Format string // "csa", "kif", "ki2", "psv", "hcpe", "hcpe3", "psfen", "hcp", "sfen"
	Line   int
	Index  int64
	Msg    string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", e.Format, e.Line, e.Msg)
	case e.Index >= 0:
		return fmt.Sprintf("%s: record %d: %s", e.Format, e.Index, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Format, e.Msg)
}

func lineErr(format string, line int, f string, a ...any) *Error {
	return &Error{Format: format, Line: line, Index: -1, Msg: fmt.Sprintf(f, a...)}
}

func recErr(format string, index int64, f string, a ...any) *Error {
	return &Error{Format: format, Index: index, Msg: fmt.Sprintf(f, a...)}
}

// Diagram is a position without history: 81 squares, both hands, the side to
// move and the SFEN move number. It is the neutral form that the binary
// codecs read and write.
type Diagram struct {
	Squares [board.NumSquares]board.Piece
	Hands   [2]board.Hand
	Side    board.Color
	Ply     int // SFEN move number, 1 for an initial position
}

// StartSFEN is the even (平手) start position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// standardCount is the number of each type (by base type) in a full set.
var standardCount = [9]int{0, 18, 4, 4, 4, 2, 2, 4, 2}

var sfenPieceLetter = [board.NumPieceTypes]byte{0, 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K', 'P', 'L', 'N', 'S', 'B', 'R'}

func sfenLetterType(c byte) (board.PieceType, board.Color, bool) {
	col := board.Black
	if c >= 'a' && c <= 'z' {
		col = board.White
		c -= 'a' - 'A'
	}
	for pt := board.Pawn; pt <= board.King; pt++ {
		if sfenPieceLetter[pt] == c {
			return pt, col, true
		}
	}
	return 0, 0, false
}

// ParseDiagram reads an SFEN ("<board> <side> <hand> [<ply>]"; a leading
// "sfen " is accepted, "startpos" too). It checks the syntax and piece
// counts, not the rules (a side to move may be in check, pawns may be
// doubled): binary formats store such positions too.
func ParseDiagram(sfen string) (Diagram, error) {
	var d Diagram
	fail := func(f string, a ...any) (Diagram, error) {
		return Diagram{}, &Error{Format: "sfen", Index: -1, Msg: fmt.Sprintf("%q: ", sfen) + fmt.Sprintf(f, a...)}
	}
	s := strings.TrimSpace(sfen)
	s = strings.TrimPrefix(s, "sfen ")
	if s == "startpos" {
		s = StartSFEN
	}
	f := strings.Fields(s)
	if len(f) < 3 || len(f) > 4 {
		return fail("want 3 or 4 fields")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 9 {
		return fail("board has %d ranks, want 9", len(rows))
	}
	var count [9]int
	for r, row := range rows {
		file := 9
		prom := false
		for i := 0; i < len(row); i++ {
			c := row[i]
			switch {
			case c == '+':
				if prom {
					return fail("rank %d: double '+'", r+1)
				}
				prom = true
			case c >= '1' && c <= '9':
				if prom {
					return fail("rank %d: '+' before a digit", r+1)
				}
				file -= int(c - '0')
				if file < 0 {
					return fail("rank %d: more than 9 squares", r+1)
				}
			default:
				pt, col, ok := sfenLetterType(c)
				if !ok {
					return fail("rank %d: bad piece letter %q", r+1, c)
				}
				if file < 1 {
					return fail("rank %d: more than 9 squares", r+1)
				}
				if prom {
					if !pt.CanPromote() {
						return fail("rank %d: %q cannot promote", r+1, c)
					}
					pt = pt.Promoted()
				}
				count[pt.Unpromoted()]++
				d.Squares[board.NewSquare(file, r+1)] = board.NewPiece(col, pt)
				file--
				prom = false
			}
		}
		if file != 0 || prom {
			return fail("rank %d: %d squares, want 9", r+1, 9-file)
		}
	}
	switch f[1] {
	case "b":
		d.Side = board.Black
	case "w":
		d.Side = board.White
	default:
		return fail("side to move %q, want b or w", f[1])
	}
	if f[2] != "-" {
		n := 0
		digits := 0
		for i := 0; i < len(f[2]); i++ {
			c := f[2][i]
			if c >= '0' && c <= '9' {
				n = n*10 + int(c-'0')
				digits++
				if digits > 2 {
					return fail("hand count too long")
				}
				continue
			}
			pt, col, ok := sfenLetterType(c)
			if !ok || pt == board.King {
				return fail("bad hand piece %q", c)
			}
			if digits == 0 {
				n = 1
			}
			if n == 0 {
				return fail("hand count 0")
			}
			count[pt] += n
			if count[pt] > standardCount[pt] {
				return fail("too many %c", sfenPieceLetter[pt])
			}
			d.Hands[col] = d.Hands[col].Set(pt, d.Hands[col].Count(pt)+n)
			n, digits = 0, 0
		}
		if digits != 0 {
			return fail("hand ends with a count")
		}
	}
	for pt := board.Pawn; pt <= board.King; pt++ {
		if count[pt] > standardCount[pt] {
			return fail("too many %c (%d)", sfenPieceLetter[pt], count[pt])
		}
	}
	for c := board.Black; c <= board.White; c++ {
		if d.kingCount(c) > 1 {
			return fail("two %v kings", c)
		}
	}
	d.Ply = 1
	if len(f) == 4 {
		n, err := board.ParseMoveNumber(f[3])
		if err != nil {
			return fail("bad %v", err)
		}
		d.Ply = n
	}
	return d, nil
}

func (d *Diagram) kingCount(c board.Color) int {
	n := 0
	k := board.NewPiece(c, board.King)
	for _, p := range d.Squares {
		if p == k {
			n++
		}
	}
	return n
}

// KingSquare is the square of c's king, NoSquare if it has none.
func (d *Diagram) KingSquare(c board.Color) board.Square {
	k := board.NewPiece(c, board.King)
	for s, p := range d.Squares {
		if p == k {
			return board.Square(s)
		}
	}
	return board.NoSquare
}

// BoardSFEN writes the board field of the SFEN.
func (d *Diagram) BoardSFEN() string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			p := d.Squares[board.NewSquare(f, r)]
			if p == board.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(p.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// HandSFEN writes the hand field of the SFEN in canonical order (R B G S N L
// P, Black first), "-" when both hands are empty.
func HandSFEN(black, white board.Hand) string {
	var b strings.Builder
	for c, h := range [2]board.Hand{black, white} {
		for _, pt := range board.HandTypes {
			n := h.Count(pt)
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteString(strconv.Itoa(n))
			}
			l := sfenPieceLetter[pt]
			if c == 1 {
				l += 'a' - 'A'
			}
			b.WriteByte(l)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// SFEN writes the canonical SFEN with the move number.
func (d *Diagram) SFEN() string {
	ply := d.Ply
	if ply < 1 {
		ply = 1
	}
	return d.BoardSFEN() + " " + d.Side.String() + " " + HandSFEN(d.Hands[0], d.Hands[1]) + " " + strconv.Itoa(ply)
}

// SFEN4 writes the SFEN without the move number ("board side hand").
func (d *Diagram) SFEN4() string {
	return d.BoardSFEN() + " " + d.Side.String() + " " + HandSFEN(d.Hands[0], d.Hands[1])
}

// counts returns the number of pieces of each base type on the board and in
// both hands (kings included).
func (d *Diagram) counts() [9]int {
	var n [9]int
	for _, p := range d.Squares {
		if p != board.NoPiece {
			n[p.Type().Unpromoted()]++
		}
	}
	for c := 0; c < 2; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			n[pt] += d.Hands[c].Count(pt)
		}
	}
	return n
}
