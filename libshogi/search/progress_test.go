package search

import (
	"sort"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// A 2.5 s search reports progress every ProgressInterval between its
// iteration lines: times and nodes grow, and the current move is a legal
// root move.
func TestProgressInterval(t *testing.T) {
	e := NewEngine(DefaultOptions())
	pos := board.NewPosition()
	var times []time.Duration
	var lastNodes uint64
	lines := 0
	r := e.Search(pos, Limits{MoveTime: 2500 * time.Millisecond}, func(i *Info) {
		if i.Kind == InfoLine {
			lines++
			return
		}
		if i.Kind != InfoProgress {
			t.Fatalf("kind %d", i.Kind)
		}
		if i.Nodes < lastNodes || i.Depth < 1 || i.NPS == 0 || i.PV != nil {
			t.Errorf("progress %+v after %d nodes", *i, lastNodes)
		}
		if i.CurrMove != board.MoveNone && (!pos.IsLegal(i.CurrMove) || i.CurrMoveNumber < 1) {
			t.Errorf("currmove %v number %d", i.CurrMove, i.CurrMoveNumber)
		}
		lastNodes = i.Nodes
		times = append(times, i.Time)
	})
	if lines == 0 || r.Nodes < lastNodes {
		t.Fatalf("%d lines, %d nodes", lines, r.Nodes)
	}
	// 0.5, 1.0, 1.5, 2.0 (and maybe 2.5) s; one may come late on a loaded
	// machine (a starved search thread reports when it runs again).
	if len(times) < 3 || len(times) > 5 {
		t.Fatalf("%d progress reports in %v: %v", len(times), r.Time, times)
	}
	if times[0] < ProgressInterval {
		t.Errorf("first report at %v", times[0])
	}
	var gaps []time.Duration
	for i := 1; i < len(times); i++ {
		g := times[i] - times[i-1]
		if g < ProgressInterval-time.Millisecond { // Time is cut to ms
			t.Errorf("gap %v < %v: %v", g, ProgressInterval, times)
		}
		gaps = append(gaps, g)
	}
	sort.Slice(gaps, func(i, j int) bool { return gaps[i] < gaps[j] })
	if med := gaps[len(gaps)/2]; med > ProgressInterval*2 {
		t.Errorf("median gap %v (loaded machine?): %v", med, times)
	}
}

// A search without an info callback sends nothing and a report costs no
// allocation.
func TestProgressAllocs(t *testing.T) {
	e := NewEngine(DefaultOptions())
	n := 0
	e.Search(board.NewPosition(), Limits{Depth: 3}, func(*Info) {})
	e.onInfo = func(i *Info) { n++ }
	th := e.threads[0]
	allocs := testing.AllocsPerRun(100, func() {
		e.nextProgress = 0
		e.maybeProgress(th)
	})
	if allocs != 0 || n != 101 {
		t.Errorf("%v allocs per report, %d reports", allocs, n)
	}
}
