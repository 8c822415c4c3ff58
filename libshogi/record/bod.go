package record

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/libshogi/libshogi/libshogi/board"
)

// BOD board diagrams: the hands, board and side-to-move block that KIF
// and KI2 records (and tsume collections) use for a start position; the
// reader's lines come from the shared KIF/KI2 reader in kif.go.

// Piece names on a BOD board.
var bodNames = [board.NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

type bodState struct {
	seen  bool
	d     Diagram
	rank  int
	sideW bool
}

func (k *kakinoki) bodLine(l, t string) (bool, error) {
	b := &k.bod
	for _, p := range []string{"先手の持駒", "下手の持駒", "後手の持駒", "上手の持駒"} {
		if strings.HasPrefix(t, p) {
			rest := strings.TrimLeft(t[len(p):], "：: ")
			col := board.Black
			if p == "後手の持駒" || p == "上手の持駒" {
				col = board.White
			}
			h, err := parseBODHand(rest)
			if err != nil {
				return true, k.errf("%s: %v", p, err)
			}
			b.seen = true
			b.d.Hands[col] = h
			return true, nil
		}
	}
	switch t {
	case "後手番", "上手番":
		b.sideW = true
		return true, nil
	case "先手番", "下手番":
		b.sideW = false
		return true, nil
	}
	if strings.HasPrefix(t, "+---") || strings.HasPrefix(t, "９ ８ ７") || strings.HasPrefix(t, "9 8 7") {
		return true, nil
	}
	if strings.HasPrefix(t, "|") {
		if b.rank >= 9 {
			return true, k.errf("board diagram has more than 9 ranks")
		}
		end := strings.LastIndex(t, "|")
		if end <= 0 {
			return true, k.errf("board line without a closing '|'")
		}
		cells := []rune(t[1:end])
		if len(cells) != 18 {
			return true, k.errf("board line has %d characters between '|', want 18", len(cells))
		}
		r := b.rank + 1
		for i := 0; i < 9; i++ {
			sign, name := cells[2*i], string(cells[2*i+1])
			sq := board.NewSquare(9-i, r)
			if name == "・" {
				b.d.Squares[sq] = board.NoPiece
				continue
			}
			pt, rest, ok := kifPiece(name)
			if !ok || rest != "" {
				return true, k.errf("board rank %d: unknown piece %q", r, name)
			}
			col := board.Black
			switch sign {
			case 'v', 'V':
				col = board.White
			case ' ', '^', '\u3000':
			default:
				return true, k.errf("board rank %d: bad mark %q", r, sign)
			}
			b.d.Squares[sq] = board.NewPiece(col, pt)
		}
		b.rank++
		b.seen = true
		return true, nil
	}
	return false, nil
}

func parseBODHand(s string) (board.Hand, error) {
	var h board.Hand
	s = strings.TrimSpace(s)
	if s == "なし" || s == "" {
		return 0, nil
	}
	for s != "" {
		s = strings.TrimLeft(s, " \u3000、,")
		if s == "" {
			break
		}
		pt, rest, ok := kifPiece(s)
		if !ok || pt < board.Pawn || pt > board.Gold {
			r, _ := utf8.DecodeRuneInString(s)
			return 0, fmt.Errorf("bad hand piece %q", r)
		}
		n, rest2 := kanjiNumber(rest)
		if n == 0 {
			n = 1
		}
		if h.Count(pt)+n > standardCount[pt] {
			return 0, fmt.Errorf("too many %s in hand", kifMoveNames[pt])
		}
		h = h.Set(pt, h.Count(pt)+n)
		s = rest2
	}
	return h, nil
}

// start fixes the start position once the header is over.
// FormatBOD writes a board diagram (hands, board, side to move).
func FormatBOD(d *Diagram, handicap bool) string {
	var b strings.Builder
	hand := func(c board.Color) {
		fmt.Fprintf(&b, "%sの持駒：", sideName(c, handicap))
		h := d.Hands[c]
		if h.Empty() {
			b.WriteString("なし")
		}
		for _, pt := range board.HandTypes {
			if n := h.Count(pt); n > 0 {
				b.WriteString(kifMoveNames[pt] + kanjiCount(n) + "\u3000")
			}
		}
		b.WriteByte('\n')
	}
	hand(board.White)
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n")
	for r := 1; r <= 9; r++ {
		b.WriteByte('|')
		for f := 9; f >= 1; f-- {
			p := d.Squares[board.NewSquare(f, r)]
			switch {
			case p == board.NoPiece:
				b.WriteString(" ・")
			case p.Color() == board.White:
				b.WriteString("v" + pieceName(&bodNames, p.Type()))
			default:
				b.WriteString(" " + pieceName(&bodNames, p.Type()))
			}
		}
		b.WriteString("|" + kanjiDigits[r] + "\n")
	}
	b.WriteString("+---------------------------+\n")
	hand(board.Black)
	if d.Side == board.White {
		b.WriteString(sideName(board.White, handicap) + "番\n")
	}
	return b.String()
}
