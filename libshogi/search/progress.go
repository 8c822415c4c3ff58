package search

import (
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// InfoKind says what an Info reports.
type InfoKind uint8

const (
	// InfoLine is one MultiPV line of a finished iteration (or an
	// aspiration fail-low/high): depth, score and PV are set.
	InfoLine InfoKind = iota
	// InfoProgress is a periodic report between iterations, sent every
	// ProgressInterval while the main thread searches: Depth (the
	// iteration being searched), SelDepth, Nodes, NPS, Time, Hashfull,
	// CurrMove and CurrMoveNumber are set; Score, Bound, MultiPV and PV
	// are not.
	InfoProgress
)

// ProgressInterval is the time between two progress reports of a search
// (the first comes one interval after the start). GUIs update their
// nodes/NPS display at this rate; USI engines commonly report once per
// 0.5-1 s.
const ProgressInterval = 500 * time.Millisecond

// maybeProgress sends a progress report when one is due. The main thread
// calls it every 256 nodes; the report is built in the engine's own Info
// so that it allocates nothing.
func (e *Engine) maybeProgress(t *thread) {
	el := time.Since(e.realStart)
	if el < e.nextProgress {
		return
	}
	e.nextProgress = el + ProgressInterval
	t.nodes.Store(t.count)
	nodes := e.totalNodes()
	p := &e.progress
	*p = Info{Kind: InfoProgress, Depth: t.rootDepth, SelDepth: t.selDepth, MultiPV: t.pvIdx + 1,
		Nodes: nodes, Time: el, Hashfull: e.tt.Hashfull(),
		CurrMove: t.stack[0].currentMove, CurrMoveNumber: t.rootMoveNumber}
	if p.CurrMove == board.MoveNull {
		p.CurrMove = board.MoveNone
	}
	if el > 0 {
		p.NPS = uint64(float64(nodes) / el.Seconds())
	}
	e.onInfo(p)
}
