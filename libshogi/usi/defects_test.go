package usi

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// noSearch checks that the last command started no search: isready is
// answered with nothing before it, and stop brings no bestmove.
func (s *session) noSearch(cmd string) {
	s.t.Helper()
	s.send("isready")
	if l, before := s.expect("readyok", 5*time.Second); len(before) != 0 {
		s.t.Errorf("%q: lines %q before %q", cmd, before, l)
	}
	s.send("stop")
	s.send("isready")
	if l, before := s.expect("readyok", 5*time.Second); len(before) != 0 {
		s.t.Errorf("%q: a search ran: %q before %q", cmd, before, l)
	}
}

// Issue 22 item 8: bad go limits are rejected and no search starts.
func TestBadGoStartsNoSearch(t *testing.T) {
	s := newSession(t)
	s.send("position startpos") // black to move
	for _, cmd := range []string{
		"go depth -1",
		"go depth 0",
		"go nodes 0",
		"go depth 3 frobnicate",
		"go frobnicate",
		"go btime 0 wtime 0",
		"go btime 0 wtime 0 binc 0 winc 0",
		"go wtime 60000",      // only the opponent's clock
		"go btime 1000 wtime", // missing value
		"go movetime -5",      // negative
		"go movetime 0",       // found by FuzzGoCommand: no limit
		"go mate 0",
		"go searchmoves",           // no move
		"go searchmoves 7g7f 1a1b", // an illegal move
		"go searchmoves 7g7f 7g7f depth 2",
	} {
		s.send(cmd)
		l, before := s.expect("info string", 5*time.Second)
		if len(before) != 0 || !strings.HasPrefix(l, "info string go:") || !strings.HasSuffix(l, "no search started") {
			t.Errorf("%q: %q then %q", cmd, before, l)
		}
		s.noSearch(cmd)
	}
	s.send("quit")
	<-s.end
}

// Issue 22 items 8 and 13: searchmoves restricts the root, and the tokens
// after its list are read (depth 3 ends the search by itself).
func TestGoSearchMoves(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves 7g7f 3c3d")
	s.send("go searchmoves 1g1f 9g9f depth 3")
	l, _ := s.expect("bestmove", 10*time.Second)
	if l != "bestmove 1g1f" && !strings.HasPrefix(l, "bestmove 1g1f ") && l != "bestmove 9g9f" && !strings.HasPrefix(l, "bestmove 9g9f ") {
		t.Errorf("searchmoves 1g1f 9g9f: %q", l)
	}
	// A non-promotion the root generator would drop (useless) is searched
	// when it is named.
	s.send("position sfen 4k4/9/7p1/7P1/9/9/9/9/4K4 b - 1")
	s.send("go searchmoves 2d2c depth 2")
	if l, _ := s.expect("bestmove", 10*time.Second); !strings.HasPrefix(l, "bestmove 2d2c") || strings.HasPrefix(l, "bestmove 2d2c+") {
		t.Errorf("searchmoves 2d2c: %q", l)
	}
	s.send("quit")
	<-s.end
}

// Issue 22 item 9: a huge time in milliseconds saturates instead of
// wrapping to a few milliseconds.
func TestHugeTimesSaturate(t *testing.T) {
	s := newSession(t)
	for _, cmd := range []string{
		"go movetime 18446744073710",
		"go byoyomi 18446744073710",
		"go btime 18446744073710 wtime 18446744073710",
		"go btime 99999999999999999999999 wtime 1",
	} {
		s.send("position startpos")
		s.send(cmd)
		select {
		case l := <-s.w.ch:
			if strings.HasPrefix(l, "bestmove") || strings.HasPrefix(l, "checkmate") || strings.HasPrefix(l, "info string") {
				t.Errorf("%q: %q at once", cmd, l)
			}
			s.drain(300 * time.Millisecond)
		case <-time.After(300 * time.Millisecond):
		}
		s.send("stop")
		s.expect("bestmove", 10*time.Second)
	}
	s.send("quit")
	<-s.end
	g, err := parseGo(strings.Fields("mate 18446744073710"), board.NewPosition())
	if err != nil || !g.mate || g.mateTime != search.MaxTime {
		t.Errorf("go mate 18446744073710: %+v %v", g, err)
	}
}

// drain reads lines for d and fails on a final line.
func (s *session) drain(d time.Duration) {
	s.t.Helper()
	end := time.After(d)
	for {
		select {
		case l := <-s.w.ch:
			if strings.HasPrefix(l, "bestmove") || strings.HasPrefix(l, "checkmate") {
				s.t.Errorf("search ended early: %q", l)
			}
		case <-end:
			return
		}
	}
}

// Issue 22 item 14: info string never echoes raw invalid UTF-8 or
// control bytes back to the GUI.
func TestInfoStringIsClean(t *testing.T) {
	s := newSession(t)
	for _, cmd := range []string{
		"frob\x00nicate \xff\xfe",
		"setoption name Bad\x00Name\xc3 value 1",
		"setoption name USI_Hash value 1\x00",
		"position sfen \xff\x00 b - 1",
		"position startpos moves 7g7f\x00",
		"go depth \x1b[2J",
		"go \xe3\x81",
	} {
		s.send(cmd)
		l, _ := s.expect("info string", 5*time.Second)
		if !utf8.ValidString(l) || strings.ContainsFunc(l, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Errorf("%q answered with %q", cmd, l)
		}
	}
	if got, want := cleanText("a\x00b\xffc\x1bd\u00e9\ufffd"), `a\x00b\xffc\x1bd`+"\u00e9\ufffd"; got != want {
		t.Errorf("cleanText: %q, want %q", got, want)
	}
	s.send("quit")
	<-s.end
}

// Issue 22 item 2: USI_Hash that the machine cannot give (32768 MB in a
// process limited to 16 GB of address space) is an info string error; the
// engine keeps its table and still searches. The old code ended the
// process with "fatal error: runtime: out of memory".
func TestHashTooLargeUSI(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_AS child: Linux only")
	}
	if os.Getenv("LIBSHOGI_USI_HASH_CHILD") == "1" {
		const limit = 16 << 30
		if err := limitAddressSpace(limit); err != nil {
			t.Fatal(err)
		}
		s := newSession(t)
		s.send("setoption name USI_Hash value 32768")
		s.send("isready")
		l, before := s.expect("readyok", 30*time.Second)
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string USI_Hash 32768:") || !strings.HasSuffix(before[0], "keeping 16 MB") {
			t.Fatalf("isready: %q then %q", before, l)
		}
		s.send("position startpos")
		s.send("go depth 3")
		s.expect("bestmove", 30*time.Second)
		s.send("setoption name USI_Hash value 32")
		s.send("isready")
		if l, before := s.expect("readyok", 30*time.Second); len(before) != 0 || s.u.SearchEngine().Options().HashMB != 32 {
			t.Fatalf("a later size that fits: %q then %q", before, l)
		}
		t.Log("child: table kept")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHashTooLargeUSI$", "-test.v")
	cmd.Env = append(os.Environ(), "LIBSHOGI_USI_HASH_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "child: table kept") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}
