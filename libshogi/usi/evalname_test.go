package usi

import (
	"strings"
	"testing"
	"time"
)

// Issue 20: EvalFile takes the evaluation names: "default" loads the net
// built into the library, "builtin" the material evaluation, both without
// any file; the two search the same position differently (different node
// counts at the same depth). An empty EvalFile is the default net.
func TestEvalFileNames(t *testing.T) {
	s := newSession(t)
	nodes := map[string]string{}
	for _, name := range []string{"default", "builtin", "<empty>"} {
		s.send("setoption name EvalFile value " + name)
		s.send("isready")
		l, before := s.expect("readyok", 60*time.Second)
		if strings.Contains(strings.Join(before, "\n"), "ERROR") {
			t.Fatalf("isready with EvalFile %s: %q then %q", name, before, l)
		}
		if name == "default" && !strings.Contains(strings.Join(before, "\n"), "loaded default") {
			t.Errorf("EvalFile default: %q, want an info string naming it", before)
		}
		s.send("usinewgame")
		s.send("position startpos moves 7g7f")
		s.send("go depth 4")
		l, before = s.expect("bestmove", 60*time.Second)
		if l == "bestmove resign" {
			t.Fatalf("go with EvalFile %s: %q then %q", name, before, l)
		}
		info := lastInfo(before)
		i := strings.Index(info, " nodes ")
		if i < 0 {
			t.Fatalf("EvalFile %s: no nodes in %q", name, info)
		}
		nodes[name] = strings.Fields(info[i:])[1]
	}
	if nodes["<empty>"] != nodes["default"] {
		t.Errorf("EvalFile <empty> searched %s nodes, default %s: want the default net", nodes["<empty>"], nodes["default"])
	}
	if nodes["default"] == nodes["builtin"] {
		t.Errorf("default and builtin searched the same %s nodes: is the net in use?", nodes["default"])
	}
	s.send("quit")
	<-s.end
}
