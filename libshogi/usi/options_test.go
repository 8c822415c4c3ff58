package usi

import (
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/search"
)

// The "usi" reply lists the option table, in order, as the table writes
// each line; setoption validates against the same table (so an option a
// package registers is listed and settable with no code here), and a
// change is applied because the values differ, not through a signature.
func TestOptionsFromTheTable(t *testing.T) {
	s := newSession(t)
	s.send("usi")
	_, lines := s.expect("usiok", time.Second)
	var got []string
	for _, l := range lines {
		if strings.HasPrefix(l, "option ") {
			got = append(got, l)
		}
	}
	tab := search.OptionTable()
	if len(got) != len(tab) {
		t.Fatalf("%d option lines, the table has %d", len(got), len(tab))
	}
	for i, o := range tab {
		if got[i] != o.USI() {
			t.Errorf("line %d: %q, want %q", i, got[i], o.USI())
		}
	}
	s.send("setoption name Threads value 1025")
	if l, _ := s.expect("info string", time.Second); !strings.Contains(l, "1..1024") {
		t.Errorf("range error: %q", l)
	}
	s.send("setoption name threads value 3")
	s.send("setoption name MultiPV value 2")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	if o := s.u.SearchEngine().Options(); o.Threads != 3 || o.MultiPV != 2 {
		t.Errorf("applied: threads %d multipv %d", o.Threads, o.MultiPV)
	}
	s.send("quit")
	<-s.end
}
