package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The KIF and KI2 writers.

// KIFOptions control FormatKIF / FormatKI2.
type KIFOptions struct {
	Encoding Encoding // for WriteKIF/WriteKI2: ShiftJIS (default for .kif), UTF8 or UTF8BOM
}

// kifEndWord is the terminal word for an ending.
func kifEndWord(e *Ending) string {
	switch e.Kind {
	case EndResign:
		return "投了"
	case EndInterrupt, EndError:
		return "中断"
	case EndRepetition:
		return "千日手"
	case EndImpasse, EndMaxMoves, EndDeclareDraw:
		return "持将棋"
	case EndTimeUp:
		return "切れ負け"
	case EndIllegalMove:
		return "反則負け"
	case EndIllegalWin:
		return "反則勝ち"
	case EndIllegalBlack, EndIllegalWhite:
		if (e.Kind == EndIllegalBlack) == (e.Side == board.Black) {
			return "反則負け"
		}
		return "反則勝ち"
	case EndDeclareWin:
		return "入玉勝ち"
	case EndMate:
		return "詰み"
	case EndNoMate:
		return "不詰"
	case EndWinByDefault:
		return "不戦勝"
	case EndLossByDefault:
		return "不戦敗"
	case EndUnknown:
		return e.Text
	}
	return ""
}

func sideName(c board.Color, handicap bool) string {
	if handicap {
		return [2]string{"下手", "上手"}[c]
	}
	return [2]string{"先手", "後手"}[c]
}

// kifSummary is the "まで…" line for the end of the main line.
func kifSummary(moves int, e *Ending, handicap bool) string {
	pre := fmt.Sprintf("まで%d手で", moves)
	if e == nil {
		return ""
	}
	o := e.Outcome()
	winner := func() string {
		if o == BlackWin {
			return sideName(board.Black, handicap)
		}
		return sideName(board.White, handicap)
	}
	switch e.Kind {
	case EndRepetition:
		return pre + "千日手"
	case EndImpasse, EndMaxMoves, EndDeclareDraw:
		return pre + "持将棋"
	case EndInterrupt, EndError:
		return pre + "中断"
	case EndNoMate:
		return pre + "不詰"
	case EndTimeUp:
		return pre + "時間切れにより" + winner() + "の勝ち"
	case EndIllegalMove, EndIllegalWin, EndIllegalBlack, EndIllegalWhite:
		return pre + winner() + "の反則勝ち"
	case EndDeclareWin:
		return pre + winner() + "の入玉勝ち"
	}
	if o == BlackWin || o == WhiteWin {
		return pre + winner() + "の勝ち"
	}
	return ""
}

// writeKIFHeader writes the header and the start position. It returns
// whether the game is a handicap game and the number of the first move.
func writeKIFHeader(b *strings.Builder, g *Game) (bool, int) {
	h, ok := handicapOf(&g.Start)
	handicap := ok && h.Name != "even"
	for _, hd := range g.Headers {
		key := hd.Key
		for _, hk := range HeaderKeys {
			if hk.Name == key && hk.KIF != "" {
				key = hk.KIF
				break
			}
		}
		if !kifKeyOK(key) {
			continue
		}
		fmt.Fprintf(b, "%s：%s\n", key, oneLine(hd.Value))
	}
	first := 1
	if ok && h.KIF != "" {
		fmt.Fprintf(b, "手合割：%s\n", h.KIF)
	} else {
		b.WriteString(FormatBOD(&g.Start, handicap))
		if g.Start.Ply > 1 {
			first = g.Start.Ply
			fmt.Fprintf(b, "手数＝%d\n", first-1)
		}
	}
	fmt.Fprintf(b, "%s：%s\n", sideName(board.Black, handicap), oneLine(g.Black))
	fmt.Fprintf(b, "%s：%s\n", sideName(board.White, handicap), oneLine(g.White))
	return handicap, first
}

// kifKeyOK reports whether a header key can be written so that it reads
// back as the same header (not as a move, comment, diagram or special key).
func kifKeyOK(k string) bool {
	if k == "" || strings.ContainsAny(k, ":：\r\n") || strings.ContainsAny(k[:1], "0123456789*&#|+ \t") || isKI2Marker(k) {
		return false
	}
	for _, p := range []string{"変化", "まで", "手数", "\u3000"} {
		if strings.HasPrefix(k, p) {
			return false
		}
	}
	switch k {
	case "手合割", "先手", "後手", "下手", "上手":
		return false
	}
	return !strings.Contains(k, "の持駒")
}

// kifSquare writes a destination (７六); "？？" for a value that is no square.
func kifSquare(sq board.Square) string {
	if sq < 0 || sq >= board.NumSquares {
		return "？？"
	}
	return zenDigits[sq.File()] + kanjiDigits[sq.Rank()]
}

// kifMoveText writes the move part of a KIF move line (７六歩(77)).
func kifMoveText(m board.Move, prevTo board.Square, hasPrev bool) string {
	var s string
	if hasPrev && prevTo == m.To() {
		s = "同\u3000"
	} else {
		s = kifSquare(m.To())
	}
	s += pieceName(&kifMoveNames, m.Piece().Type())
	if m.IsDrop() {
		return s + "打"
	}
	if m.IsPromotion() {
		s += "成"
	}
	return s + fmt.Sprintf("(%d%d)", m.From().File(), m.From().Rank())
}

func fmtKIFTime(d, total time.Duration) string {
	s := int64(d / time.Second)
	t := int64(total / time.Second)
	return fmt.Sprintf("(%2d:%02d/%02d:%02d:%02d)", s/60, s%60, t/3600, t/60%60, t%60)
}

// displayWidth counts full-width characters as 2 columns.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 {
			w++
		} else {
			w += 2
		}
	}
	return w
}

// FormatKIF writes the game as KIF text with its variations.
func FormatKIF(g *Game) string {
	var b strings.Builder
	b.WriteString("# KIF形式棋譜ファイル libshogi\n")
	handicap, first := writeKIFHeader(&b, g)
	b.WriteString("手数----指手---------消費時間--\n")
	for _, c := range g.Root.Comments {
		b.WriteString("*" + oneLine(c) + "\n")
	}
	var totals [2]time.Duration
	var writeLine func(n *Node, ply int, totals [2]time.Duration, main bool)
	writeLine = func(n *Node, ply int, totals [2]time.Duration, main bool) {
		// n is the parent; its Children[0]... is written first.
		type branch struct {
			parent *Node
			ply    int
			totals [2]time.Duration
		}
		var branches []branch
		writeEnd := func(e *Ending, ply int, totals [2]time.Duration) {
			fmt.Fprintf(&b, "%4d %s", ply, kifEndWord(e))
			if e.HasTime && e.Side <= board.White {
				fmt.Fprintf(&b, "   %s", fmtKIFTime(e.Time, totals[e.Side]+e.Time))
			}
			b.WriteByte('\n')
		}
		for {
			if len(n.Children) == 0 {
				if n.End != nil {
					writeEnd(n.End, ply, totals)
				}
				break
			}
			// A node with moves after it and an ending: the ending is
			// written as a variation of its own.
			branching := len(n.Children) > 1 || n.End != nil
			if branching {
				branches = append(branches, branch{n, ply, totals})
			}
			c := n.Children[0]
			text := kifMoveText(c.Move, n.Move.To(), n.Parent != nil)
			fmt.Fprintf(&b, "%4d %s", ply, text)
			if c.HasTime {
				side := c.Move.Piece().Color()
				totals[side] += c.Time
				b.WriteString(strings.Repeat(" ", max(1, 14-displayWidth(text))))
				b.WriteString(fmtKIFTime(c.Time, totals[side]))
			}
			if branching {
				b.WriteString("+")
			}
			b.WriteByte('\n')
			if c.Bookmark != "" {
				b.WriteString("&" + oneLine(c.Bookmark) + "\n")
			}
			for _, cm := range c.Comments {
				b.WriteString("*" + oneLine(cm) + "\n")
			}
			n = c
			ply++
		}
		if main {
			if s := kifSummary(ply-first, n.End, handicap); s != "" {
				b.WriteString(s + "\n")
			}
		}
		for i := len(branches) - 1; i >= 0; i-- {
			br := branches[i]
			for _, alt := range br.parent.Children[1:] {
				fmt.Fprintf(&b, "\n変化：%d手\n", br.ply)
				// Write alt as the first move of a line, then continue.
				tmp := &Node{Move: br.parent.Move, Parent: br.parent.Parent, Children: []*Node{alt}}
				writeLine(tmp, br.ply, br.totals, false)
			}
			// The ending last: a variation must replace a move of the line
			// read before it, and this one has no move.
			if br.parent.End != nil {
				fmt.Fprintf(&b, "\n変化：%d手\n", br.ply)
				writeEnd(br.parent.End, br.ply, br.totals)
			}
		}
	}
	writeLine(g.Root, first, totals, true)
	return b.String()
}

// WriteKIF formats the game and encodes it (Shift_JIS unless o says otherwise;
// characters CP932 lacks make it an error).
func WriteKIF(g *Game, o KIFOptions) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return EncodeText(FormatKIF(g), o.Encoding)
}
