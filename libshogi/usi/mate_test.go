package usi

import (
	"strings"
	"testing"
	"time"
)

// go mate through the df-pn solver: the MateHash option, a mate (the
// tsume convention: the defender holds the remaining pieces), a proven
// no-mate, and stop answering "checkmate timeout".
func TestGoMate(t *testing.T) {
	s := newSession(t)
	s.send("usi")
	_, lines := s.expect("usiok", time.Second)
	if !strings.Contains(strings.Join(lines, "\n"), "option name MateHash type spin default 64 min 1 max 1048576") {
		t.Errorf("usi reply lacks the MateHash option: %q", lines)
	}
	s.send("setoption name MateHash value 8")
	// The lance drop on 1b mates at once (gold and knight cover the escapes).
	s.answer("lance drop", "position sfen 8k/9/6NG1/9/9/9/9/9/9 b L 1", "go mate infinite", "checkmate", 10*time.Second, "checkmate L*1b")
	// The same with a pawn: the drop would be pawn-drop mate, which is illegal.
	s.answer("pawn drop", "position sfen 8k/9/6NG1/9/9/9/9/9/9 b P 1", "go mate 10000", "checkmate", 10*time.Second, "checkmate nomate")
	// 将棋図巧 no. 99 (117 plies) does not fall in a moment: stop ends it.
	s.send("position sfen k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1")
	s.send("go mate infinite")
	time.Sleep(100 * time.Millisecond)
	s.send("stop")
	if l, _ := s.expect("checkmate", 10*time.Second); l != "checkmate timeout" {
		t.Errorf("stopped: %q", l)
	}
	s.answer("time limit", "position sfen k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", "go mate 300", "checkmate", 10*time.Second, "checkmate timeout")
	s.send("quit")
}
