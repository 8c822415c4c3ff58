package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the even-game start position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// NewPosition returns the start position.
func NewPosition() *Position {
	p, err := FromSFEN(StartSFEN)
	if err != nil {
		panic(err) // the constant is valid; a failure here is a bug in this package
	}
	return p
}

// SFENError describes what is wrong with an SFEN string.
type SFENError struct {
	SFEN string
	Msg  string
}

func (e *SFENError) Error() string { return fmt.Sprintf("sfen %q: %s", e.SFEN, e.Msg) }

// letterTypes maps an uppercase SFEN letter to its type (0: not a piece).
var letterTypes = [256]PieceType{
	'P': Pawn, 'L': Lance, 'N': Knight, 'S': Silver, 'B': Bishop, 'R': Rook, 'G': Gold, 'K': King,
}

// FromSFEN parses an SFEN ("sfen " prefix and "startpos" accepted) and
// validates it strictly. Only the piece placement, side and hands are
// required; the move number defaults to 1.
func FromSFEN(s string) (*Position, error) {
	return FromSFENWith(s, SFENOptions{})
}

// SetSFEN replaces p by the position of an SFEN, reusing p's buffers: a
// loop over many SFENs allocates nothing. On error p is unchanged.
func (p *Position) SetSFEN(s string, opt SFENOptions) error {
	q := Position{kingSq: [2]Square{NoSquare, NoSquare}, startPly: 1}
	// q borrows p's history buffer; setSFEN writes its state only on success.
	if cap(p.states) == 0 {
		p.states = make([]stateInfo, 1, initialStateCap)
	}
	q.states = p.states[:1]
	if err := q.setSFEN(s, opt); err != nil {
		return err
	}
	q.perftLists = p.perftLists
	*p = q
	return nil
}

// SFENOptions relaxes the strict validation for composed positions.
type SFENOptions struct {
	// AllowOpponentInCheck accepts a position whose side not to move is in
	// check (some mate-problem and rule-test positions). Such a king can be
	// captured; the generator then treats it like any other piece.
	AllowOpponentInCheck bool
	// AllowDeadPieces accepts pawns, lances and knights on ranks they can
	// never leave.
	AllowDeadPieces bool
}

// ParseMoveNumber reads the move number field of an SFEN: decimal digits
// only (no sign, no spaces: "+5" is not a move number), 1..1000000.
func ParseMoveNumber(s string) (int, error) {
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || v > 1_000_000 {
			return 0, fmt.Errorf("move number %q, want an integer 1..1000000", s)
		}
		v = 10*v + int(s[i]-'0')
	}
	if v < 1 || v > 1_000_000 {
		return 0, fmt.Errorf("move number %q, want an integer 1..1000000", s)
	}
	return v, nil
}

// FromSFENWith parses an SFEN with the given validation options.
func FromSFENWith(s string, opt SFENOptions) (*Position, error) {
	p := newEmptyPosition()
	if err := p.setSFEN(s, opt); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Position) setSFEN(orig string, opt SFENOptions) error {
	bad := func(format string, args ...any) error {
		return &SFENError{SFEN: orig, Msg: fmt.Sprintf(format, args...)}
	}
	s := strings.TrimSpace(orig)
	if s == "startpos" {
		s = StartSFEN
	}
	s = strings.TrimPrefix(s, "sfen ")
	fields := strings.Fields(s)
	if len(fields) < 3 || len(fields) > 4 {
		return bad("want 3 or 4 fields (board side hands [move number]), got %d", len(fields))
	}
	// Board: ranks a..i separated by '/', each listing files 9..1.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 9 {
		return bad("board has %d ranks, want 9", len(ranks))
	}
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
			up := ch
			c := Black
			if ch >= 'a' && ch <= 'z' {
				up = ch - 'a' + 'A'
				c = White
			}
			pt := letterTypes[up]
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
			sq := NewSquare(file, r+1)
			if pt == King && p.kingSq[c] != NoSquare {
				return bad("%s has two kings", colorName(c))
			}
			p.putPiece(NewPiece(c, pt), sq)
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
		p.side = Black
	case "w":
		p.side = White
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
			up, c := ch, Black
			if ch >= 'a' && ch <= 'z' {
				up, c = ch-'a'+'A', White
			}
			pt := letterTypes[up]
			if pt == NoPieceType || pt == King {
				return bad("unknown hand piece %q", ch)
			}
			if p.hands[c].Count(pt) != 0 {
				return bad("hand lists %q twice", ch)
			}
			if n > MaxInHand[pt] {
				return bad("%d %q in hand, at most %d exist", n, ch, MaxInHand[pt])
			}
			p.hands[c] = p.hands[c].Set(pt, n)
		}
	}
	if len(fields) == 4 {
		v, err := ParseMoveNumber(fields[3])
		if err != nil {
			return bad("%v", err)
		}
		p.startPly = v
	}
	if err := p.validate(opt); err != nil {
		return bad("%s", err.Error())
	}
	*p.st() = stateInfo{key: p.computeKey(), checkers: p.computeCheckers()}
	return nil
}

func colorName(c Color) string {
	if c == Black {
		return "black"
	}
	return "white"
}

// validate checks piece counts, dead pieces, nifu and the side not to move
// being in check.
func (p *Position) validate(opt SFENOptions) error {
	var counts [8]int
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		pt := pc.Type()
		if pt != King {
			counts[pt.Unpromoted()]++
		}
		rr := relativeRank(pc.Color(), s)
		switch {
		case opt.AllowDeadPieces:
		case (pt == Pawn || pt == Lance) && rr == 1:
			return fmt.Errorf("%s %s on %s can never move", colorName(pc.Color()), pc, s)
		case pt == Knight && rr <= 2:
			return fmt.Errorf("%s %s on %s can never move", colorName(pc.Color()), pc, s)
		}
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			counts[pt] += p.hands[c].Count(pt)
		}
	}
	for pt := Pawn; pt <= Gold; pt++ {
		if counts[pt] > MaxInHand[pt] {
			return fmt.Errorf("%d pieces of type %s on board and in hand, at most %d exist", counts[pt], sfenLetters[pt], MaxInHand[pt])
		}
	}
	for c := Black; c <= White; c++ {
		for f := 1; f <= 9; f++ {
			if p.PiecesOf(c, Pawn).And(fileBB[f]).MoreThanOne() {
				return fmt.Errorf("%s has two unpromoted pawns on file %d (nifu)", colorName(c), f)
			}
		}
	}
	them := p.side.Opp()
	if k := p.kingSq[them]; k != NoSquare && !opt.AllowOpponentInCheck && p.Attacked(p.side, k, p.occupied) {
		return fmt.Errorf("the side not to move (%s) is in check", colorName(them))
	}
	return nil
}

// SFEN writes the canonical SFEN: hands in the order R B G S N L P, Black first.
func (p *Position) SFEN() string {
	var b strings.Builder
	b.Grow(96)
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.side.String())
	b.WriteByte(' ')
	b.WriteString(p.handString())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.Ply()))
	return b.String()
}

func (p *Position) handString() string {
	var b strings.Builder
	for c := Black; c <= White; c++ {
		for _, pt := range HandTypes {
			n := p.hands[c].Count(pt)
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteString(strconv.Itoa(n))
			}
			b.WriteString(NewPiece(c, pt).String())
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// String is the SFEN.
func (p *Position) String() string { return p.SFEN() }
