package record

import (
	"fmt"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// RecordFormat names a game-record format.
type RecordFormat uint8

const (
	RecordAuto RecordFormat = iota // detect on read
	RecordCSA
	RecordKIF
	RecordKI2
	RecordUSI // "sfen <start> moves ..." or "startpos moves ..." (one line)
)

func (f RecordFormat) String() string {
	return [...]string{"auto", "csa", "kif", "ki2", "usi"}[f]
}

// DetectFormat guesses the format of decoded record text: CSA if its first
// meaningful line is a CSA statement, USI for a position command, KIF if
// it has numbered move lines, else KI2 if it has ▲/△ moves, else KIF.
func DetectFormat(text string) RecordFormat {
	lines := splitLines(strings.TrimPrefix(text, "\ufeff"))
	kif, ki2 := false, false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if i < 40 && !kif && !ki2 {
			switch {
			case strings.HasPrefix(t, "'CSA") || t == "V2" || strings.HasPrefix(t, "V2.") || strings.HasPrefix(t, "V3."),
				strings.HasPrefix(t, "PI") || strings.HasPrefix(t, "P1") || strings.HasPrefix(t, "P+") || strings.HasPrefix(t, "P-"),
				strings.HasPrefix(t, "N+") || strings.HasPrefix(t, "N-"), strings.HasPrefix(t, "$"):
				return RecordCSA
			case strings.HasPrefix(t, "sfen ") || strings.HasPrefix(t, "startpos") || strings.HasPrefix(t, "position "):
				return RecordUSI
			}
		}
		if t[0] >= '0' && t[0] <= '9' {
			kif = true
		} else if isKI2Marker(t) {
			ki2 = true
		}
	}
	if ki2 && !kif {
		return RecordKI2
	}
	return RecordKIF
}

// ReadRecord decodes bytes (UTF-8 with or without BOM, or Shift_JIS) and
// reads a record of the given format (RecordAuto detects it). It returns
// the format it read.
func ReadRecord(data []byte, f RecordFormat) (*Game, RecordFormat, error) {
	text, _ := DecodeText(data)
	if f == RecordAuto {
		f = DetectFormat(text)
	}
	if err := checkNoNUL(text, f); err != nil {
		return nil, f, err
	}
	var g *Game
	var err error
	switch f {
	case RecordCSA:
		g, err = ParseCSA(text)
	case RecordKIF:
		g, err = ParseKIF(text)
	case RecordKI2:
		g, err = ParseKI2(text)
	case RecordUSI:
		g, err = ParseUSI(text)
	default:
		return nil, f, fmt.Errorf("unknown record format %d", f)
	}
	return g, f, err
}

// WriteRecord writes the game in format f (not RecordAuto) and encoding e.
// CSA and USI keep only the main line; USI has no comments or times.
func WriteRecord(g *Game, f RecordFormat, e Encoding) ([]byte, error) {
	switch f {
	case RecordCSA:
		return WriteCSA(g, CSAOptions{Encoding: e})
	case RecordKIF:
		return WriteKIF(g, KIFOptions{Encoding: e})
	case RecordKI2:
		return WriteKI2(g, KIFOptions{Encoding: e})
	case RecordUSI:
		if err := g.Validate(); err != nil {
			return nil, err
		}
		return EncodeText(FormatUSIText(g)+"\n", e)
	}
	return nil, fmt.Errorf("cannot write record format %v", f)
}

// FormatUSIText writes the main line as a USI position command argument:
// "startpos moves 7g7f ..." or "sfen <start> moves ...".
func FormatUSIText(g *Game) string {
	var b strings.Builder
	if s := g.Start.SFEN(); s == StartSFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen " + s)
	}
	ms := g.Moves()
	if len(ms) > 0 {
		b.WriteString(" moves")
		for _, m := range ms {
			b.WriteString(" " + m.USI())
		}
	}
	return b.String()
}

// ParseUSI reads "[position] startpos|sfen <sfen> [moves m1 m2 ...]".
func ParseUSI(text string) (*Game, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if i := strings.IndexAny(t, "\r\n"); i >= 0 {
		t = t[:i]
	}
	f := strings.Fields(t)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	fail := func(m string, a ...any) (*Game, error) { return nil, lineErr("usi", 1, m, a...) }
	var sfen string
	switch {
	case len(f) > 0 && f[0] == "startpos":
		sfen, f = StartSFEN, f[1:]
	case len(f) >= 4 && f[0] == "sfen":
		n := 4
		if len(f) >= 5 && f[4] != "moves" {
			n = 5
		}
		sfen, f = strings.Join(f[1:n], " "), f[n:]
	default:
		return fail("want startpos or sfen <sfen>")
	}
	d, err := ParseDiagram(sfen)
	if err != nil {
		return fail("%s", err.(*Error).Msg)
	}
	g := NewGame(d)
	p, err := board.FromSFEN(d.SFEN())
	if err != nil {
		return fail("bad position: %v", err)
	}
	if len(f) > 0 {
		if f[0] != "moves" {
			return fail("unexpected %q", f[0])
		}
		n := g.Root
		for i, s := range f[1:] {
			m, err := p.ParseMove(s)
			if err != nil {
				return fail("move %d %q: %v", i+1, s, err)
			}
			p.DoMove(m)
			n = n.AddChild(m)
		}
	}
	return g, nil
}

// GameFromPosition makes a record of a position's history: the start is
// the position before its first move, the main line the moves done on it.
func GameFromPosition(p *board.Position) (*Game, error) {
	q := p.Clone()
	moves := make([]board.Move, q.GamePlyFromRoot())
	for i := len(moves) - 1; i >= 0; i-- {
		moves[i] = q.LastMove()
		if moves[i].IsSpecial() {
			return nil, fmt.Errorf("the history holds a null move at ply %d", i+1)
		}
		q.UndoMove()
	}
	g := NewGame(DiagramOf(q))
	n := g.Root
	for _, m := range moves {
		n = n.AddChild(m)
	}
	return g, nil
}

// PositionAt returns a position after the first ply moves of the main line,
// with those moves in its history.
func (g *Game) PositionAt(ply int) (*board.Position, error) {
	p, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	ml := g.MainLine()
	if ply < 0 || ply > len(ml) {
		return nil, fmt.Errorf("ply %d is outside 0..%d", ply, len(ml))
	}
	for _, n := range ml[:ply] {
		p.DoMove(n.Move)
	}
	return p, nil
}
