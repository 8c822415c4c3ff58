package usi

import (
	"regexp"
	"strconv"
	"testing"
	"time"
)

var infoDepth = regexp.MustCompile(`^info depth (\d+) `)

// The "info depth" lines of one search never go back: a search stopped
// inside an iteration has shown that iteration's depth in its progress
// lines, and its final line (the score of the move played) must not then
// report the last completed depth, one less.
func TestInfoDepthNeverDecreases(t *testing.T) {
	s := newSession(t)
	s.send("usi")
	s.expect("usiok", 5*time.Second)
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	positions := []string{
		"position startpos",
		"position startpos moves 7g7f 3c3d 2g2f 8c8d",
		"position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
	}
	for _, pos := range positions {
		for _, ms := range []int{600, 1100} {
			s.send(pos)
			s.send("go movetime " + strconv.Itoa(ms))
			_, lines := s.expect("bestmove", 15*time.Second)
			last, n := 0, 0
			for _, l := range lines {
				m := infoDepth.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				d, _ := strconv.Atoi(m[1])
				if d < last {
					t.Errorf("%s, %d ms: depth %d after depth %d: %q", pos, ms, d, last, l)
				}
				last = max(last, d)
				n++
			}
			if n < 2 {
				t.Errorf("%s, %d ms: %d info depth lines", pos, ms, n)
			}
		}
	}
	s.send("quit")
	<-s.end
}
