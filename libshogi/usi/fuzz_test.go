package usi

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// FuzzGoCommand: parseGo never panics, and a go command it accepts that
// names any limit (a clock, movetime, depth, nodes) bounds the search of
// the side to move, unless it also says infinite, ponder or mate: no search
// starts unbounded by accident. (A go with no limit token at all, bare or
// with searchmoves only, searches until stop, as USI says.)
// Times are within 0..search.MaxTime.
func FuzzGoCommand(f *testing.F) {
	for _, s := range []string{"depth 3", "btime 0 wtime 0", "wtime 1000", "searchmoves 7g7f 2g2f depth 2",
		"movetime 18446744073710", "mate 1000", "byoyomi 1000", "depth -1", "nodes 99999999999999999999999",
		"searchmoves 7g7f btime 1000", "infinite", "ponder btime 10 wtime 10", ""} {
		f.Add(s, false)
		f.Add(s, true)
	}
	white, err := board.FromSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, cmd string, whiteToMove bool) {
		pos := board.NewPosition()
		if whiteToMove {
			pos = white
		}
		args := strings.Fields(cmd)
		g, err := parseGo(args, pos)
		if err != nil {
			return
		}
		l := g.lim
		us := pos.SideToMove()
		bounded := l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Time[us] > 0 || l.Inc[us] > 0 || l.Byoyomi[us] > 0
		limitGiven := false // a token that names a limit: then the search must be bounded
		for _, a := range args {
			switch a {
			case "btime", "wtime", "binc", "winc", "byoyomi", "movetime", "depth", "nodes":
				limitGiven = true
			}
		}
		explicit := !limitGiven || l.Infinite || l.Ponder || g.mate
		if !bounded && !explicit {
			t.Fatalf("go %q accepted with no bound: %+v", cmd, g)
		}
		for _, d := range []any{l.MoveTime, l.Time[0], l.Time[1], l.Inc[0], l.Inc[1], l.Byoyomi[0], l.Byoyomi[1], g.mateTime} {
			if v := d.(interface{ Nanoseconds() int64 }).Nanoseconds(); v < 0 || v > int64(search.MaxTime) {
				t.Fatalf("go %q: time %d out of range", cmd, v)
			}
		}
		if err := l.Check(pos); err != nil {
			t.Fatalf("go %q accepted, but Check says %v", cmd, err)
		}
	})
}

// FuzzCleanText: an info string is valid UTF-8 without control bytes, and
// clean text passes unchanged.
func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"abc", "a\x00b", "\xff\xfe", "日本語", "\x1b[2J", "\ufffd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := cleanText(s)
		if !utf8.ValidString(c) || strings.ContainsFunc(c, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Fatalf("cleanText(%q) = %q", s, c)
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) && c != s {
			t.Fatalf("clean text changed: %q -> %q", s, c)
		}
	})
}
