package selfplay

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// GensfenConfig configures teacher generation.
type GensfenConfig struct {
	// Engine is the searching engine of every worker (its Threads is
	// ignored: each worker searches with one thread). Limits should be a
	// fixed depth or node count for reproducible data.
	Engine EngineConfig
	// EvalName names the evaluation in the run's fingerprint (a net file
	// name, "builtin"; "": NetID of the net): a resumed run must use the same.
	EvalName string
	Threads  int // worker goroutines (0: 1)
	Rules    Rules
	// Starts are the start positions (nil: the standard start position);
	// game i starts from Starts[i % len(Starts)].
	Starts []*board.Position
	// Games and Positions end the run (counted over all resumed sessions);
	// at least one must be set.
	Games     int64
	Positions int64
	Seed      uint64
	// Opening randomisation: RandomMoves random legal moves at random plies
	// among the first RandomMaxPly plies of each game; and for the plies
	// before MultiPVPlies, a random choice among the MultiPV best moves whose
	// score is within MultiPVMargin of the best.
	RandomMoves   int
	RandomMaxPly  int
	MultiPV       int
	MultiPVPlies  int
	MultiPVMargin int
	// WriteMinPly: positions whose SFEN move number is below it are not
	// written (they are still played).
	WriteMinPly int
	// Write-time filters.
	KeepInCheck bool // write positions in check too (skipped by default)
	SkipNoisy   bool // skip positions whose best move captures or promotes
	ScoreLimit  int  // skip |score| > ScoreLimit (0: no limit)
	Dedup       bool // skip positions already written in this run (by key)
	// Output: files Dir/Prefix-NNNNN.bin (PSV) and/or .hcpe, ShardRecords
	// records each (0: one shard), and the manifest Dir/Prefix.state.json.
	Dir          string
	Prefix       string
	Formats      Format
	ShardRecords int64
	// Progress (may be nil) is called about every ProgressEvery (0: 1 s)
	// and once at the end, from one goroutine.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// OnGame (may be nil) receives each committed game, in game order.
	OnGame func(index int64, g *GameResult)
}

// Progress is a report on a running job.
type Progress struct {
	Games     int64 // games committed (all sessions)
	Positions int64 // records written (all sessions)
	Plies     int64 // plies of the committed games (all sessions)
	// PositionsPerSec counts this session's records only.
	PositionsPerSec float64
	MeanGameLength  float64
	Elapsed         time.Duration
	ETA             time.Duration // -1 when unknown
	Done            bool
}

// GensfenResult summarises a run (Games, Positions, Plies over all sessions;
// the rest this session).
type GensfenResult struct {
	Games, Positions, Plies int64
	Filtered, Duplicates    int64
	// SearchTime is the time the workers spent in searches, WorkerTime
	// their total time: their difference is the loop's overhead.
	SearchTime, WorkerTime time.Duration
	Elapsed                time.Duration
}

// maxEmptyGames stops a run with only a Positions target whose games
// write nothing (it would never end).
const maxEmptyGames = 1000

// outRecord is one record in both encodings.
type outRecord struct {
	psv  record.PSV
	hcpe record.HCPE
	key  uint64
}

// gameOut is a finished game on its way to the writer.
type gameOut struct {
	index    int64
	recs     []outRecord
	game     *GameResult
	plies    int
	filtered int64
	err      error
}

// fingerprint is what decides the records of a run: resuming under a
// different one would mix data sets.
func (c *GensfenConfig) fingerprint() string {
	h := fnv.New64a()
	for _, p := range c.Starts {
		fmt.Fprintln(h, p.SFEN(), p.GamePlyFromRoot(), p.Key())
	}
	l := c.Engine.Limits
	return fmt.Sprintf("eval=%s fv=%d depth=%d nodes=%d rules=%v/%d/%d seed=%d random=%d/%d multipv=%d/%d/%d minply=%d check=%v noisy=%v limit=%d dedup=%v starts=%x",
		c.EvalName, c.Engine.FVScale, l.Depth, l.Nodes, c.Rules.EnteringKing, c.Rules.MaxPly, c.Rules.EvalLimit, c.Seed,
		c.RandomMoves, c.RandomMaxPly, c.MultiPV, c.MultiPVPlies, c.MultiPVMargin, c.WriteMinPly,
		c.KeepInCheck, c.SkipNoisy, c.ScoreLimit, c.Dedup, h.Sum64()) + c.mixFingerprint()
}

// mixFingerprint names a MaterialMix set on the engine (nothing when the
// net's own applies, so that earlier runs resume).
func (c *GensfenConfig) mixFingerprint() string {
	if c.Engine.MaterialMix == nil {
		return ""
	}
	return fmt.Sprintf(" mix=%d", *c.Engine.MaterialMix)
}

func (c *GensfenConfig) check() error {
	l := c.Engine.Limits
	switch {
	case c.Games <= 0 && c.Positions <= 0:
		return errors.New("selfplay: set Games or Positions")
	case l.Depth <= 0 && l.Nodes == 0 && l.MoveTime <= 0:
		return errors.New("selfplay: the engine needs a depth, node or time limit")
	case c.RandomMoves < 0 || c.RandomMoves > c.RandomMaxPly && c.RandomMoves > 0:
		return errors.New("selfplay: RandomMoves must be between 0 and RandomMaxPly")
	case c.MultiPV < 0 || c.MultiPV > 64:
		return errors.New("selfplay: MultiPV must be 0..64")
	case c.Dir == "" || c.Prefix == "":
		return errors.New("selfplay: Dir and Prefix are required")
	case c.Threads < 0:
		return errors.New("selfplay: Threads must not be negative")
	}
	return c.Engine.check()
}

// Gensfen runs (or resumes) a teacher-generation job until its Games or
// Positions target is reached or ctx is cancelled; games cut short by the
// cancellation are not written, and a later run with the same settings
// plays them again.
func Gensfen(ctx context.Context, cfg GensfenConfig) (GensfenResult, error) {
	var res GensfenResult
	if err := cfg.check(); err != nil {
		return res, err
	}
	if len(cfg.Starts) == 0 {
		cfg.Starts = []*board.Position{board.NewPosition()}
	}
	if cfg.EvalName == "" {
		cfg.EvalName = NetID(cfg.Engine.Net)
	}
	threads := max(cfg.Threads, 1)
	w, err := openShards(cfg.Dir, cfg.Prefix, cfg.fingerprint(), cfg.Formats, cfg.ShardRecords)
	if err != nil {
		return res, err
	}
	defer w.close()
	var seen map[uint64]struct{}
	if cfg.Dedup {
		if seen, err = w.keys(); err != nil {
			return res, err
		}
	}
	start := time.Now()
	base := w.man
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	next := atomic.Int64{}
	next.Store(base.Games)
	out := make(chan gameOut, threads)
	var searchNs, workerNs atomic.Int64
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			gw := newGenWorker(&cfg)
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if cfg.Games > 0 && i >= cfg.Games {
					break
				}
				g := gw.play(ctx, i)
				if g.err == nil && g.recs == nil && ctx.Err() != nil {
					break // cut short: not committed
				}
				select {
				case out <- g:
				case <-ctx.Done():
				}
			}
			searchNs.Add(int64(gw.searchTime))
			workerNs.Add(int64(time.Since(t0)))
		}()
	}
	go func() { wg.Wait(); close(out) }()

	every := cfg.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	lastReport := time.Now()
	report := func(done bool) {
		if cfg.Progress == nil {
			return
		}
		cfg.Progress(progressOf(&w.man, &base, &cfg, time.Since(start), done))
	}
	pending := map[int64]gameOut{}
	var firstErr error
	reached := false
	empty := 0 // consecutive games that wrote nothing
	for g := range out {
		if g.err != nil {
			if firstErr == nil {
				firstErr = g.err
			}
			cancel()
			continue
		}
		pending[g.index] = g
		for {
			h, ok := pending[w.man.Games]
			if !ok || firstErr != nil || reached {
				break
			}
			delete(pending, w.man.Games)
			res.Filtered += h.filtered
			recs := h.recs[:0]
			for _, r := range h.recs {
				if cfg.Positions > 0 && w.man.Records+int64(len(recs)) >= cfg.Positions {
					break
				}
				if seen != nil {
					if _, dup := seen[r.key]; dup {
						res.Duplicates++
						continue
					}
					seen[r.key] = struct{}{}
				}
				recs = append(recs, r)
			}
			if err := w.write(recs, h.plies); err != nil {
				firstErr = err
				cancel()
				break
			}
			if cfg.OnGame != nil {
				cfg.OnGame(h.index, h.game)
			}
			if empty = empty + 1; len(recs) > 0 {
				empty = 0
			}
			if empty >= maxEmptyGames && cfg.Games == 0 {
				firstErr = fmt.Errorf("selfplay: %d games in a row wrote no position (start positions over, or filters too strict)", empty)
				cancel()
				break
			}
			if cfg.Positions > 0 && w.man.Records >= cfg.Positions {
				reached = true
				cancel()
				break
			}
		}
		if time.Since(lastReport) >= every {
			lastReport = time.Now()
			report(false)
		}
	}
	if err := w.close(); err != nil && firstErr == nil {
		firstErr = err
	}
	res.Games, res.Positions, res.Plies = w.man.Games, w.man.Records, w.man.Plies
	res.SearchTime = time.Duration(searchNs.Load())
	res.WorkerTime = time.Duration(workerNs.Load())
	res.Elapsed = time.Since(start)
	report(true)
	return res, firstErr
}

func progressOf(m, base *Manifest, cfg *GensfenConfig, el time.Duration, done bool) Progress {
	p := Progress{Games: m.Games, Positions: m.Records, Plies: m.Plies, Elapsed: el, ETA: -1, Done: done}
	if m.Games > 0 {
		p.MeanGameLength = float64(m.Plies) / float64(m.Games)
	}
	if s := el.Seconds(); s > 0 {
		p.PositionsPerSec = float64(m.Records-base.Records) / s
	}
	switch {
	case done:
		p.ETA = 0
	case cfg.Positions > 0 && p.PositionsPerSec > 0:
		p.ETA = time.Duration(float64(cfg.Positions-m.Records) / p.PositionsPerSec * float64(time.Second))
	case cfg.Games > 0 && m.Games > base.Games:
		perGame := el.Seconds() / float64(m.Games-base.Games)
		p.ETA = time.Duration(float64(cfg.Games-m.Games) * perGame * float64(time.Second))
	}
	return p
}

// genWorker plays generation games with its own engine.
type genWorker struct {
	cfg        *GensfenConfig
	eng        *search.Engine
	rules      Rules
	multiPV    int
	searchTime time.Duration
	// per game
	rng    *rand.Rand
	random []bool
	recs   []pendingRec
	ml     board.MoveList
}

// pendingRec is a searched position waiting for its game's result.
type pendingRec struct {
	diag    record.Diagram
	key     uint64
	score   search.Score
	move    board.Move
	side    board.Color
	inCheck bool
	noisy   bool
}

func newGenWorker(cfg *GensfenConfig) *genWorker {
	ec := cfg.Engine
	ec.Threads = 1
	return &genWorker{cfg: cfg, eng: search.NewEngine(ec.Options(cfg.Rules)), rules: cfg.Rules, multiPV: 1}
}

// gameSeed gives each game its own random stream, so that a game's moves
// do not depend on which worker plays it.
func gameSeed(seed uint64, i int64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)*0x9E3779B97F4A7C15+1))
}

func (gw *genWorker) play(ctx context.Context, i int64) gameOut {
	cfg := gw.cfg
	gw.rng = gameSeed(cfg.Seed, i)
	gw.random = gw.random[:0]
	for len(gw.random) < cfg.RandomMaxPly {
		gw.random = append(gw.random, false)
	}
	for _, k := range gw.rng.Perm(cfg.RandomMaxPly)[:cfg.RandomMoves] {
		gw.random[k] = true
	}
	gw.recs = gw.recs[:0]
	start := cfg.Starts[i%int64(len(cfg.Starts))]
	r, err := Play(ctx, start, [2]Player{gw, gw}, gw.rules)
	if err != nil {
		return gameOut{index: i, err: err}
	}
	if r.Reason == ReasonStopped {
		return gameOut{index: i}
	}
	if r.Reason == ReasonError || r.Reason == ReasonIllegalMove {
		return gameOut{index: i, err: fmt.Errorf("selfplay: generation game %d: %s", i, r.Detail)}
	}
	g := gameOut{index: i, game: r, plies: len(r.Moves), recs: make([]outRecord, 0, len(gw.recs))}
	for k := range gw.recs {
		p := &gw.recs[k]
		if (p.inCheck && !cfg.KeepInCheck) || (p.noisy && cfg.SkipNoisy) ||
			(cfg.ScoreLimit > 0 && (p.score > search.Score(cfg.ScoreLimit) || p.score < -search.Score(cfg.ScoreLimit))) {
			g.filtered++
			continue
		}
		o, err := encodeRecord(p, r, cfg.Formats)
		if err != nil {
			return gameOut{index: i, err: err}
		}
		g.recs = append(g.recs, o)
	}
	return g
}

// encodeRecord makes the PSV and/or hcpe forms of a searched position.
func encodeRecord(p *pendingRec, r *GameResult, formats Format) (outRecord, error) {
	score := int16(max(min(p.score, 32767), -32767))
	m16 := uint16(0)
	if p.move != board.MoveResign && p.move != board.MoveWin {
		m16 = p.move.Move16()
	}
	out := outRecord{key: p.key}
	if formats&FormatPSV != 0 {
		psv, err := record.NewPSV(&p.diag, score, m16, r.ResultFor(p.side))
		if err != nil {
			return outRecord{}, err
		}
		out.psv = psv
	}
	if formats&FormatHCPE == 0 {
		return out, nil
	}
	abs := record.ResultDraw
	if w, ok := r.Winner(); ok {
		abs = record.ResultBlackWin
		if w == board.White {
			abs = record.ResultWhiteWin
		}
	}
	hm := uint16(0)
	if m16 != 0 {
		hm = board.Move16ToHcpe(m16)
	}
	hc, err := record.NewHCPE(&p.diag, score, hm, abs)
	if err != nil {
		return outRecord{}, err
	}
	out.hcpe = hc
	return out, nil
}

// Name implements Player.
func (gw *genWorker) Name() string { return "gensfen" }

// NewGame implements Player: a cleared table makes each game depend only on
// its seed.
func (gw *genWorker) NewGame(context.Context) error {
	gw.eng.NewGame()
	return nil
}

// Move implements Player: a random move at the game's random plies, else a
// search whose position is recorded.
func (gw *genWorker) Move(ctx context.Context, g *GameState) (Decision, error) {
	cfg := gw.cfg
	pos := g.Pos
	ply := len(g.Moves) - g.Opening
	if ply < len(gw.random) && gw.random[ply] {
		pos.GenerateLegal(&gw.ml)
		return Decision{Move: gw.ml.Moves[gw.rng.IntN(gw.ml.N)]}, nil
	}
	mpv := 1
	if ply < cfg.MultiPVPlies && cfg.MultiPV > 1 {
		mpv = cfg.MultiPV
	}
	if mpv != gw.multiPV {
		o := gw.eng.Options()
		o.MultiPV = mpv
		gw.eng.SetOptions(o)
		gw.multiPV = mpv
	}
	t0 := time.Now()
	stop := context.AfterFunc(ctx, gw.eng.Stop)
	res := gw.eng.Search(pos, cfg.Engine.Limits, nil)
	stop()
	gw.searchTime += time.Since(t0)
	if ctx.Err() != nil {
		return Decision{}, ctx.Err()
	}
	best := res.BestMove
	if best == board.MoveResign || best == board.MoveWin || best == board.MoveNone {
		return Decision{Move: best, Score: res.Score, HasScore: best != board.MoveNone}, nil
	}
	if pos.Ply() >= cfg.WriteMinPly {
		gw.recs = append(gw.recs, pendingRec{
			diag: pos.Setup(), key: pos.Key(), score: res.Score, move: best, side: pos.SideToMove(),
			inCheck: pos.InCheck(),
			noisy:   best.IsPromotion() || (!best.IsDrop() && pos.PieceOn(best.To()) != board.NoPiece),
		})
	}
	play := best
	if mpv > 1 && len(res.Lines) > 1 {
		n := 0
		for _, l := range res.Lines {
			if len(l.PV) > 0 && l.Score >= res.Lines[0].Score-search.Score(cfg.MultiPVMargin) {
				n++
			}
		}
		if k := gw.rng.IntN(n); k > 0 {
			play = res.Lines[k].PV[0]
		}
	}
	return Decision{Move: play, Score: res.Score, HasScore: true}, nil
}
