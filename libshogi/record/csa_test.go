package record

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestCSASpecExample(t *testing.T) {
	data, err := os.ReadFile("testdata/spec_example.csa")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadCSA(data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Black != "Sente" || g.White != "Gote" || g.Version != "V3.0" {
		t.Errorf("names/version: %q %q %q", g.Black, g.White, g.Version)
	}
	if v, _ := g.Header("StartTime"); v != "2024/05/14 10:00:00" {
		t.Errorf("start time %q", v)
	}
	if v, _ := g.Header("Time"); v != "600+10+0" {
		t.Errorf("time %q", v)
	}
	if g.Start.SFEN() != "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" {
		t.Errorf("start %s", g.Start.SFEN())
	}
	ml := g.MainLine()
	if len(ml) != 2 || ml[0].Move.USI() != "5a4b" || ml[1].Move.USI() != "7g7f" {
		t.Fatalf("moves %v", g.Moves())
	}
	if ml[0].Time != 3*time.Second || ml[1].Time != 5500*time.Millisecond {
		t.Errorf("times %v %v", ml[0].Time, ml[1].Time)
	}
	if len(ml[1].Comments) != 1 || ml[1].Comments[0] != "* 30 -3334FU" {
		t.Errorf("comments %q", ml[1].Comments)
	}
	if g.End() == nil || g.End().Kind != EndResign || g.Result() != BlackWin {
		t.Errorf("end %+v result %v", g.End(), g.Result())
	}
	// Write and read back.
	out := FormatCSA(g, CSAOptions{})
	g2, err := ParseCSA(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out2 := FormatCSA(g2, CSAOptions{}); out2 != out {
		t.Errorf("not stable:\n%s\n%s", out, out2)
	}
	if !strings.Contains(out, "PI82HI22KA\n-\n") {
		t.Errorf("handicap not written as PI:\n%s", out)
	}
}

// TestCSATerminals checks every % statement and its winner after
// +7776FU -3334FU +2726FU (White to move), as in specs/formats.md §7.2.
func TestCSATerminals(t *testing.T) {
	cases := []struct {
		stmt string
		kind EndKind
		want Outcome
	}{
		{"%TORYO", EndResign, BlackWin},
		{"%CHUDAN", EndInterrupt, NoResult},
		{"%SENNICHITE", EndRepetition, Draw},
		{"%TIME_UP", EndTimeUp, BlackWin},
		{"%ILLEGAL_MOVE", EndIllegalMove, BlackWin},
		{"%+ILLEGAL_ACTION", EndIllegalBlack, WhiteWin},
		{"%-ILLEGAL_ACTION", EndIllegalWhite, BlackWin},
		{"%JISHOGI", EndImpasse, Draw},
		{"%KACHI", EndDeclareWin, WhiteWin},
		{"%HIKIWAKE", EndDeclareDraw, Draw},
		{"%MAX_MOVES", EndMaxMoves, Draw},
		{"%TSUMI", EndMate, BlackWin},
		{"%FUZUMI", EndNoMate, NoResult},
		{"%ERROR", EndError, NoResult},
	}
	for _, c := range cases {
		g, err := ParseCSA("V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%MATTA\n" + c.stmt + "\n'summary:x\n")
		if err != nil {
			t.Errorf("%s: %v", c.stmt, err)
			continue
		}
		e := g.End()
		if e == nil || e.Kind != c.kind || e.Side != board.White || g.Result() != c.want {
			t.Errorf("%s: end %+v result %v, want %v %v", c.stmt, e, g.Result(), c.kind, c.want)
		}
		// Round trip keeps the statement (V3.0).
		g2, err := ParseCSA(FormatCSA(g, CSAOptions{}))
		if err != nil || g2.End() == nil || g2.End().Kind != c.kind {
			t.Errorf("%s: round trip %v", c.stmt, err)
		}
	}
}

func TestCSAPositions(t *testing.T) {
	cases := []struct{ in, sfen string }{
		{"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n", board.StartSFEN},
		{"P-11OU\nP+59OU\nP+00KI00FU\n+\n", "8k/9/9/9/9/9/9/9/4K4 b GP 1"},
		{"P-51OU\nP+59OU\nP+00HI\nP-00AL\n-\n", "4k4/9/9/9/9/9/9/9/4K4 w Rr2b4g4s4n4l18p 1"},
		{"PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY\n-\n", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{"V2.2\nPI\n+\n+7776FU,T12\n-3334FU,T1\n", board.StartSFEN},
	}
	for _, c := range cases {
		g, err := ParseCSA(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if g.Start.SFEN() != c.sfen {
			t.Errorf("%q: start %s, want %s", c.in, g.Start.SFEN(), c.sfen)
		}
		out := FormatCSA(g, CSAOptions{Version: "V2.2"})
		g2, err := ParseCSA(out)
		if err != nil || g2.Start.SFEN() != c.sfen || len(g2.Moves()) != len(g.Moves()) {
			t.Errorf("round trip of %q: %v\n%s", c.in, err, out)
		}
	}
	g, _ := ParseCSA("V2.2\nPI\n+\n+7776FU,T12\n-3334FU,T1\n")
	if ml := g.MainLine(); len(ml) != 2 || ml[0].Time != 12*time.Second || ml[1].Time != time.Second {
		t.Errorf("comma statements: %v", g.Moves())
	}
}

func TestCSAErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"PI\n+\n+7776FU\n+3334FU\n", "line 4"},
		{"PI\n+\n+7775FU\n", "line 3: illegal move"},
		{"PI\n+\n+7776KI\n", "line 3"},
		{"PI\n+\n%FOO\n", "line 3: unknown terminal"},
		{"+7776FU\n", "line 1"},
		{"PI\n+\n+7776FU\nT-1\n", "line 4: bad time"},
		{"P1+FU\n+\n", "line 2"},
		{"PI55KY\n+\n", "line 1"},
		{"PI\n+\n%TORYO\n+7776FU\n", "line 4"},
		{"V2.2\n", "no start position"},
		{"P-11OU\nP-22OU\n+\n", "bad position"},
		{"P+00OU\n+\n", "line 1"},
	}
	for _, c := range cases {
		_, err := ParseCSA(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestEngineScore(t *testing.T) {
	g, err := ParseCSA("PI\n+\n+7776FU\n'** 30 -3334FU +2726FU\n-3334FU\n'**-120\n'**評価値=7\n+2726FU\n'*plain\n")
	if err != nil {
		t.Fatal(err)
	}
	ml := g.MainLine()
	if v, ok := ml[0].EngineScore(); !ok || v != 30 {
		t.Errorf("move 1: %d %v", v, ok)
	}
	if v, ok := ml[1].EngineScore(); !ok || v != 7 {
		t.Errorf("move 2: %d %v", v, ok)
	}
	if _, ok := ml[2].EngineScore(); ok {
		t.Errorf("move 3 has no score")
	}
}
