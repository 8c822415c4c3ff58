package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Piece names in KIF/KI2 move text (the piece before the move).
var kifMoveNames = [board.NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

// Piece names on a BOD board.
var bodNames = [board.NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

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

type bodState struct {
	seen  bool
	d     Diagram
	rank  int
	sideW bool
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
