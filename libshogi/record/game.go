package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Game is a game record: headers, a start position and a tree of moves.
// Root stands for the start position (Root.Move is MoveNone, its comments
// are those before the first move); each node's Children[0] continues the
// main line and further children are variations.
type Game struct {
	Headers  []Header
	Black    string // player names (KIF 先手/下手, CSA N+)
	White    string // (KIF 後手/上手, CSA N-)
	Handicap string // KIF 手合割 name as read ("" if none was given)
	Start    Diagram
	Root     *Node
	Version  string // CSA version line as read ("V2.2", "V3.0"), "" otherwise
	// Warnings are what the reader accepted but could not fully read (e.g.
	// an end word it does not know), one line each with its line number.
	Warnings []string
}

// Header is one key/value line. Well-known keys use the names of
// HeaderKeys (Event, Site, StartTime, ...) so that they convert between
// formats; other keys stay as written (a CSA "$KEY" keeps its dollar).
type Header struct {
	Key, Value string
}

// HeaderKey maps a neutral header name to its CSA and KIF keys.
type HeaderKey struct {
	Name, CSA, KIF string
}

// HeaderKeys is the table of well-known headers.
var HeaderKeys = []HeaderKey{
	{"Event", "$EVENT", "棋戦"},
	{"Site", "$SITE", "場所"},
	{"StartTime", "$START_TIME", "開始日時"},
	{"EndTime", "$END_TIME", "終了日時"},
	{"Opening", "$OPENING", "戦型"},
	{"TimeLimit", "$TIME_LIMIT", "持ち時間"},
	{"Time", "$TIME", ""},
	{"TimeBlack", "$TIME+", "先手持ち時間"},
	{"TimeWhite", "$TIME-", "後手持ち時間"},
	{"MaxMoves", "$MAX_MOVES", "最大手数"},
	{"Jishogi", "$JISHOGI", "持将棋"},
	{"Note", "$NOTE", "備考"},
	{"Title", "", "表題"},
	{"Byoyomi", "", "秒読み"},
}

// Header returns the value of the first header with key k.
func (g *Game) Header(k string) (string, bool) {
	for _, h := range g.Headers {
		if h.Key == k {
			return h.Value, true
		}
	}
	return "", false
}

// SetHeader replaces or adds a header.
func (g *Game) SetHeader(k, v string) {
	for i := range g.Headers {
		if g.Headers[i].Key == k {
			g.Headers[i].Value = v
			return
		}
	}
	g.Headers = append(g.Headers, Header{k, v})
}

// Node is one move of the tree.
type Node struct {
	Move     board.Move // MoveNone at the root
	Parent   *Node
	Children []*Node
	// Time is the time used for this move (HasTime says whether one was given).
	Time    time.Duration
	HasTime bool
	// Comments in order. A KIF "*text" line and a CSA "'*text" line both
	// give "text"; engine lines ("**..." / "'**...") therefore keep one
	// leading '*'.
	Comments []string
	Bookmark string // KIF "&" line
	// End, if set, ends this line after the node's move.
	End *Ending
	// Line is the source line of the move (0 if built in code).
	Line int
}

// AddChild appends a move after n and returns its node.
func (n *Node) AddChild(m board.Move) *Node {
	c := &Node{Move: m, Parent: n}
	n.Children = append(n.Children, c)
	return c
}

// MainLine returns the nodes of the main line after the root.
func (g *Game) MainLine() []*Node {
	var out []*Node
	for n := g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		out = append(out, n)
	}
	return out
}

// Moves returns the moves of the main line.
func (g *Game) Moves() []board.Move {
	ns := g.MainLine()
	out := make([]board.Move, len(ns))
	for i, n := range ns {
		out[i] = n.Move
	}
	return out
}

// End returns the ending of the main line (nil if none was recorded).
func (g *Game) End() *Ending {
	n := g.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n.End
}

// EndKind is how a line ended.
type EndKind uint8

const (
	EndNone          EndKind = iota
	EndResign                // CSA %TORYO, KIF 投了: the side to move resigned
	EndInterrupt             // %CHUDAN, 中断
	EndRepetition            // %SENNICHITE, 千日手: draw
	EndImpasse               // %JISHOGI, 持将棋: draw
	EndMaxMoves              // %MAX_MOVES: draw
	EndTimeUp                // %TIME_UP, 切れ負け: the side to move loses
	EndIllegalMove           // %ILLEGAL_MOVE, 反則負け: the side to move loses
	EndIllegalWin            // 反則勝ち: the previous move was illegal, the side to move wins
	EndIllegalBlack          // %+ILLEGAL_ACTION: Black acted illegally, White wins
	EndIllegalWhite          // %-ILLEGAL_ACTION: White acted illegally, Black wins
	EndDeclareWin            // %KACHI, 入玉勝ち: the side to move wins by declaration
	EndDeclareDraw           // %HIKIWAKE: draw by declaration
	EndMate                  // %TSUMI, 詰み: the side to move is mated
	EndNoMate                // %FUZUMI, 不詰
	EndError                 // %ERROR
	EndWinByDefault          // 不戦勝: the side to move wins
	EndLossByDefault         // 不戦敗: the side to move loses
	EndUnknown               // an end word the reader does not know (Ending.Text): no result
)

var endNames = [...]string{"", "resign", "interrupt", "repetition", "impasse", "max-moves", "time-up",
	"illegal-move", "illegal-win", "illegal-black", "illegal-white", "declare-win", "declare-draw",
	"mate", "no-mate", "error", "win-by-default", "loss-by-default", "unknown"}

func (k EndKind) String() string {
	if int(k) < len(endNames) {
		return endNames[k]
	}
	return "?"
}

// Ending is a terminal statement: how the line ended and who won.
type Ending struct {
	Kind    EndKind
	Side    board.Color // the side to move when the line ended
	Time    time.Duration
	HasTime bool
	Line    int
	Text    string // EndUnknown: the end word as written
}

// Outcome is the result implied by the ending.
func (e *Ending) Outcome() Outcome {
	if e == nil {
		return NoResult
	}
	switch e.Kind {
	case EndResign, EndTimeUp, EndIllegalMove, EndMate, EndLossByDefault:
		return winner(e.Side.Opp())
	case EndIllegalWin, EndDeclareWin, EndWinByDefault:
		return winner(e.Side)
	case EndIllegalBlack:
		return WhiteWin
	case EndIllegalWhite:
		return BlackWin
	case EndRepetition, EndImpasse, EndMaxMoves, EndDeclareDraw:
		return Draw
	}
	return NoResult
}

// Result is the outcome of the main line.
func (g *Game) Result() Outcome { return g.End().Outcome() }

// NewGame starts a record from a diagram.
func NewGame(start Diagram) *Game {
	return &Game{Start: start, Root: &Node{}}
}

// StartPosition returns a Position at the start of the game.
func (g *Game) StartPosition() (*board.Position, error) {
	return diagramPosition(&g.Start)
}

// handicapOf finds the standard handicap whose SFEN matches the diagram
// (move number ignored).
func handicapOf(d *Diagram) (board.Handicap, bool) {
	s := d.SFEN4()
	for _, h := range board.Handicaps {
		if strings.HasPrefix(h.SFEN, s+" ") {
			return h, true
		}
	}
	return board.Handicap{}, false
}

// IsHandicap reports whether the start position is one of the handicap
// positions (White moves first).
func (g *Game) IsHandicap() bool {
	h, ok := handicapOf(&g.Start)
	return ok && h.Name != "even"
}

// replayTo returns a position after the moves from the root to n.
func (g *Game) replayTo(n *Node) (*board.Position, error) {
	var path []*Node
	for x := n; x != nil && x.Parent != nil; x = x.Parent {
		path = append(path, x)
	}
	p, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	for i := len(path) - 1; i >= 0; i-- {
		p.DoMove(path[i].Move)
	}
	return p, nil
}

// EngineScore reads an evaluation from the node's engine comments, from
// Black's point of view: the CSA floodgate form "* <score> <pv>" (a CSA
// "'** 30 -3334FU" line) or ShogiHome's "*評価値=<score>". The last one wins.
func (n *Node) EngineScore() (int, bool) {
	score, ok := 0, false
	for _, c := range n.Comments {
		var s string
		switch {
		case strings.HasPrefix(c, "*評価値="):
			s = c[len("*評価値="):]
		case strings.HasPrefix(c, "*"):
			s = strings.TrimSpace(c[1:])
		default:
			continue
		}
		if i := strings.IndexAny(s, " \t"); i >= 0 {
			s = s[:i]
		}
		if v, err := strconv.Atoi(s); err == nil {
			score, ok = v, true
		}
	}
	return score, ok
}

// pieceName looks a type up in a name table, "?" for a value that is no
// piece type (so that writers never index out of range).
func pieceName(tab *[board.NumPieceTypes]string, pt board.PieceType) string {
	if int(pt) >= len(tab) || tab[pt] == "" {
		return "?"
	}
	return tab[pt]
}

// Validate replays every line of the tree. It checks that each move is
// legal and gives it the piece bits of the board package (so that a tree
// built from bare move16 values can be written). The error names the ply
// and move of the first illegal move.
func (g *Game) Validate() error {
	p, err := g.StartPosition()
	if err != nil {
		return fmt.Errorf("start position: %v", err)
	}
	var walk func(n *Node, ply int) error
	walk = func(n *Node, ply int) error {
		for _, c := range n.Children {
			m, err := p.MoveFromMove16(uint16(c.Move))
			if err != nil {
				return fmt.Errorf("ply %d (%s): %v", ply, board.Move(uint16(c.Move)).USI(), err)
			}
			c.Move = m
			p.DoMove(m)
			if err := walk(c, ply+1); err != nil {
				return err
			}
			p.UndoMove()
		}
		return nil
	}
	return walk(g.Root, 1)
}
