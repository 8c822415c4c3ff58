package record

import (
	"fmt"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

var ki2Markers = []struct {
	s string
	c board.Color
}{{"▲", board.Black}, {"△", board.White}, {"☗", board.Black}, {"☖", board.White}, {"▼", board.Black}, {"▽", board.White}}

func isKI2Marker(t string) bool {
	for _, m := range ki2Markers {
		if strings.HasPrefix(t, m.s) {
			return true
		}
	}
	return false
}

// ki2Line reads a line of KI2 moves ("▲７六歩　△３四歩").
func (k *kakinoki) ki2Line(t string) error {
	if !k.started {
		if err := k.start(); err != nil {
			return err
		}
	}
	for t != "" {
		var col board.Color
		found := false
		for _, m := range ki2Markers {
			if strings.HasPrefix(t, m.s) {
				col, found = m.c, true
				t = t[len(m.s):]
				break
			}
		}
		if !found {
			return k.errf("expected ▲ or △ at %q", t)
		}
		end := len(t)
		for i := range t {
			if isKI2Marker(t[i:]) {
				end = i
				break
			}
		}
		tok := strings.TrimRight(t[:end], " \t\u3000")
		t = t[end:]
		if k.ended {
			return k.errf("move after the end of the line")
		}
		if col != k.pos.SideToMove() {
			return k.errf("move %q: it is %s's turn", tok, colorWord(k.pos.SideToMove()))
		}
		m, err := k.ki2Move(tok)
		if err != nil {
			return k.errf("%v", err)
		}
		k.addMove(m)
	}
	return nil
}

// KI2 modifiers.
const (
	modRight = 1 << iota
	modLeft
	modStraight
	modUp
	modDown
	modSide
	modDrop
)

var ki2Mods = []struct {
	s   string
	bit int
}{{"右", modRight}, {"左", modLeft}, {"直", modStraight}, {"上", modUp}, {"行", modUp}, {"入", modUp}, {"引", modDown}, {"寄", modSide}, {"打", modDrop}}

func (k *kakinoki) ki2Move(tok string) (board.Move, error) {
	to, rest, err := k.parseDest(tok)
	if err != nil {
		return 0, err
	}
	pt, rest, ok := kifPiece(rest)
	if !ok {
		return 0, fmt.Errorf("unknown piece in %q", tok)
	}
	mods := 0
	for {
		matched := false
		for _, m := range ki2Mods {
			if strings.HasPrefix(rest, m.s) {
				mods |= m.bit
				rest = rest[len(m.s):]
				matched = true
			}
		}
		if !matched {
			break
		}
	}
	promote := -1 // -1 unspecified, 0 declined, 1 promotes
	switch {
	case strings.HasPrefix(rest, "不成"):
		promote, rest = 0, rest[len("不成"):]
	case strings.HasPrefix(rest, "生"):
		promote, rest = 0, rest[len("生"):]
	case strings.HasPrefix(rest, "成"):
		promote, rest = 1, rest[len("成"):]
	}
	if rest != "" {
		return 0, fmt.Errorf("move %q: cannot read %q", tok, rest)
	}
	var ml board.MoveList
	k.pos.GenerateLegal(&ml)
	var cands []board.Move
	var drop board.Move
	for _, m := range ml.Slice() {
		if m.To() != to {
			continue
		}
		if m.IsDrop() {
			if m.DropType() == pt {
				drop = m
			}
			continue
		}
		if m.Piece().Type() != pt {
			continue
		}
		if promote == 1 && !m.IsPromotion() || promote <= 0 && m.IsPromotion() {
			continue
		}
		cands = append(cands, m)
	}
	if mods&modDrop != 0 || (len(cands) == 0 && drop != 0 && promote < 0 && mods == 0) {
		if drop == 0 {
			return 0, fmt.Errorf("illegal drop %q in %s", tok, k.pos.SFEN())
		}
		return drop, nil
	}
	cands = ki2Filter(cands, mods, k.pos.SideToMove())
	switch len(cands) {
	case 0:
		return 0, fmt.Errorf("no legal move matches %q in %s", tok, k.pos.SFEN())
	case 1:
		if promote < 0 && canPromote(cands[0]) {
			// A move that could promote but does not must say 不成; be
			// lenient and take the non-promotion (as most readers do).
		}
		return cands[0], nil
	}
	return 0, fmt.Errorf("move %q is ambiguous in %s", tok, k.pos.SFEN())
}

// canPromote reports whether a board move could have been written with 成.
func canPromote(m board.Move) bool {
	if m.IsDrop() || !m.Piece().Type().CanPromote() {
		return false
	}
	c := m.Piece().Color()
	return inZone(c, m.From()) || inZone(c, m.To())
}

func inZone(c board.Color, s board.Square) bool {
	if c == board.Black {
		return s.Rank() <= 3
	}
	return s.Rank() >= 7
}

// forward is how far a move goes towards the opponent (positive = up for
// the mover); side is the sideways offset towards the mover's right.
func moveDelta(m board.Move, c board.Color) (fwd, right int) {
	fr, ff := m.From().Rank(), m.From().File()
	tr, tf := m.To().Rank(), m.To().File()
	if c == board.Black {
		return fr - tr, ff - tf
	}
	return tr - fr, tf - ff
}

// ki2Filter keeps the candidates that match the modifiers: first the
// direction (上 引 寄), then 直, then 右/左 (the extreme piece on that side
// from the mover's view).
func ki2Filter(cands []board.Move, mods int, c board.Color) []board.Move {
	keep := func(f func(board.Move) bool) {
		out := cands[:0:0]
		for _, m := range cands {
			if f(m) {
				out = append(out, m)
			}
		}
		cands = out
	}
	if mods&modUp != 0 {
		keep(func(m board.Move) bool { f, _ := moveDelta(m, c); return f > 0 })
	}
	if mods&modDown != 0 {
		keep(func(m board.Move) bool { f, _ := moveDelta(m, c); return f < 0 })
	}
	if mods&modSide != 0 {
		keep(func(m board.Move) bool { f, _ := moveDelta(m, c); return f == 0 })
	}
	if mods&modStraight != 0 {
		keep(func(m board.Move) bool { f, r := moveDelta(m, c); return f > 0 && r == 0 })
	}
	if mods&(modRight|modLeft) != 0 && len(cands) > 1 {
		// The piece on the mover's right has the smallest file for Black.
		key := func(m board.Move) int {
			f := m.From().File()
			if c == board.White {
				f = 10 - f
			}
			if mods&modLeft != 0 {
				f = -f
			}
			return f
		}
		best := key(cands[0])
		for _, m := range cands[1:] {
			best = min(best, key(m))
		}
		keep(func(m board.Move) bool { return key(m) == best })
	}
	return cands
}

// ki2Text writes a move in KI2 notation (without the side marker) for the
// position p (before the move).
func ki2Text(p *board.Position, m board.Move, prevTo board.Square, hasPrev bool) string {
	var s string
	if hasPrev && prevTo == m.To() {
		s = "同"
	} else {
		s = kifSquare(m.To())
	}
	pt := m.Piece().Type()
	if m.IsDrop() {
		pt = m.DropType()
	}
	s += pieceName(&kifMoveNames, pt)
	var ml board.MoveList
	p.GenerateLegal(&ml)
	var same []board.Move
	boardCanReach := false
	for _, o := range ml.Slice() {
		if o.To() != m.To() || o.IsDrop() || o.Piece().Type() != pt {
			continue
		}
		boardCanReach = true
		if o.IsPromotion() == m.IsPromotion() {
			same = append(same, o)
		}
	}
	if m.IsDrop() {
		if boardCanReach {
			s += "打"
		}
		return s
	}
	if len(same) > 1 {
		c := p.SideToMove()
		fwd, _ := moveDelta(m, c)
		dir := modSide
		if fwd > 0 {
			dir = modUp
		} else if fwd < 0 {
			dir = modDown
		}
		for _, mods := range []int{dir, modStraight, modRight, modLeft, modRight | dir, modLeft | dir, modStraight | dir} {
			if r := ki2Filter(same, mods, c); len(r) == 1 && uint16(r[0]) == uint16(m) {
				s += modString(mods)
				break
			}
		}
	}
	if m.IsPromotion() {
		s += "成"
	} else if canPromote(m) {
		s += "不成"
	}
	return s
}

func modString(mods int) string {
	var s string
	for _, m := range []struct {
		bit int
		s   string
	}{{modRight, "右"}, {modLeft, "左"}, {modStraight, "直"}, {modUp, "上"}, {modDown, "引"}, {modSide, "寄"}} {
		if mods&m.bit != 0 {
			s += m.s
		}
	}
	return s
}

// FormatKI2 writes the game as KI2 text with its variations.
func FormatKI2(g *Game) (string, error) {
	var b strings.Builder
	handicap, first := writeKIFHeader(&b, g)
	for _, c := range g.Root.Comments {
		b.WriteString("*" + oneLine(c) + "\n")
	}
	var firstErr error
	var writeLine func(parent *Node, start *Node, ply int)
	writeLine = func(parent *Node, start *Node, ply int) {
		p, err := g.replayTo(parent)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return
		}
		type branch struct {
			parent *Node
			ply    int
		}
		var branches []branch
		n := parent
		c := start
		perLine := 0
		for c != nil {
			if (len(n.Children) > 1 || n.End != nil) && c == n.Children[0] {
				branches = append(branches, branch{n, ply})
			}
			if !p.IsLegal(c.Move) {
				if firstErr == nil {
					firstErr = fmt.Errorf("ki2: illegal move %s at ply %d", c.Move.USI(), ply)
				}
				return
			}
			mark := "▲"
			if p.SideToMove() == board.White {
				mark = "△"
			}
			txt := mark + ki2Text(p, c.Move, n.Move.To(), n.Parent != nil)
			if perLine > 0 {
				b.WriteString(strings.Repeat(" ", max(1, 10-displayWidth(txt)/2)))
			}
			b.WriteString(txt)
			perLine++
			p.DoMove(c.Move)
			if len(c.Comments) > 0 || c.Bookmark != "" || perLine == 6 {
				b.WriteByte('\n')
				perLine = 0
				if c.Bookmark != "" {
					b.WriteString("&" + oneLine(c.Bookmark) + "\n")
				}
				for _, cm := range c.Comments {
					b.WriteString("*" + oneLine(cm) + "\n")
				}
			}
			n = c
			ply++
			if len(n.Children) == 0 {
				break
			}
			c = n.Children[0]
		}
		if perLine > 0 {
			b.WriteByte('\n')
		}
		if n.End != nil {
			if s := kifSummary(ply-first, n.End, handicap); s != "" {
				b.WriteString(s + "\n")
			}
		}
		for i := len(branches) - 1; i >= 0; i-- {
			br := branches[i]
			for _, alt := range br.parent.Children[1:] {
				fmt.Fprintf(&b, "\n変化：%d手\n", br.ply)
				writeLine(br.parent, alt, br.ply)
			}
			if e := br.parent.End; e != nil {
				if s := kifSummary(br.ply-first, e, handicap); s != "" {
					fmt.Fprintf(&b, "\n変化：%d手\n%s\n", br.ply, s)
				}
			}
		}
	}
	if len(g.Root.Children) > 0 {
		writeLine(g.Root, g.Root.Children[0], first)
	} else if g.Root.End != nil {
		if s := kifSummary(0, g.Root.End, handicap); s != "" {
			b.WriteString(s + "\n")
		}
	}
	return b.String(), firstErr
}

// WriteKI2 formats the game as KI2 and encodes it.
func WriteKI2(g *Game, o KIFOptions) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	s, err := FormatKI2(g)
	if err != nil {
		return nil, err
	}
	return EncodeText(s, o.Encoding)
}
