package record

import (
	"bytes"
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
// the format it read. A CSA file of several games (separated by "/") is an
// error that says so: ReadRecords reads them all. Text in UTF-16 or
// UTF-32, and text with no record in it (no header, position, move or
// ending), are errors too.
func ReadRecord(data []byte, f RecordFormat) (*Game, RecordFormat, error) {
	gs, f, err := ReadRecords(data, f)
	if err != nil {
		return nil, f, err
	}
	if len(gs) > 1 {
		return nil, f, &Error{Format: f.String(), Index: -1,
			Msg: fmt.Sprintf("the file holds %d games (separated by \"/\"): read them with ReadRecords", len(gs))}
	}
	return gs[0], f, nil
}

// ReadRecords is ReadRecord for a file that may hold several games (CSA
// separates them by "/"; the other formats hold one). Every game must be
// good: the first bad one is the error.
func ReadRecords(data []byte, f RecordFormat) ([]*Game, RecordFormat, error) {
	if msg := wideText(data); msg != "" {
		return nil, f, &Error{Format: "text", Index: -1, Msg: msg}
	}
	text, _ := DecodeText(data)
	if f == RecordAuto {
		f = DetectFormat(text)
	}
	if err := checkNoNUL(text, f); err != nil {
		return nil, f, err
	}
	var gs []*Game
	var err error
	switch f {
	case RecordCSA:
		gs, err = ParseCSAAll(text)
	case RecordKIF, RecordKI2, RecordUSI:
		var g *Game
		switch f {
		case RecordKIF:
			g, err = ParseKIF(text)
		case RecordKI2:
			g, err = ParseKI2(text)
		default:
			g, err = ParseUSI(text)
		}
		gs = []*Game{g}
	default:
		return nil, f, fmt.Errorf("unknown record format %d", f)
	}
	if err != nil {
		return nil, f, err
	}
	for i, g := range gs {
		// KIF and KI2 readers skip lines they do not know; CSA and USI
		// records always name a position.
		if (f == RecordKIF || f == RecordKI2) && g.isEmpty() {
			msg := "no record in the text: no header, position, move or ending (is it in another encoding?)"
			if len(gs) > 1 {
				msg = fmt.Sprintf("game %d: %s", i+1, msg)
			}
			return nil, f, &Error{Format: f.String(), Index: -1, Msg: msg}
		}
	}
	return gs, f, nil
}

// wideText says why data is UTF-16 or UTF-32 text ("" when it is not):
// a byte-order mark, or NUL bytes, which no record text holds.
func wideText(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}), bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32 text is not supported: convert it to UTF-8 or Shift_JIS"
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}), bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return "UTF-16 text is not supported: convert it to UTF-8 or Shift_JIS"
	case manyNULs(data):
		return "the text holds NUL bytes (UTF-16 or UTF-32 without a byte-order mark, or binary data): convert it to UTF-8 or Shift_JIS"
	}
	return "" // a stray NUL in real text is reported with its line (checkNoNUL)
}

// manyNULs: at least a quarter of the first 4 KiB are NUL bytes, as in
// UTF-16 or UTF-32 text of mostly ASCII (half or three quarters NUL).
func manyNULs(data []byte) bool {
	head := data[:min(len(data), 4096)]
	return len(head) > 0 && 4*bytes.Count(head, []byte{0}) >= len(head)
}

// isEmpty reports whether the reader found nothing: no header, player,
// handicap, comment, move or ending, and the even start position.
func (g *Game) isEmpty() bool {
	return len(g.Headers) == 0 && g.Black == "" && g.White == "" && g.Handicap == "" && g.Version == "" &&
		len(g.Root.Children) == 0 && len(g.Root.Comments) == 0 && g.Root.End == nil &&
		g.Start.SFEN() == board.StartSFEN
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
	if s := g.Start.SFEN(); s == board.StartSFEN {
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
		sfen, f = board.StartSFEN, f[1:]
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
	p, err := diagramPosition(&d)
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
	g := NewGame(q.Setup())
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
