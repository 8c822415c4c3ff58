package usi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/book"
)

// A GUI sets BookFile; go answers from the book with the book line as pv,
// and searches once the game leaves the book.
func TestBookAnswersGo(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "user_book1.db")
	// Sorted ("p1p..." < "ppp..."), so that BookOnTheFly finds both.
	src := book.TextHeader + "\n" +
		"sfen lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 3\n" +
		"2f2e none 30 18 2\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n" +
		"2g2f 8c8d 42 20 7\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.send("usi")
	_, lines := s.expect("usiok", time.Second)
	for _, w := range []string{"option name BookFile type filename default <empty>",
		"option name BookMoves type spin default 16 min 0 max 10000", "option name BookEvalDiff type spin",
		"option name BookIgnoreRate type spin default 0 min 0 max 100", "option name BookOnTheFly type check default false"} {
		if !strings.Contains(strings.Join(lines, "\n"), w) {
			t.Errorf("usi reply lacks %q", w)
		}
	}
	for _, onTheFly := range []string{"false", "true"} {
		s.send("setoption name BookFile value " + path)
		s.send("setoption name BookOnTheFly value " + onTheFly)
		s.send("isready")
		if l, before := s.expect("readyok", 5*time.Second); len(before) != 1 || !strings.Contains(before[0], "loaded") {
			t.Fatalf("isready: %q %q", before, l)
		}
		s.send("position startpos")
		s.send("go btime 1000 wtime 1000 byoyomi 1000")
		l, before := s.expect("bestmove", 2*time.Second)
		if l != "bestmove 2g2f ponder 8c8d" || len(before) != 1 ||
			before[0] != "info depth 1 seldepth 1 score cp 42 nodes 0 nps 0 time 0 pv 2g2f 8c8d 2f2e" {
			t.Fatalf("book go (on the fly %s): %q then %q", onTheFly, before, l)
		}
	}
	// Out of the book: a normal search.
	s.send("position startpos moves 7g7f")
	s.send("go depth 2")
	l, before := s.expect("bestmove", 10*time.Second)
	if len(before) == 0 || !strings.HasPrefix(before[0], "info depth 1 ") || strings.Contains(before[0], "nodes 0 ") {
		t.Fatalf("search after the book: %q then %q", before, l)
	}
	// BookMoves 0 turns the book off.
	s.send("setoption name BookMoves value 0")
	s.send("position startpos")
	s.send("go depth 1")
	l, before = s.expect("bestmove", 10*time.Second)
	if strings.Contains(strings.Join(before, "\n"), "nodes 0 ") {
		t.Fatalf("BookMoves 0 still used the book: %q then %q", before, l)
	}
	// A missing book is reported and the engine plays on.
	s.send("setoption name BookFile value " + filepath.Join(dir, "missing.db"))
	s.send("isready")
	if _, before := s.expect("readyok", 5*time.Second); len(before) != 1 || !strings.Contains(before[0], "info string BookFile") {
		t.Fatalf("missing book: %q", before)
	}
	s.send("quit")
	<-s.end
}
