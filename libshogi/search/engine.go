package search

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Limits say when a search stops. Zero values mean "no limit of this kind";
// with no limit at all the search runs to MaxPly (or until Stop).
type Limits struct {
	Depth    int           // plies
	Nodes    uint64        // total nodes over all threads
	MoveTime time.Duration // fixed time for this move
	// Clock: remaining time, Fischer increment and byoyomi per colour
	// (index board.Black / board.White).
	Time     [2]time.Duration
	Inc      [2]time.Duration
	Byoyomi  [2]time.Duration
	Infinite bool // search until Stop (the result waits for Stop)
	Ponder   bool // pondering: no time limit until PonderHit
	// MateOnly stops as soon as a mate for the side to move is proven
	// (used by "go mate").
	MateOnly bool
	// SearchMoves, when not empty, restricts the root to these moves
	// (USI "go searchmoves"); Check verifies that they are legal.
	SearchMoves []board.Move
}

// Info is one progress report of the main thread, for one MultiPV line.
// PV is only valid during the callback (copy it to keep it).
type Info struct {
	Kind     InfoKind // InfoLine, or InfoProgress (see there for the fields set)
	Depth    int
	SelDepth int
	MultiPV  int // 1-based
	Score    Score
	Bound    Bound // BoundExact, or BoundLower/BoundUpper for an aspiration fail
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	Hashfull int
	PV       []board.Move
	// CurrMove is the root move being searched and CurrMoveNumber its
	// 1-based place in the root move order (InfoProgress only).
	CurrMove       board.Move
	CurrMoveNumber int
}

// Line is one MultiPV line of a result.
type Line struct {
	Score    Score
	Depth    int
	SelDepth int
	PV       []board.Move
}

// Result is what a search returns.
type Result struct {
	// BestMove is the move to play: a legal move, board.MoveResign when the
	// side to move has no legal move (or the score is below the resign
	// value), board.MoveWin when it wins by declaration (point rules).
	BestMove   board.Move
	PonderMove board.Move // MoveNone when unknown
	Score      Score
	Depth      int
	SelDepth   int
	Nodes      uint64
	Time       time.Duration
	PV         []board.Move
	Lines      []Line // MultiPV lines, best first (Lines[0] matches PV)
}

// Options configure an engine.
type Options struct {
	Threads          int // search threads (at least 1)
	HashMB           int // transposition table size
	MultiPV          int // lines to search (at least 1)
	EnteringKingRule board.EnteringKingRule
	MaxMovesToDraw   int // 0: no limit; otherwise the game is drawn at this move number
	// ResignValue: resign when the best score is below -ResignValue (0: never).
	ResignValue int
	// NetworkDelay is kept back from every clock-based time limit, except
	// that a byoyomi move always keeps 80% of its byoyomi less 5 ms (see
	// setTime).
	NetworkDelay time.Duration
	// Eval makes the evaluators; nil selects the built-in MaterialEval.
	Eval EvalFactory
	// EvalID names the evaluation (e.g. the network file and FV_SCALE).
	// SetOptions rebuilds the threads' evaluators when it or Threads
	// changes; a factory cannot be compared.
	EvalID string
}

// DefaultOptions are one thread, 16 MB, the fallback evaluation.
func DefaultOptions() Options {
	return Options{Threads: 1, HashMB: 16, MultiPV: 1, NetworkDelay: 120 * time.Millisecond}
}

// Engine is a searcher with its threads, transposition table and options.
// One search runs at a time; Stop and PonderHit may be called from any
// goroutine while it runs.
type Engine struct {
	mu      sync.Mutex // one search at a time; guards configuration
	opts    Options
	tt      *TT
	threads []*thread

	stop       atomic.Bool
	pondering  atomic.Bool
	searching  atomic.Bool
	startNanos atomic.Int64 // time base for time management (reset by PonderHit)
	base       time.Time
	realStart  time.Time

	limits  Limits
	optimum time.Duration
	maximum time.Duration
	useFull bool // movetime or byoyomi only: think until maximum
	onInfo  func(*Info)
	multiPV int
	// progress is the periodic report, reused (see maybeProgress);
	// nextProgress is when the next one is due (since realStart).
	progress     Info
	nextProgress time.Duration
}

// New creates an engine, or returns the error of a transposition table
// that cannot be allocated (a hash size the machine cannot give).
func New(opts Options) (*Engine, error) {
	tt, err := NewTT(max(opts.HashMB, 1))
	if err != nil {
		return nil, err
	}
	e := &Engine{base: time.Now(), tt: tt}
	e.opts.HashMB = max(opts.HashMB, 1)
	if err := e.applyOptions(opts); err != nil {
		return nil, err
	}
	return e, nil
}

// NewEngine is New for options whose table is known to fit (the defaults,
// tests); it panics when the table cannot be allocated. Sizes that come
// from users go through New.
func NewEngine(opts Options) *Engine {
	e, err := New(opts)
	if err != nil {
		panic(err)
	}
	return e
}

// applyOptions makes opts current. The table is resized first: when that
// fails nothing changes (the engine keeps its table and options).
func (e *Engine) applyOptions(opts Options) error {
	if opts.Threads < 1 {
		opts.Threads = 1
	}
	if opts.MultiPV < 1 {
		opts.MultiPV = 1
	}
	if opts.HashMB < 1 {
		opts.HashMB = 1
	}
	if opts.Eval == nil {
		opts.Eval = MaterialFactory
	}
	if opts.HashMB != e.opts.HashMB {
		if err := e.tt.Resize(opts.HashMB); err != nil {
			return err
		}
	}
	if len(e.threads) != opts.Threads || opts.EvalID != e.opts.EvalID || e.opts.Eval == nil {
		e.threads = e.threads[:0]
		for i := 0; i < opts.Threads; i++ {
			e.threads = append(e.threads, newThread(e, i, opts.Eval()))
		}
	}
	e.opts = opts
	return nil
}

// Options returns the current options.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.opts
}

// SetOptions changes the options (waiting for a running search to end).
// Threads are rebuilt when their number or the evaluation changes; the
// table is reallocated (cleared) when its size changes. A table that
// cannot be allocated is an error, and then no option changes.
func (e *Engine) SetOptions(opts Options) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.applyOptions(opts)
}

// NewGame clears the transposition table and the move-ordering statistics.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tt.Clear()
	for _, t := range e.threads {
		t.clearStats()
	}
}

// Hashfull is the per-mille of the table used by the current search.
func (e *Engine) Hashfull() int { return e.tt.Hashfull() }

// Stop asks a running search to stop as soon as possible (any goroutine).
// An infinite or pondering search then returns its result.
func (e *Engine) Stop() { e.stop.Store(true) }

// PonderHit turns a pondering search into a normal one: its time limits
// count from now.
func (e *Engine) PonderHit() {
	e.startNanos.Store(int64(time.Since(e.base)))
	e.pondering.Store(false)
}

// Searching reports whether a search is running.
func (e *Engine) Searching() bool { return e.searching.Load() }

func (e *Engine) elapsed() time.Duration {
	return time.Since(e.base) - time.Duration(e.startNanos.Load())
}

func (e *Engine) totalNodes() uint64 {
	var n uint64
	for _, t := range e.threads {
		n += t.nodes.Load()
	}
	return n
}

// Search searches pos (not modified) under lim and returns the result.
// onInfo (may be nil) receives progress reports from the searching
// goroutine. Stop may be called from another goroutine at any time after
// Search has started; see Go for a version that returns at once.
func (e *Engine) Search(pos *board.Position, lim Limits, onInfo func(*Info)) Result {
	return e.SearchStarted(pos, lim, onInfo, nil)
}

// SearchStarted is Search with a function called (in the calling
// goroutine) once the search is set up: from then on Stop acts on this
// search. A caller that may receive a stop request before that moment
// remembers it and calls Stop from started.
func (e *Engine) SearchStarted(pos *board.Position, lim Limits, onInfo func(*Info), started func()) Result {
	e.mu.Lock()
	e.prepare(lim)
	if started != nil {
		started()
	}
	return e.run(pos, lim, onInfo)
}

// Go starts a search and returns at once; the result arrives on the
// channel. Stop and PonderHit calls made after Go returns act on this
// search.
func (e *Engine) Go(pos *board.Position, lim Limits, onInfo func(*Info)) <-chan Result {
	e.mu.Lock()
	e.prepare(lim)
	p := pos.Clone()
	ch := make(chan Result, 1)
	go func() { ch <- e.run(p, lim, onInfo) }()
	return ch
}

func (e *Engine) prepare(lim Limits) {
	e.stop.Store(false)
	e.pondering.Store(lim.Ponder)
	e.searching.Store(true)
	e.startNanos.Store(int64(time.Since(e.base)))
	e.realStart = time.Now()
}

// run does the search; e.mu is held and released at the end.
func (e *Engine) run(pos *board.Position, lim Limits, onInfo func(*Info)) Result {
	defer func() {
		e.searching.Store(false)
		e.mu.Unlock()
	}()
	e.limits = lim
	e.onInfo = onInfo
	e.nextProgress = ProgressInterval
	e.multiPV = e.opts.MultiPV
	e.setTime(pos.SideToMove(), lim)
	e.tt.NewSearch()

	res := Result{}
	// Root rules: a declaration win, no legal move.
	if dm := pos.DeclarationMove(e.opts.EnteringKingRule); dm != board.MoveNone {
		res.BestMove = dm
		res.Score = MateIn(1)
		if dm != board.MoveWin {
			res.PV = []board.Move{dm}
		}
		res.Lines = []Line{{Score: res.Score, PV: res.PV}}
		e.waitForStop(lim)
		return res
	}
	var rootList board.MoveList
	pos.Generate(board.GenNoUseless, &rootList)
	restrictRoot(pos, &rootList, lim.SearchMoves)
	if rootList.N == 0 {
		res.BestMove = board.MoveResign
		res.Score = MatedIn(0)
		res.Lines = []Line{{Score: res.Score}}
		e.waitForStop(lim)
		return res
	}
	if e.multiPV > rootList.N {
		e.multiPV = rootList.N
	}
	for _, t := range e.threads {
		t.setup(pos, &rootList)
	}
	var wg sync.WaitGroup
	for _, t := range e.threads[1:] {
		wg.Add(1)
		go func(t *thread) {
			defer wg.Done()
			t.iterate()
		}(t)
	}
	main := e.threads[0]
	main.iterate()
	// The main thread is done: wait for stop when the GUI expects us to.
	e.waitForStop(lim)
	e.stop.Store(true)
	wg.Wait()

	best := main
	for _, t := range e.threads[1:] {
		if lim.Depth > 0 && t.completedDepth > lim.Depth {
			continue // a helper that went past the depth limit
		}
		if t.completedDepth > best.completedDepth && len(t.rootMoves) > 0 &&
			t.rootMoves[0].score != -ScoreInfinite && t.rootMoves[0].score >= best.rootMoves[0].score {
			best = t
		}
	}
	res = best.result()
	res.Nodes = e.totalNodes()
	res.Time = time.Since(e.realStart)
	if e.opts.ResignValue > 0 && res.Score < -Score(e.opts.ResignValue) && !res.Score.IsMate() {
		res.BestMove = board.MoveResign
		res.PonderMove = board.MoveNone
	}
	if res.Score.IsMate() && res.Score < 0 && e.opts.ResignValue > 0 {
		res.BestMove = board.MoveResign
		res.PonderMove = board.MoveNone
	}
	return res
}

func (e *Engine) waitForStop(lim Limits) {
	for (lim.Infinite || e.pondering.Load()) && !e.stop.Load() {
		time.Sleep(time.Millisecond)
	}
}

// setTime computes the optimum and maximum thinking times.
func (e *Engine) setTime(us board.Color, lim Limits) {
	e.optimum, e.maximum, e.useFull = 0, 0, false
	delay := e.opts.NetworkDelay
	switch {
	case lim.MoveTime > 0:
		e.optimum = saturate(lim.MoveTime)
		e.maximum = e.optimum
		e.useFull = true
		return
	case lim.Time[us] > 0 || lim.Byoyomi[us] > 0 || lim.Inc[us] > 0:
	default:
		return // no clock: depth/nodes/infinite
	}
	left := saturate(lim.Time[us])
	inc := saturate(lim.Inc[us])
	byo := saturate(lim.Byoyomi[us])
	const mtg = 40
	opt := left/mtg + inc + byo
	maxT := left/5 + inc + byo
	// Never plan beyond what is on the clock (plus this move's byoyomi).
	hard := left + byo - delay
	if inc > 0 {
		hard = left - delay + inc/2
		if hard > left-delay {
			hard = left - delay
		}
	}
	// Policy for short byoyomi: NetworkDelay is a margin for the line,
	// not a tax that may eat the move. A byoyomi move keeps at least 80%
	// of the byoyomi less 5 ms (a 100 ms byoyomi thinks 75 ms, not the
	// 10 ms that a 120 ms delay left), as engines floor their budget.
	if floor := byo - byo/5 - 5*time.Millisecond; byo > 0 && hard < floor {
		hard = floor
	}
	if hard < 10*time.Millisecond {
		hard = 10 * time.Millisecond
	}
	if maxT > hard {
		maxT = hard
	}
	if opt > maxT {
		opt = maxT
	}
	// With byoyomi only, use the whole byoyomi.
	if left == 0 && byo > 0 {
		opt = maxT
		e.useFull = true
	}
	e.optimum, e.maximum = opt, maxT
}

// checkTime is called by the main thread every few nodes.
func (e *Engine) checkTime() {
	lim := &e.limits
	if lim.Nodes > 0 && e.totalNodes() >= lim.Nodes {
		e.stop.Store(true)
		return
	}
	if e.maximum > 0 && !e.pondering.Load() && !lim.Infinite && e.elapsed() >= e.maximum {
		e.stop.Store(true)
	}
}

func (e *Engine) report(t *thread, depth int, bound Bound) {
	if e.onInfo == nil {
		return
	}
	el := time.Since(e.realStart)
	t.nodes.Store(t.count) // the reporting thread's own count, exact
	nodes := e.totalNodes()
	nps := uint64(0)
	if el > 0 {
		nps = uint64(float64(nodes) / el.Seconds())
	}
	hf := e.tt.Hashfull()
	for i := 0; i < e.multiPV; i++ {
		rm := &t.rootMoves[i]
		updated := rm.score != -ScoreInfinite
		if !updated && i >= t.pvIdx && depth == 1 {
			continue
		}
		d := depth
		s := rm.score
		if !updated {
			d = max(depth-1, 1)
			s = rm.prevScore
		}
		if s == -ScoreInfinite {
			continue
		}
		info := Info{Depth: d, SelDepth: rm.selDepth, MultiPV: i + 1, Score: s, Bound: BoundExact,
			Nodes: nodes, NPS: nps, Time: el, Hashfull: hf, PV: rm.pv[:rm.pvLen]}
		if i == t.pvIdx {
			info.Bound = bound
		}
		e.onInfo(&info)
	}
}
