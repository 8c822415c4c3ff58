package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// CSA piece names by piece type.
var csaNames = [board.NumPieceTypes]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}

func csaPieceType(s string) (board.PieceType, bool) {
	for pt := board.Pawn; pt < board.NumPieceTypes; pt++ {
		if csaNames[pt] == s {
			return pt, true
		}
	}
	return 0, false
}

var csaEndings = map[string]EndKind{
	"TORYO": EndResign, "CHUDAN": EndInterrupt, "SENNICHITE": EndRepetition, "TIME_UP": EndTimeUp,
	"ILLEGAL_MOVE": EndIllegalMove, "+ILLEGAL_ACTION": EndIllegalBlack, "-ILLEGAL_ACTION": EndIllegalWhite,
	"JISHOGI": EndImpasse, "KACHI": EndDeclareWin, "HIKIWAKE": EndDeclareDraw, "MAX_MOVES": EndMaxMoves,
	"TSUMI": EndMate, "FUZUMI": EndNoMate, "ERROR": EndError,
}

// csaCell parses a square "77" (file, rank; "00" = hand).
func csaSquare(s string) (board.Square, bool, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false, false
	}
	if s == "00" {
		return 0, true, true
	}
	f, r := int(s[0]-'0'), int(s[1]-'0')
	if f == 0 || r == 0 {
		return 0, false, false
	}
	return board.NewSquare(f, r), false, true
}

// ParseCSA reads the first game of a CSA record (text already decoded, or
// bytes in UTF-8 / Shift_JIS: see ReadCSA).
func ParseCSA(text string) (*Game, error) {
	gs, err := parseCSA(text, true)
	if err != nil {
		return nil, err
	}
	return gs[0], nil
}

// ParseCSAAll reads every game of a CSA file (games separated by "/").
func ParseCSAAll(text string) ([]*Game, error) {
	return parseCSA(text, false)
}

// ReadCSA decodes the bytes (UTF-8, with or without BOM, or Shift_JIS) and
// reads the first game.
func ReadCSA(data []byte) (*Game, error) {
	s, _ := DecodeText(data)
	return ParseCSA(s)
}

type csaParser struct {
	g        *Game
	line     int
	d        Diagram // position being set up
	setup    int     // 0 none, 1 PI, 2 P1-P9 / P+ P-
	rows     [10]bool
	pos      *board.Position
	cur      *Node
	lastMove *Node // node that T/comment lines attach to
	ended    bool
}

func (c *csaParser) errf(f string, a ...any) error { return lineErr("csa", c.line, f, a...) }

func parseCSA(text string, firstOnly bool) ([]*Game, error) {
	var games []*Game
	c := &csaParser{}
	c.reset()
	lines := splitLines(text)
	if len(lines) > 0 {
		lines[0] = strings.TrimPrefix(lines[0], "\ufeff")
	}
	for i, raw := range lines {
		c.line = i + 1
		l := strings.TrimRight(raw, " \t")
		if l == "/" {
			if err := c.finish(); err != nil {
				return nil, err
			}
			games = append(games, c.g)
			if firstOnly {
				return games, nil
			}
			c.reset()
			continue
		}
		if l == "" {
			continue
		}
		var stmts []string
		switch l[0] {
		case '\'', 'N', '$':
			stmts = []string{l}
		default:
			stmts = strings.Split(l, ",")
		}
		for _, s := range stmts {
			if err := c.statement(s); err != nil {
				return nil, err
			}
		}
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	return append(games, c.g), nil
}

func (c *csaParser) reset() {
	*c = csaParser{line: c.line, g: &Game{Root: &Node{}}}
	c.lastMove = c.g.Root
}

func (c *csaParser) finish() error {
	if c.pos == nil {
		return c.errf("no start position (a '+' or '-' line ends it)")
	}
	return nil
}

func (c *csaParser) statement(s string) error {
	if s == "" {
		return nil
	}
	switch {
	case s[0] == '\'':
		if strings.HasPrefix(s, "'*") {
			c.lastMove.Comments = append(c.lastMove.Comments, s[2:])
		}
		return nil
	case s[0] == 'V':
		if c.pos != nil || c.setup != 0 {
			return c.errf("version line %q after the position", s)
		}
		c.g.Version = s
		return nil
	case s[0] == 'N':
		if len(s) < 2 || (s[1] != '+' && s[1] != '-') {
			return c.errf("bad name line %q (want N+ or N-)", s)
		}
		if s[1] == '+' {
			c.g.Black = s[2:]
		} else {
			c.g.White = s[2:]
		}
		return nil
	case s[0] == '$':
		k, v, ok := strings.Cut(s, ":")
		if !ok {
			return c.errf("bad info line %q (want $KEY:value)", s)
		}
		for _, h := range HeaderKeys {
			if h.CSA == k {
				k = h.Name
				break
			}
		}
		c.g.Headers = append(c.g.Headers, Header{k, v})
		return nil
	case s[0] == 'P':
		return c.setupLine(s)
	case s == "+" || s == "-":
		return c.sideLine(s)
	case s[0] == '+' || s[0] == '-':
		return c.move(s)
	case s[0] == 'T':
		if c.ended && c.cur.End.HasTime || !c.ended && (c.lastMove == c.g.Root || c.lastMove.HasTime) {
			return c.errf("time %q not after a move", s)
		}
		sec, err := strconv.ParseFloat(s[1:], 64)
		if err != nil || sec < 0 || math.IsInf(sec, 0) || sec > 1e9 {
			return c.errf("bad time %q", s)
		}
		d := time.Duration(math.Round(sec*1000)) * time.Millisecond
		if c.ended {
			c.cur.End.Time, c.cur.End.HasTime = d, true
		} else {
			c.lastMove.Time, c.lastMove.HasTime = d, true
		}
		return nil
	case s[0] == '%':
		if s == "%MATTA" {
			return nil
		}
		k, ok := csaEndings[s[1:]]
		if !ok {
			return c.errf("unknown terminal statement %q", s)
		}
		if c.pos == nil {
			return c.errf("%s before the start position", s)
		}
		if c.ended {
			return c.errf("%s after the end of the game", s)
		}
		c.cur.End = &Ending{Kind: k, Side: c.pos.SideToMove(), Line: c.line}
		c.ended = true
		return nil
	}
	return c.errf("unknown statement %q", s)
}

func (c *csaParser) setupLine(s string) error {
	if c.pos != nil {
		return c.errf("position line %q after the side to move", s)
	}
	if len(s) < 2 {
		return c.errf("bad position line %q", s)
	}
	switch {
	case s[1] == 'I':
		if c.setup != 0 {
			return c.errf("PI mixed with other position lines")
		}
		c.setup = 1
		d, _ := ParseDiagram(board.StartSFEN)
		c.d = d
		for r := s[2:]; r != ""; r = r[min(4, len(r)):] {
			if len(r) < 4 {
				return c.errf("bad PI removal %q", r)
			}
			sq, hand, ok := csaSquare(r[:2])
			pt, ok2 := csaPieceType(r[2:4])
			if !ok || hand || !ok2 {
				return c.errf("bad PI removal %q", r[:4])
			}
			if c.d.Squares[sq].Type() != pt {
				return c.errf("PI removal %q: no %s on that square", r[:4], r[2:4])
			}
			c.d.Squares[sq] = board.NoPiece
		}
		return nil
	case s[1] >= '1' && s[1] <= '9':
		if c.setup == 1 {
			return c.errf("P%c mixed with PI", s[1])
		}
		c.setup = 2
		r := int(s[1] - '0')
		if c.rows[r] {
			return c.errf("rank P%d given twice", r)
		}
		c.rows[r] = true
		cells := s[2:]
		if len(cells) > 27 {
			return c.errf("rank P%d: line too long", r)
		}
		cells += strings.Repeat(" ", 27-len(cells))
		for i := 0; i < 9; i++ {
			cell := cells[3*i : 3*i+3]
			sq := board.NewSquare(9-i, r)
			if cell == " * " || cell == "   " {
				c.d.Squares[sq] = board.NoPiece
				continue
			}
			pt, ok := csaPieceType(cell[1:])
			if !ok || (cell[0] != '+' && cell[0] != '-') {
				return c.errf("rank P%d: bad cell %q", r, cell)
			}
			c.d.Squares[sq] = board.NewPiece(colorOfSign(cell[0]), pt)
		}
		return nil
	case s[1] == '+' || s[1] == '-':
		if c.setup == 1 {
			return c.errf("P%c mixed with PI", s[1])
		}
		c.setup = 2
		col := colorOfSign(s[1])
		for r := s[2:]; r != ""; r = r[min(4, len(r)):] {
			if len(r) < 4 {
				return c.errf("bad piece %q in %q", r, s)
			}
			sq, hand, ok := csaSquare(r[:2])
			if !ok {
				return c.errf("bad square %q in %q", r[:2], s)
			}
			if r[2:4] == "AL" {
				if !hand {
					return c.errf("AL only goes with square 00")
				}
				n := pieceCounts(&c.d)
				for pt := board.Pawn; pt <= board.Gold; pt++ {
					h := c.d.Hands[col]
					c.d.Hands[col] = h.Set(pt, h.Count(pt)+standardCount[pt]-n[pt])
				}
				continue
			}
			pt, ok := csaPieceType(r[2:4])
			if !ok {
				return c.errf("bad piece %q in %q", r[2:4], s)
			}
			if hand {
				if pt < board.Pawn || pt > board.Gold {
					return c.errf("%s cannot be in hand", r[2:4])
				}
				h := c.d.Hands[col]
				if h.Count(pt) >= standardCount[pt] {
					return c.errf("too many %s in hand", r[2:4])
				}
				c.d.Hands[col] = h.Add(pt)
				continue
			}
			c.d.Squares[sq] = board.NewPiece(col, pt)
		}
		return nil
	}
	return c.errf("bad position line %q", s)
}

func colorOfSign(b byte) board.Color {
	if b == '-' {
		return board.White
	}
	return board.Black
}

func (c *csaParser) sideLine(s string) error {
	if c.pos != nil {
		return c.errf("second side-to-move line %q", s)
	}
	if c.setup == 0 {
		return c.errf("side to move %q without a position (PI, P1-P9 or P+/P-)", s)
	}
	c.d.Side = colorOfSign(s[0])
	c.d.Ply = 1
	p, err := diagramPosition(&c.d)
	if err != nil {
		return c.errf("bad position: %v", err)
	}
	c.pos = p
	c.g.Start = c.d
	c.cur = c.g.Root
	return nil
}

func (c *csaParser) move(s string) error {
	if c.pos == nil {
		return c.errf("move %q before the start position", s)
	}
	if c.ended {
		return c.errf("move %q after the end of the game", s)
	}
	if len(s) != 7 {
		return c.errf("bad move %q (want like +7776FU)", s)
	}
	m, err := csaMove(c.pos, s)
	if err != nil {
		return c.errf("%v", err)
	}
	c.pos.DoMove(m)
	c.cur = c.cur.AddChild(m)
	c.cur.Line = c.line
	c.lastMove = c.cur
	return nil
}

// csaMove resolves CSA move text in a position; the move must be legal.
func csaMove(p *board.Position, s string) (board.Move, error) {
	side := colorOfSign(s[0])
	if side != p.SideToMove() {
		return 0, fmt.Errorf("move %q: it is %s's turn", s, colorWord(p.SideToMove()))
	}
	from, drop, ok1 := csaSquare(s[1:3])
	to, toHand, ok2 := csaSquare(s[3:5])
	pt, ok3 := csaPieceType(s[5:7])
	if !ok1 || !ok2 || !ok3 || toHand {
		return 0, fmt.Errorf("bad move %q", s)
	}
	var m board.Move
	if drop {
		if pt < board.Pawn || pt > board.Gold {
			return 0, fmt.Errorf("move %q: %s cannot be dropped", s, s[5:7])
		}
		m = board.NewDrop(board.NewPiece(side, pt), to)
	} else {
		pc := p.PieceOn(from)
		if pc == board.NoPiece || pc.Color() != side {
			return 0, fmt.Errorf("move %q: no %s piece on %s", s, colorWord(side), s[1:3])
		}
		promote := false
		switch {
		case pc.Type() == pt:
		case pc.Type().CanPromote() && pc.Type().Promoted() == pt:
			promote = true
		default:
			return 0, fmt.Errorf("move %q: the piece on %s is %s", s, s[1:3], pieceName(&csaNames, pc.Type()))
		}
		m = board.NewBoardMove(from, to, promote, pc)
	}
	if !p.IsLegal(m) {
		return 0, fmt.Errorf("illegal move %q in %s", s, p.SFEN())
	}
	return m, nil
}

func colorWord(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}

// CSAMove writes a move as CSA text (+7776FU). The move must carry its piece
// (as moves from the board package do).
func CSAMove(m board.Move) string {
	pc := m.Piece()
	sign := "+"
	if pc.Color() == board.White {
		sign = "-"
	}
	pt := pc.Type()
	if m.IsPromotion() {
		pt = pt.Promoted()
	}
	from := "00"
	if !m.IsDrop() {
		from = csaSq(m.From())
	}
	return sign + from + csaSq(m.To()) + pieceName(&csaNames, pt)
}

func csaSq(s board.Square) string {
	return string([]byte{byte('0' + s.File()), byte('0' + s.Rank())})
}

// CSAOptions control WriteCSA.
type CSAOptions struct {
	Version  string   // "V3.0" (default) or "V2.2"
	Encoding Encoding // V3.0 writes an encoding line; default UTF-8
}

var csaEndNames = map[EndKind]string{
	EndResign: "%TORYO", EndInterrupt: "%CHUDAN", EndRepetition: "%SENNICHITE", EndTimeUp: "%TIME_UP",
	EndIllegalMove: "%ILLEGAL_MOVE", EndIllegalBlack: "%+ILLEGAL_ACTION", EndIllegalWhite: "%-ILLEGAL_ACTION",
	EndImpasse: "%JISHOGI", EndDeclareWin: "%KACHI", EndDeclareDraw: "%HIKIWAKE", EndMaxMoves: "%MAX_MOVES",
	EndMate: "%TSUMI", EndNoMate: "%FUZUMI", EndError: "%ERROR",
}

func csaEndName(e *Ending, version string) string {
	switch e.Kind {
	case EndIllegalWin:
		// The previous mover (the side not to move) acted illegally.
		if e.Side == board.White {
			return "%+ILLEGAL_ACTION"
		}
		return "%-ILLEGAL_ACTION"
	case EndWinByDefault, EndLossByDefault:
		return "%CHUDAN"
	case EndMaxMoves:
		if version == "V2.2" {
			return "%JISHOGI"
		}
	}
	return csaEndNames[e.Kind]
}

func csaTime(d time.Duration, version string) string {
	if version == "V2.2" {
		return "T" + strconv.FormatInt(int64(d/time.Second), 10)
	}
	ms := d.Milliseconds()
	if ms%1000 == 0 {
		return "T" + strconv.FormatInt(ms/1000, 10)
	}
	return "T" + strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64)
}

// FormatCSA writes the main line of the game as CSA text. Variations have
// no CSA form and are left out; header keys without a CSA name too.
func FormatCSA(g *Game, o CSAOptions) string {
	v := o.Version
	if v == "" {
		v = "V3.0"
	}
	var b strings.Builder
	nl := func(s string) { b.WriteString(s); b.WriteByte('\n') }
	if v == "V3.0" {
		if o.Encoding == ShiftJIS {
			nl("'CSA encoding=SHIFT_JIS")
		} else {
			nl("'CSA encoding=UTF-8")
		}
	}
	nl(v)
	if g.Black != "" {
		nl("N+" + oneLine(g.Black))
	}
	if g.White != "" {
		nl("N-" + oneLine(g.White))
	}
	for _, h := range g.Headers {
		k := h.Key
		for _, hk := range HeaderKeys {
			if hk.Name == k {
				k = hk.CSA
				break
			}
		}
		if !strings.HasPrefix(k, "$") {
			continue
		}
		nl(k + ":" + oneLine(h.Value))
	}
	writeCSAPosition(&b, &g.Start)
	for _, c := range g.Root.Comments {
		nl("'*" + oneLine(c))
	}
	n := g.Root
	for {
		if n.End != nil && len(n.Children) == 0 {
			name := csaEndName(n.End, v)
			if name == "" {
				break // CSA has no word for it (an unknown end)
			}
			nl(name)
			if n.End.HasTime {
				nl(csaTime(n.End.Time, v))
			}
			break
		}
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
		nl(CSAMove(n.Move))
		if n.HasTime {
			nl(csaTime(n.Time, v))
		}
		for _, c := range n.Comments {
			nl("'*" + oneLine(c))
		}
	}
	return b.String()
}

// WriteCSA formats the game and encodes it as o.Encoding.
func WriteCSA(g *Game, o CSAOptions) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return EncodeText(FormatCSA(g, o), o.Encoding)
}

func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

func writeCSAPosition(b *strings.Builder, d *Diagram) {
	if h, ok := handicapOf(d); ok && h.CSA != "" && d.Hands[0].Empty() {
		b.WriteString(h.CSA + "\n")
	} else {
		for r := 1; r <= 9; r++ {
			fmt.Fprintf(b, "P%d", r)
			for f := 9; f >= 1; f-- {
				p := d.Squares[board.NewSquare(f, r)]
				if p == board.NoPiece {
					b.WriteString(" * ")
					continue
				}
				if p.Color() == board.Black {
					b.WriteByte('+')
				} else {
					b.WriteByte('-')
				}
				b.WriteString(pieceName(&csaNames, p.Type()))
			}
			b.WriteByte('\n')
		}
		for c := board.Black; c <= board.White; c++ {
			h := d.Hands[c]
			if h.Empty() {
				continue
			}
			if c == board.Black {
				b.WriteString("P+")
			} else {
				b.WriteString("P-")
			}
			for _, pt := range board.HandTypes {
				for i := h.Count(pt); i > 0; i-- {
					b.WriteString("00" + csaNames[pt])
				}
			}
			b.WriteByte('\n')
		}
	}
	if d.Side == board.Black {
		b.WriteString("+\n")
	} else {
		b.WriteString("-\n")
	}
}
