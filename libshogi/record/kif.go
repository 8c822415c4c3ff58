package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The KIF/KI2 reader (Kakinoki formats) that both formats share: headers,
// BOD start positions (bod.go), moves (KI2's move text in ki2.go),
// variations, comments and endings. The writers are in kifwrite.go.

// Piece names in KIF/KI2 move text (the piece before the move).
var kifMoveNames = [board.NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

// kifPieceAliases are accepted on input, longest first.
var kifPieceAliases = []struct {
	s  string
	pt board.PieceType
}{
	{"成香", board.ProLance}, {"成桂", board.ProKnight}, {"成銀", board.ProSilver},
	{"歩", board.Pawn}, {"香", board.Lance}, {"桂", board.Knight}, {"銀", board.Silver},
	{"金", board.Gold}, {"角", board.Bishop}, {"飛", board.Rook}, {"玉", board.King}, {"王", board.King},
	{"と", board.ProPawn}, {"杏", board.ProLance}, {"圭", board.ProKnight}, {"全", board.ProSilver},
	{"馬", board.Horse}, {"龍", board.Dragon}, {"竜", board.Dragon},
}

func kifPiece(s string) (board.PieceType, string, bool) {
	for _, a := range kifPieceAliases {
		if strings.HasPrefix(s, a.s) {
			return a.pt, s[len(a.s):], true
		}
	}
	return 0, s, false
}

var kanjiDigits = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
var zenDigits = []string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}

// kanjiNumber reads 一..十八 (and ASCII digits) at the start of s.
func kanjiNumber(s string) (int, string) {
	if n := len(s) - len(strings.TrimLeft(s, "0123456789")); n > 0 {
		v, _ := strconv.Atoi(s[:min(n, 3)])
		return v, s[n:]
	}
	v := 0
	if strings.HasPrefix(s, "十") {
		v = 10
		s = s[len("十"):]
	}
	for d := 1; d <= 9; d++ {
		if strings.HasPrefix(s, kanjiDigits[d]) {
			return v + d, s[len(kanjiDigits[d]):]
		}
	}
	return v, s
}

func kanjiCount(n int) string {
	if n <= 1 {
		return ""
	}
	if n < 10 {
		return kanjiDigits[n]
	}
	return "十" + kanjiDigits[n-10]
}

// digitAt reads a full-width or ASCII digit 1-9 at the start of s.
func digitAt(s string) (int, string, bool) {
	for d := 1; d <= 9; d++ {
		if strings.HasPrefix(s, zenDigits[d]) {
			return d, s[len(zenDigits[d]):], true
		}
	}
	if s != "" && s[0] >= '1' && s[0] <= '9' {
		return int(s[0] - '0'), s[1:], true
	}
	return 0, s, false
}

func kanjiRankAt(s string) (int, string, bool) {
	for d := 1; d <= 9; d++ {
		if strings.HasPrefix(s, kanjiDigits[d]) {
			return d, s[len(kanjiDigits[d]):], true
		}
	}
	return digitAt(s)
}

var kifEndWords = []struct {
	s string
	k EndKind
}{
	{"投了", EndResign}, {"中断", EndInterrupt}, {"千日手", EndRepetition}, {"持将棋", EndImpasse},
	{"不詰", EndNoMate}, {"詰み", EndMate}, {"詰", EndMate}, {"切れ負け", EndTimeUp}, {"時間切れ", EndTimeUp},
	{"反則勝ち", EndIllegalWin}, {"反則負け", EndIllegalMove}, {"入玉勝ち", EndDeclareWin},
	{"不戦勝", EndWinByDefault}, {"不戦敗", EndLossByDefault}, {"封じ手", EndInterrupt},
	// Other writers' words: cshogi's exporter writes 入玉宣言 for a
	// declaration win; 宣言勝ち is another spelling.
	{"入玉宣言", EndDeclareWin}, {"宣言勝ち", EndDeclareWin}, {"最大手数", EndMaxMoves},
}

// looksLikeEndWord reports whether the text of a numbered KIF line is a
// word rather than a move: a move starts with its destination (a digit or
// 同).
func looksLikeEndWord(body string) (string, bool) {
	f := strings.Fields(strings.ReplaceAll(body, "\u3000", " "))
	if len(f) == 0 {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(f[0])
	switch {
	case r >= '0' && r <= '9', r >= '０' && r <= '９', strings.ContainsRune("一二三四五六七八九同", r):
		return "", false
	case r < 0x80 && r != '*':
		return "", false // ASCII text is a broken move, not a Japanese end word
	}
	return f[0], true
}

// kakinoki is the shared reader of KIF and KI2.
type kakinoki struct {
	format  string // "kif" or "ki2"
	g       *Game
	line    int
	handi   string
	bod     bodState
	pos     *board.Position
	path    []*Node // path[k] is the node at ply k on the line read last
	started bool
	ended   bool // the current line has a terminal
	offset  int  // moves played before the start position (BOD 手数＝N)
	// unknown counts header-area lines skipped as free text; a text made
	// only of such lines is not a record at all.
	unknown int
}

func (k *kakinoki) errf(f string, a ...any) error { return lineErr(k.format, k.line, f, a...) }

// ParseKIF reads a KIF record from decoded text.
func ParseKIF(text string) (*Game, error) { return parseKakinoki(text, "kif") }

// ParseKI2 reads a KI2 record from decoded text.
func ParseKI2(text string) (*Game, error) { return parseKakinoki(text, "ki2") }

// ReadKIF detects the encoding (Shift_JIS/CP932, UTF-8, UTF-8 with BOM) and
// reads a KIF record. It also returns the encoding found.
func ReadKIF(data []byte) (*Game, Encoding, error) {
	s, e := DecodeText(data)
	g, err := ParseKIF(s)
	return g, e, err
}

// ReadKI2 is ReadKIF for KI2.
func ReadKI2(data []byte) (*Game, Encoding, error) {
	s, e := DecodeText(data)
	g, err := ParseKI2(s)
	return g, e, err
}

func parseKakinoki(text, format string) (*Game, error) {
	k := &kakinoki{format: format, g: &Game{Root: &Node{}}}
	lines := splitLines(strings.TrimPrefix(text, "\ufeff"))
	content := 0
	for i, l := range lines {
		k.line = i + 1
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			content++
		}
		if err := k.lineIn(l); err != nil {
			return nil, err
		}
	}
	if content > 0 && k.unknown == content {
		return nil, lineErr(format, 1, "not a %s record: no header, board diagram, move or comment found", strings.ToUpper(format))
	}
	if !k.started {
		if err := k.start(); err != nil {
			return nil, err
		}
	}
	return k.g, nil
}

func (k *kakinoki) cur() *Node { return k.path[len(k.path)-1] }

func (k *kakinoki) lineIn(raw string) error {
	l := strings.TrimRight(raw, " \t\u3000")
	t := strings.TrimLeft(l, " \t\u3000")
	switch {
	case t == "" || strings.HasPrefix(t, "#"):
		return nil
	case strings.HasPrefix(t, "*"):
		if !k.started {
			k.g.Root.Comments = append(k.g.Root.Comments, t[1:])
			return nil
		}
		n := k.cur()
		n.Comments = append(n.Comments, t[1:])
		return nil
	case strings.HasPrefix(t, "&"):
		if k.started {
			k.cur().Bookmark = t[1:]
		}
		return nil
	case strings.HasPrefix(t, "変化"):
		return k.variation(t)
	case strings.HasPrefix(t, "まで"):
		return k.summary(t)
	case strings.HasPrefix(t, "手数＝") || strings.HasPrefix(t, "手数="):
		if !k.started {
			s := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(t, "手数＝"), "手数="), " ")
			i := len(s) - len(strings.TrimLeft(s, "0123456789"))
			if i > 0 && i < 6 {
				k.offset, _ = strconv.Atoi(s[:i])
			}
		}
		return nil
	case strings.HasPrefix(t, "手数----"):
		return nil
	}
	if k.format == "kif" {
		if t[0] >= '0' && t[0] <= '9' {
			return k.kifMove(t)
		}
	} else if isKI2Marker(t) {
		return k.ki2Line(t)
	}
	if !k.started {
		if done, err := k.bodLine(l, t); done || err != nil {
			return err
		}
		if key, val, ok := cutHeader(t); ok {
			return k.header(key, val)
		}
	}
	if !k.started {
		// Unknown free text in the header (盤面回転, titles, ...) is skipped.
		k.unknown++
		return nil
	}
	// Some writers put headers such as 終了日時 after the moves.
	if key, val, ok := cutHeader(t); ok && !strings.ContainsAny(key, " \t") {
		return k.header(key, val)
	}
	return k.errf("cannot read line %q", t)
}

func cutHeader(t string) (string, string, bool) {
	i := strings.Index(t, "：")
	j := strings.Index(t, ":")
	switch {
	case i >= 0 && (j < 0 || i < j):
		return t[:i], strings.TrimSpace(t[i+len("："):]), i > 0
	case j > 0:
		return t[:j], strings.TrimSpace(t[j+1:]), true
	}
	return "", "", false
}

func (k *kakinoki) header(key, val string) error {
	switch key {
	case "手合割":
		k.handi = val
		k.g.Handicap = val
		return nil
	case "先手", "下手":
		k.g.Black = val
		return nil
	case "後手", "上手":
		k.g.White = val
		return nil
	}
	for _, h := range HeaderKeys {
		if h.KIF == key {
			key = h.Name
			break
		}
	}
	k.g.Headers = append(k.g.Headers, Header{key, val})
	return nil
}

// bodLine reads the lines of a board diagram.
func (k *kakinoki) start() error {
	k.started = true
	var d Diagram
	switch {
	case k.bod.seen:
		if k.bod.rank != 9 && k.bod.rank != 0 {
			return k.errf("board diagram has %d ranks, want 9", k.bod.rank)
		}
		d = k.bod.d
		if k.bod.rank == 0 {
			// Hands only: the board comes from the handicap (or even).
			h, err := handicapDiagram(k.handi)
			if err != nil {
				return k.errf("%v", err)
			}
			d.Squares = h.Squares
		}
		d.Side = board.Black
		if k.bod.sideW {
			d.Side = board.White
		}
		d.Ply = 1 + k.offset
	default:
		h, err := handicapDiagram(k.handi)
		if err != nil {
			return k.errf("%v", err)
		}
		d = h
		k.offset = 0
	}
	p, err := diagramPosition(&d)
	if err != nil {
		return k.errf("bad start position: %v", err)
	}
	k.g.Start = d
	k.pos = p
	k.path = []*Node{k.g.Root}
	return nil
}

func handicapDiagram(name string) (Diagram, error) {
	if name == "" {
		return ParseDiagram(board.StartSFEN)
	}
	for _, h := range board.Handicaps {
		if h.KIF == name && h.KIF != "" {
			return ParseDiagram(h.SFEN)
		}
	}
	return Diagram{}, fmt.Errorf("手合割 %q needs a board diagram", name)
}

func (k *kakinoki) variation(t string) error {
	if !k.started {
		return k.errf("変化 before any move")
	}
	s := strings.TrimLeft(t[len("変化"):], "：: ")
	n, rest := 0, s
	if i := len(s) - len(strings.TrimLeft(s, "0123456789")); i > 0 && i < 6 {
		n, _ = strconv.Atoi(s[:i])
		rest = s[i:]
	} else {
		n, rest = kanjiNumber(s)
	}
	if !strings.HasPrefix(rest, "手") || n < 1 {
		return k.errf("bad variation line %q (want 変化：N手)", t)
	}
	n -= k.offset
	if n < 1 || n > len(k.path)-1 {
		return k.errf("変化：%d手 but the line read last has moves %d to %d", n+k.offset, k.offset+1, k.offset+len(k.path)-1)
	}
	k.path = k.path[:n]
	p, err := k.g.replayTo(k.cur())
	if err != nil {
		return k.errf("%v", err)
	}
	k.pos = p
	k.ended = false
	return nil
}

func (k *kakinoki) setEnd(kind EndKind) {
	k.cur().End = &Ending{Kind: kind, Side: k.pos.SideToMove(), Line: k.line}
	k.ended = true
}

// summary reads "まで77手で先手の勝ち" and friends. It only sets the ending
// when no terminal line gave one.
func (k *kakinoki) summary(t string) error {
	if !k.started {
		if err := k.start(); err != nil {
			return err
		}
	}
	if k.ended || k.cur().End != nil {
		return nil
	}
	stm := k.pos.SideToMove()
	winner := -1
	for _, w := range []struct {
		s string
		c board.Color
	}{{"先手の", board.Black}, {"下手の", board.Black}, {"後手の", board.White}, {"上手の", board.White}} {
		if strings.Contains(t, w.s) && strings.Contains(t, "勝ち") {
			winner = int(w.c)
		}
	}
	switch {
	case strings.Contains(t, "千日手"):
		k.setEnd(EndRepetition)
	case strings.Contains(t, "持将棋"):
		k.setEnd(EndImpasse)
	case strings.Contains(t, "中断"):
		k.setEnd(EndInterrupt)
	case strings.Contains(t, "不詰"):
		k.setEnd(EndNoMate)
	case strings.Contains(t, "詰み") && winner < 0:
		k.setEnd(EndMate)
	case winner < 0:
		return nil
	case strings.Contains(t, "反則"):
		if board.Color(winner) == stm {
			k.setEnd(EndIllegalWin)
		} else {
			k.setEnd(EndIllegalMove)
		}
	case strings.Contains(t, "時間切れ") || strings.Contains(t, "切れ負け"):
		if board.Color(winner) != stm {
			k.setEnd(EndTimeUp)
		} else {
			k.setEnd(EndWinByDefault)
		}
	case strings.Contains(t, "入玉"):
		if board.Color(winner) == stm {
			k.setEnd(EndDeclareWin)
		} else {
			k.setEnd(EndLossByDefault)
		}
	case board.Color(winner) != stm:
		k.setEnd(EndResign)
	default:
		k.setEnd(EndWinByDefault)
	}
	return nil
}

// parseDest reads a destination (７六, or 同 with an optional space).
func (k *kakinoki) parseDest(s string) (board.Square, string, error) {
	if strings.HasPrefix(s, "同") {
		last := k.cur()
		if last.Parent == nil {
			return 0, s, fmt.Errorf("同 at the first move")
		}
		s = strings.TrimLeft(s[len("同"):], " \u3000")
		return last.Move.To(), s, nil
	}
	f, rest, ok := digitAt(s)
	if !ok {
		return 0, s, fmt.Errorf("bad destination in %q", s)
	}
	r, rest, ok := kanjiRankAt(rest)
	if !ok {
		return 0, s, fmt.Errorf("bad destination rank in %q", s)
	}
	return board.NewSquare(f, r), rest, nil
}

func (k *kakinoki) kifMove(t string) error {
	i := len(t) - len(strings.TrimLeft(t, "0123456789"))
	if i > 6 {
		return k.errf("move number too long")
	}
	num, _ := strconv.Atoi(t[:i])
	body := strings.TrimLeft(t[i:], " \u3000")
	if !k.started {
		if err := k.start(); err != nil {
			return err
		}
	}
	ply := len(k.path) + k.offset
	if num != ply {
		return k.errf("move number %d, expected %d", num, ply)
	}
	for _, w := range kifEndWords {
		if strings.HasPrefix(body, w.s) {
			if k.ended {
				return k.errf("second terminal line %q", w.s)
			}
			k.setEnd(w.k)
			if d, ok := kifTime(body[len(w.s):]); ok {
				e := k.cur().End
				e.Time, e.HasTime = d, true
			}
			return nil
		}
	}
	if k.ended {
		return k.errf("move after the end of the line")
	}
	to, rest, err := k.parseDest(body)
	if err != nil {
		if w, ok := looksLikeEndWord(body); ok && k.format == "kif" {
			// An end word we do not know: keep the game, with no result.
			k.setEnd(EndUnknown)
			k.cur().End.Text = w
			k.g.Warnings = append(k.g.Warnings, fmt.Sprintf("kif: line %d: unknown end word %q: the game has no result", k.line, w))
			return nil
		}
		return k.errf("%v", err)
	}
	pt, rest, ok := kifPiece(rest)
	if !ok {
		return k.errf("unknown piece in %q", body)
	}
	promote := false
	switch {
	case strings.HasPrefix(rest, "成"):
		promote = true
		rest = rest[len("成"):]
	case strings.HasPrefix(rest, "不成"):
		rest = rest[len("不成"):]
	case strings.HasPrefix(rest, "生"):
		rest = rest[len("生"):]
	}
	side := k.pos.SideToMove()
	var m board.Move
	switch {
	case strings.HasPrefix(rest, "打"):
		rest = rest[len("打"):]
		if pt < board.Pawn || pt > board.Gold || promote {
			return k.errf("bad drop %q", body)
		}
		m = board.NewDrop(board.NewPiece(side, pt), to)
	case strings.HasPrefix(rest, "("):
		j := strings.Index(rest, ")")
		if j != 3 || rest[1] < '1' || rest[1] > '9' || rest[2] < '1' || rest[2] > '9' {
			return k.errf("bad origin in %q", body)
		}
		from := board.NewSquare(int(rest[1]-'0'), int(rest[2]-'0'))
		rest = rest[j+1:]
		pc := k.pos.PieceOn(from)
		if pc == board.NoPiece || pc.Color() != side || pc.Type() != pt {
			return k.errf("move %q: the piece on %d%d is not a %s %s", body, from.File(), from.Rank(), colorWord(side), kifMoveNames[pt])
		}
		m = board.NewBoardMove(from, to, promote, pc)
	default:
		return k.errf("move %q has neither an origin nor 打", body)
	}
	if !k.pos.IsLegal(m) {
		return k.errf("illegal move %q in %s", body, k.pos.SFEN())
	}
	n := k.addMove(m)
	if d, ok := kifTime(rest); ok {
		n.Time, n.HasTime = d, true
	}
	return nil
}

func (k *kakinoki) addMove(m board.Move) *Node {
	k.pos.DoMove(m)
	n := k.cur().AddChild(k.pos.LastMove())
	n.Line = k.line
	k.path = append(k.path, n)
	return n
}

// kifTime reads "( 0:16/00:00:16)" and returns this move's time.
func kifTime(s string) (time.Duration, bool) {
	i := strings.Index(s, "(")
	if i < 0 {
		return 0, false
	}
	s = s[i+1:]
	if j := strings.IndexAny(s, "/)"); j >= 0 {
		s = s[:j]
	}
	mm, ss, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok {
		return 0, false
	}
	m, err1 := strconv.Atoi(mm)
	sec, err2 := strconv.Atoi(ss)
	if err1 != nil || err2 != nil || m < 0 || sec < 0 || m > 1e6 {
		return 0, false
	}
	return time.Duration(m*60+sec) * time.Second, true
}
