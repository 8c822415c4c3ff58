package search

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestMillisSaturates(t *testing.T) {
	for _, c := range []struct {
		ms   int64
		want time.Duration
	}{
		{-5, 0}, {0, 0}, {1, time.Millisecond}, {1e12, 1e12 * time.Millisecond},
		{18446744073710, MaxTime}, {math.MaxInt64, MaxTime}, {1 << 40, MaxTime},
	} {
		if got := Millis(c.ms); got != c.want {
			t.Errorf("Millis(%d) = %v, want %v", c.ms, got, c.want)
		}
	}
}

func TestLimitsCheck(t *testing.T) {
	start := board.NewPosition() // black to move
	white := mustPos(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	m76 := mustMove(t, start, "7g7f")
	cases := []struct {
		name string
		pos  *board.Position
		lim  Limits
		err  string // "" = accepted
	}{
		{"all zero is documented as until stop", start, Limits{}, ""},
		{"negative depth", start, Limits{Depth: -1}, "depth -1"},
		{"negative movetime", start, Limits{MoveTime: -1}, "movetime"},
		{"negative clock", start, Limits{Time: [2]time.Duration{-1, 0}}, "negative"},
		{"only white's clock, black to move", start, Limits{Time: [2]time.Duration{board.White: time.Second}}, "opponent's clock"},
		{"only black's byoyomi, white to move", white, Limits{Byoyomi: [2]time.Duration{board.Black: time.Second}}, "opponent's clock"},
		{"opponent's clock and a depth", start, Limits{Depth: 3, Time: [2]time.Duration{board.White: time.Second}}, ""},
		{"our clock", start, Limits{Time: [2]time.Duration{board.Black: time.Second}}, ""},
		{"our increment only", start, Limits{Inc: [2]time.Duration{board.Black: time.Second, board.White: time.Second}}, ""},
		{"legal searchmoves", start, Limits{Depth: 1, SearchMoves: []board.Move{m76}}, ""},
		{"searchmoves twice", start, Limits{Depth: 1, SearchMoves: []board.Move{m76, m76}}, "twice"},
		{"illegal searchmove", white, Limits{Depth: 1, SearchMoves: []board.Move{m76}}, "not a legal move"},
	}
	for _, c := range cases {
		err := c.lim.Check(c.pos)
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}

func mustMove(t *testing.T, p *board.Position, usi string) board.Move {
	t.Helper()
	m, err := p.ParseMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSearchMovesRestrictRoot: the best move and every MultiPV line start
// with a searchmoves move, including a non-promotion that the root
// generator would otherwise drop as useless.
func TestSearchMovesRestrictRoot(t *testing.T) {
	// Black's pawn on 2d may capture on 2c with or without promotion.
	pos := mustPos(t, "4k4/9/7p1/7P1/9/9/9/9/4K4 b - 1")
	plain := mustMove(t, pos, "2d2c")
	king := mustMove(t, pos, "5i4h")
	opts := DefaultOptions()
	opts.MultiPV = 3
	e := NewEngine(opts)
	for _, moves := range [][]board.Move{{plain}, {plain, king}} {
		lim := Limits{Depth: 4, SearchMoves: moves}
		if err := lim.Check(pos); err != nil {
			t.Fatal(err)
		}
		r := e.Search(pos, lim, nil)
		if len(r.Lines) != len(moves) {
			t.Fatalf("searchmoves %v: %d lines", moves, len(r.Lines))
		}
		for _, l := range r.Lines {
			if !containsMove(moves, l.PV[0]) {
				t.Fatalf("searchmoves %v: line starts with %s", moves, l.PV[0].USI())
			}
		}
		if !containsMove(moves, r.BestMove) {
			t.Fatalf("searchmoves %v: best move %s", moves, r.BestMove.USI())
		}
	}
}

func containsMove(ms []board.Move, m board.Move) bool {
	for _, x := range ms {
		if x.Move16() == m.Move16() {
			return true
		}
	}
	return false
}
