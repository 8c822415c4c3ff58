package record

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func readKIFFile(t *testing.T, name string) (*Game, Encoding) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var g *Game
	var enc Encoding
	if strings.Contains(name, ".ki2") {
		g, enc, err = ReadKI2(data)
	} else {
		g, enc, err = ReadKIF(data)
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g, enc
}

func usiLine(ns []*Node) string {
	var s []string
	for _, n := range ns {
		s = append(s, n.Move.USI())
	}
	return strings.Join(s, " ")
}

func line(n *Node) []*Node {
	var out []*Node
	for len(n.Children) > 0 {
		n = n.Children[0]
		out = append(out, n)
	}
	return out
}

func checkBranches(t *testing.T, g *Game) {
	t.Helper()
	if g.Black != "先手太郎" || g.White != "後手花子" {
		t.Errorf("players %q %q", g.Black, g.White)
	}
	if v, _ := g.Header("Event"); v != "テスト棋戦" {
		t.Errorf("event %q", v)
	}
	if v, _ := g.Header("Opening"); v != "相居飛車" {
		t.Errorf("opening %q", v)
	}
	if g.Start.SFEN() != board.StartSFEN {
		t.Errorf("start %s", g.Start.SFEN())
	}
	if got := usiLine(g.MainLine()); got != "7g7f 3c3d 8h2b+ 3a2b B*4e" {
		t.Errorf("main line %q", got)
	}
	ml := g.MainLine()
	if len(g.Root.Comments) != 1 || g.Root.Comments[0] != "対局前のコメント" {
		t.Errorf("root comments %q", g.Root.Comments)
	}
	if len(ml[0].Comments) != 1 || !strings.HasPrefix(ml[0].Comments[0], "*対局") {
		t.Errorf("move 1 comments %q", ml[0].Comments)
	}
	if len(ml[1].Comments) != 3 || ml[1].Comments[0] != "二手目のコメント" || ml[1].Comments[2] != "*評価値=-31" {
		t.Errorf("move 2 comments %q", ml[1].Comments)
	}
	if ml[0].Time != 16*time.Second || ml[2].Time != 5*time.Second {
		t.Errorf("times %v %v", ml[0].Time, ml[2].Time)
	}
	if ml[3].Bookmark != "しおり" {
		t.Errorf("bookmark %q", ml[3].Bookmark)
	}
	if e := g.End(); e == nil || e.Kind != EndResign || g.Result() != BlackWin {
		t.Errorf("end %+v", e)
	}
	// Variation at move 2 and, inside it, at move 3.
	if len(ml[0].Children) != 2 {
		t.Fatalf("move 1 has %d children", len(ml[0].Children))
	}
	v2 := ml[0].Children[1]
	if got := usiLine(append([]*Node{v2}, line(v2)...)); got != "8c8d 2g2f 8d8e" {
		t.Errorf("variation 2: %q", got)
	}
	if e := line(v2)[1].End; e == nil || e.Kind != EndInterrupt {
		t.Errorf("variation 2 end %+v", e)
	}
	if len(v2.Children) != 2 {
		t.Fatalf("variation move 2 has %d children", len(v2.Children))
	}
	v3 := v2.Children[1]
	if got := usiLine(append([]*Node{v3}, line(v3)...)); got != "7i6h 8d8e 6h7g" {
		t.Errorf("variation 3: %q", got)
	}
	if len(v3.Comments) != 1 || v3.Comments[0] != "*評価値=10" {
		t.Errorf("variation 3 comments %q", v3.Comments)
	}
	if e := line(v3)[1].End; e == nil || e.Kind != EndRepetition {
		t.Errorf("variation 3 end %+v", e)
	}
}

func TestKIFBranchesAllEncodings(t *testing.T) {
	for _, c := range []struct {
		name string
		enc  Encoding
	}{{"branches.kifu", UTF8}, {"branches_sjis.kif", ShiftJIS}, {"branches_bom.kif", UTF8BOM}} {
		g, enc := readKIFFile(t, c.name)
		if enc != c.enc {
			t.Errorf("%s: encoding %v, want %v", c.name, enc, c.enc)
		}
		checkBranches(t, g)
		// Write in every encoding and read back.
		for _, e := range []Encoding{ShiftJIS, UTF8, UTF8BOM} {
			data, err := WriteKIF(g, KIFOptions{Encoding: e})
			if err != nil {
				t.Fatal(err)
			}
			g2, enc2, err := ReadKIF(data)
			if err != nil {
				t.Fatalf("%s -> %v: %v\n%s", c.name, e, err, FormatKIF(g))
			}
			if enc2 != e {
				t.Errorf("wrote %v, detected %v", e, enc2)
			}
			checkBranches(t, g2)
			if FormatKIF(g2) != FormatKIF(g) {
				t.Errorf("KIF not stable:\n%s\n---\n%s", FormatKIF(g), FormatKIF(g2))
			}
		}
	}
}

func TestKIFHandicap(t *testing.T) {
	for _, name := range []string{"handicap2.kifu", "handicap2_sjis.kif"} {
		g, _ := readKIFFile(t, name)
		if g.Start.SFEN() != "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" || !g.IsHandicap() {
			t.Errorf("%s: start %s", name, g.Start.SFEN())
		}
		if g.Black != "下手の人" || g.White != "上手の人" {
			t.Errorf("players %q %q", g.Black, g.White)
		}
		if got := usiLine(g.MainLine()); got != "7a6b 7g7f 5c5d 2g2f 5a4b 2f2e" {
			t.Errorf("moves %q", got)
		}
		if e := g.End(); e == nil || e.Kind != EndTimeUp || g.Result() != BlackWin {
			t.Errorf("end %+v result %v", e, g.Result())
		}
		out := FormatKIF(g)
		if !strings.Contains(out, "手合割：二枚落ち") || !strings.Contains(out, "上手：上手の人") {
			t.Errorf("written:\n%s", out)
		}
		csa := FormatCSA(g, CSAOptions{})
		if !strings.Contains(csa, "PI82HI22KA\n-\n-7162GI\n") || !strings.Contains(csa, "%TIME_UP") {
			t.Errorf("csa:\n%s", csa)
		}
	}
}

func TestKIFBOD(t *testing.T) {
	g, _ := readKIFFile(t, "bod.kifu")
	want := "l7k/9/8P/9/9/9/9/9/4K4 b G2r2b3g4s4n3l17p 1"
	if g.Start.SFEN() != want {
		t.Errorf("start %s, want %s", g.Start.SFEN(), want)
	}
	if got := usiLine(g.MainLine()); got != "G*1b" {
		t.Errorf("moves %q", got)
	}
	if e := g.End(); e == nil || e.Kind != EndMate || g.Result() != BlackWin {
		t.Errorf("end %+v", e)
	}
	out := FormatKIF(g)
	g2, err := ParseKIF(out)
	if err != nil || g2.Start.SFEN() != want {
		t.Errorf("round trip: %v\n%s", err, out)
	}
	// White to move diagram.
	d, _ := ParseDiagram("l7k/9/8P/9/9/9/9/9/4K4 w G2r2b3g4s4n3l17p 1")
	g3 := NewGame(d)
	g4, err := ParseKIF(FormatKIF(g3))
	if err != nil || g4.Start.SFEN() != d.SFEN() {
		t.Errorf("white to move BOD: %v\n%s", err, FormatKIF(g3))
	}
}

func TestKI2Sample(t *testing.T) {
	for _, name := range []string{"ki2sample.ki2u", "ki2sample_sjis.ki2"} {
		g, _ := readKIFFile(t, name)
		if got := usiLine(g.MainLine()); got != "7g7f 3c3d 8h2b+ 3a2b B*4e B*5d 4e5d 5c5d" {
			t.Errorf("%s: moves %q", name, got)
		}
		if g.Result() != WhiteWin || g.End().Kind != EndResign {
			t.Errorf("%s: result %v", name, g.Result())
		}
		ml := g.MainLine()
		if len(ml[4].Comments) != 2 || ml[4].Comments[1] != "*評価値=120" {
			t.Errorf("comments %q", ml[4].Comments)
		}
		s, err := FormatKI2(g)
		if err != nil {
			t.Fatal(err)
		}
		g2, err := ParseKI2(s)
		if err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
		if usiLine(g2.MainLine()) != usiLine(g.MainLine()) || g2.Result() != WhiteWin {
			t.Errorf("round trip:\n%s", s)
		}
	}
}

func TestKIFEndWords(t *testing.T) {
	// After 1 move, White is to move.
	cases := []struct {
		word string
		kind EndKind
		want Outcome
	}{
		{"投了", EndResign, BlackWin}, {"中断", EndInterrupt, NoResult}, {"千日手", EndRepetition, Draw},
		{"持将棋", EndImpasse, Draw}, {"詰み", EndMate, BlackWin}, {"不詰", EndNoMate, NoResult},
		{"切れ負け", EndTimeUp, BlackWin}, {"反則勝ち", EndIllegalWin, WhiteWin}, {"反則負け", EndIllegalMove, BlackWin},
		{"入玉勝ち", EndDeclareWin, WhiteWin}, {"不戦勝", EndWinByDefault, WhiteWin}, {"不戦敗", EndLossByDefault, BlackWin},
	}
	for _, c := range cases {
		g, err := ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 " + c.word + "\n")
		if err != nil {
			t.Fatalf("%s: %v", c.word, err)
		}
		if e := g.End(); e == nil || e.Kind != c.kind || g.Result() != c.want {
			t.Errorf("%s: %+v %v", c.word, e, g.Result())
		}
		g2, err := ParseKIF(FormatKIF(g))
		if err != nil || g2.Result() != c.want {
			t.Errorf("%s: round trip %v %v\n%s", c.word, err, g2.Result(), FormatKIF(g))
		}
		// Through CSA too: the winner survives.
		g3, err := ParseCSA(FormatCSA(g, CSAOptions{}))
		if err != nil || (g3.Result() != c.want && c.kind != EndWinByDefault && c.kind != EndLossByDefault) {
			t.Errorf("%s: via CSA %v %v", c.word, err, g3.Result())
		}
	}
}

func TestKIFEngineLinesNeverDropMoves(t *testing.T) {
	src := "手合割：平手\n**評価値=1\n   1 ７六歩(77)\n**対局 時間 00:01.0 深さ 20 ノード数 123 評価値 45\n   2 ３四歩(33)\n**\n   3 ２六歩(27)\n**   4 ８四歩(83)\n   4 ８四歩(83)\n"
	g, err := ParseKIF(src)
	if err != nil {
		t.Fatal(err)
	}
	if got := usiLine(g.MainLine()); got != "7g7f 3c3d 2g2f 8c8d" {
		t.Errorf("moves %q", got)
	}
}

func TestKIFHeaderAfterMoves(t *testing.T) {
	g, err := ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 投了\n終了日時：2024/05/14 10:30:12\n")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Header("EndTime"); v != "2024/05/14 10:30:12" || len(g.Moves()) != 1 {
		t.Errorf("end time %q, moves %d", v, len(g.Moves()))
	}
	if _, err := ParseKIF("   1 ７六歩(77)\nこれは何\n"); err == nil || !strings.Contains(err.Error(), "line 2: cannot read") {
		t.Errorf("junk line: %v", err)
	}
}

func TestKIFErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"   1 ７六歩(77)\n   3 ３四歩(33)\n", "line 2: move number 3, expected 2"},
		{"   1 ７五歩(77)\n", "line 1: illegal move"},
		{"   1 ７六金(77)\n", "line 1"},
		{"   1 ７六歩\n", "line 1"},
		{"   1 同　歩(77)\n", "line 1"},
		{"手合割：変な手合\n   1 ７六歩(77)\n", "line 2"},
		{"   1 ７六歩(77)\n変化：3手\n", "line 2"},
		{"   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n", "line 3"},
		{"| ・ ・|一\n", "line 1"},
		{"先手の持駒：歩十九\n", "line 1"},
	}
	for _, c := range cases {
		_, err := ParseKIF(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

// TestHandicapNames reads every 手合割 name of the table, and writes the
// position back as that name (KIF) and as its PI line (CSA).
func TestHandicapNames(t *testing.T) {
	n := 0
	for _, h := range board.Handicaps {
		if h.KIF == "" {
			continue
		}
		n++
		for _, enc := range []Encoding{UTF8, ShiftJIS} {
			src, err := EncodeText("手合割："+h.KIF+"\n手数----指手---------消費時間--\n", enc)
			if err != nil {
				t.Fatal(err)
			}
			g, _, err := ReadKIF(src)
			if err != nil {
				t.Fatalf("%s: %v", h.KIF, err)
			}
			if g.Start.SFEN() != h.SFEN || g.Handicap != h.KIF {
				t.Errorf("%s: start %s, want %s", h.KIF, g.Start.SFEN(), h.SFEN)
			}
			if !strings.Contains(FormatKIF(g), "手合割："+h.KIF+"\n") {
				t.Errorf("%s: not written back by name", h.KIF)
			}
			csa := FormatCSA(g, CSAOptions{})
			if !strings.Contains(csa, "\n"+h.CSA+"\n") {
				t.Errorf("%s: CSA %q not in\n%s", h.KIF, h.CSA, csa)
			}
			g2, err := ParseCSA(csa)
			if err != nil || g2.Start.SFEN() != h.SFEN {
				t.Errorf("%s: CSA back: %v", h.KIF, err)
			}
		}
	}
	if n != 16 {
		t.Errorf("%d KIF handicap names, want 16 (平手 and 15 handicaps)", n)
	}
}

// TestKIFRejectsText: a text with nothing a KIF/KI2 record has is an error,
// not an empty game; unknown lines beside real ones are still skipped.
func TestKIFRejectsText(t *testing.T) {
	for _, s := range []string{"hello world\nthis is not kif\n", "random 1 2 3"} {
		if _, _, err := ReadKIF([]byte(s)); err == nil || !strings.Contains(err.Error(), "not a KIF record") {
			t.Errorf("ReadKIF(%q) = %v", s, err)
		}
		if _, _, err := ReadKI2([]byte(s)); err == nil {
			t.Errorf("ReadKI2(%q) accepted", s)
		}
	}
	g, _, err := ReadKIF([]byte("盤面回転\n先手：A\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"))
	if err != nil || g.Black != "A" {
		t.Fatalf("unknown line beside a header: %v", err)
	}
}
