package board

import (
	"fmt"
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
	// Tsume validates a mate problem: the side not to move (the defender)
	// must have a king, and the side to move (the attacker) may have none.
	Tsume bool
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
	d, err := ParseSetup(orig)
	if err != nil {
		return err
	}
	if err := p.setSetup(&d, opt); err != nil {
		return &SFENError{SFEN: orig, Msg: err.Error()}
	}
	return nil
}

func colorName(c Color) string {
	if c == Black {
		return "black"
	}
	return "white"
}

// SFEN writes the canonical SFEN: hands in the order R B G S N L P, Black first.
func (p *Position) SFEN() string {
	d := p.Setup()
	return d.SFEN()
}

// String is the SFEN.
func (p *Position) String() string { return p.SFEN() }
