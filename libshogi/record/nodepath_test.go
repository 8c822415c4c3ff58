package record

import (
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// A KIF game with times, comments, an engine score and a variation: the
// tree is read by path, changed, written and read back.
const kifTree = `手合割：平手
手数----指手---------消費時間--
*開始前のコメント
   1 ７六歩(77)   ( 0:03/00:00:03)
**評価値=45
   2 ３四歩(33)   ( 0:05/00:00:05)
   3 ２六歩(27)   ( 0:01/00:00:04)

変化：2手
   2 ８四歩(83)   ( 0:02/00:00:02)
*居飛車
`

func TestNodePath(t *testing.T) {
	g, err := ParseKIF(kifTree)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := g.NodeAt(nil)
	if root.CommentText() != "開始前のコメント" {
		t.Errorf("root comment %q", root.CommentText())
	}
	first, _ := g.NodeAt([]int{0})
	if first.Move.USI() != "7g7f" || !first.HasTime || first.Time != 3*time.Second {
		t.Errorf("move 1: %v %v %v", first.Move.USI(), first.HasTime, first.Time)
	}
	if s, ok := first.EngineScore(); !ok || s != 45 {
		t.Errorf("score %d %v", s, ok)
	}
	if len(first.Children) != 2 {
		t.Fatalf("%d children after move 1", len(first.Children))
	}
	v, err := g.NodeAt([]int{0, 1})
	if err != nil || v.Move.USI() != "8c8d" || v.CommentText() != "居飛車" || v.Time != 2*time.Second {
		t.Fatalf("variation %v %q %v %v", v.Move.USI(), v.CommentText(), v.Time, err)
	}
	if _, err := g.NodeAt([]int{0, 2}); err == nil {
		t.Error("a child that does not exist")
	}
	// Changes: a new variation after 7g7f 8c8d, a comment, a time.
	p := board.NewPosition()
	m, _ := p.ParseMove("2g2f") // as a move16: the tree finds the full move
	i, err := g.AddVariation(v, m)
	if err != nil || i != 0 {
		t.Fatalf("add: %d %v", i, err)
	}
	if j, _ := g.AddVariation(v, m); j != 0 || len(v.Children) != 1 {
		t.Errorf("added twice: %d %d", j, len(v.Children))
	}
	bad, _ := p.ParseMove("7g7f")
	if _, err := g.AddVariation(v, bad); err == nil {
		t.Error("an illegal move was added")
	}
	v.Children[0].SetCommentText("a\r\nb")
	v.Children[0].SetTime(7 * time.Second)
	first.SetTime(-1)
	text := FormatKIF(g)
	h, err := ParseKIF(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	w, err := h.NodeAt([]int{0, 1, 0})
	if err != nil || w.Move.USI() != "2g2f" || w.CommentText() != "a\nb" || w.Time != 7*time.Second {
		t.Fatalf("read back %v %q %v %v\n%s", w, w.CommentText(), w.Time, err, text)
	}
	if f, _ := h.NodeAt([]int{0}); f.HasTime && f.Time != 0 {
		t.Errorf("cleared time read back as %v", f.Time)
	}
	if !strings.Contains(text, "変化：2手") {
		t.Errorf("no variation written:\n%s", text)
	}
}
