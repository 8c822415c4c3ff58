// Package record reads and writes shogi game records and training data:
// CSA (V2.2/V3.0), KIF/KI2 (Shift_JIS or UTF-8), PackedSfen and
// PackedSfenValue, hcp, hcpe and hcpe3 (the move16 conventions are board's).
//
// Binary codecs work on a Diagram (board.Setup: a plain board, hands and
// side to move) so that they need no move generation; board.FromSetup and
// Position.Setup convert it to and from board.Position without text. Text records are read into a Game: headers,
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

// Diagram is a position without history: board.Setup, the library's one
// setup type (81 squares, both hands, the side to move, the SFEN move
// number). It is the neutral form that the binary codecs read and write;
// board.FromSetup makes a Position of it without going through text.
type Diagram = board.Setup

// standardCount is the number of each type (by base type) in a full set.
var standardCount = board.FullSet

var sfenPieceLetter = [board.NumPieceTypes]byte{0, 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K', 'P', 'L', 'N', 'S', 'B', 'R'}

// ParseDiagram reads an SFEN with board.ParseSetup (syntax and piece
// counts, not the rules: binary formats store positions no game reaches
// too) and reports a fault as an *Error of format "sfen".
func ParseDiagram(sfen string) (Diagram, error) {
	d, err := board.ParseSetup(sfen)
	if err != nil {
		msg := err.Error()
		if se, ok := err.(*board.SFENError); ok {
			msg = fmt.Sprintf("%q: %s", sfen, se.Msg)
		}
		return Diagram{}, &Error{Format: "sfen", Index: -1, Msg: msg}
	}
	return d, nil
}

// pieceCounts returns the number of pieces of each base type on the board
// and in both hands (kings included).
func pieceCounts(d *Diagram) [board.NumPieceTypes]int {
	var n [board.NumPieceTypes]int
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
