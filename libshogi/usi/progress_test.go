package usi

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// A 1.3 s search sends periodic "info ... nodes ... currmove" lines (no
// score, no pv) between its iteration lines.
func TestProgressLines(t *testing.T) {
	s := newSession(t)
	s.send("usi")
	s.expect("usiok", 5*time.Second)
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.send("position startpos")
	s.send("go movetime 1300")
	_, lines := s.expect("bestmove", 10*time.Second)
	progress := regexp.MustCompile(`^info depth \d+ seldepth \d+ nodes \d+ nps [1-9]\d* time \d+ hashfull \d+ currmove [1-9][a-i][1-9][a-i]\+?$`)
	n := 0
	for _, l := range lines {
		if strings.Contains(l, " score ") {
			continue
		}
		if !progress.MatchString(l) {
			t.Errorf("unexpected line %q", l)
			continue
		}
		n++
	}
	// Reports at 0.5 and 1.0 s.
	if n < 2 || n > 3 {
		t.Errorf("%d progress lines in %q", n, lines)
	}
	s.send("quit")
	<-s.end
}
