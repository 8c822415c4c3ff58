package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
	"github.com/libshogi/libshogi/libshogi/selfplay"
)

func init() {
	register("gensfen", "generate teacher positions by self-play (PSV .bin and/or hcpe shards; resumable)", runGensfen)
	register("rescore", "re-search every position of a PSV or hcpe file with another evaluation and depth", runRescore)
}

// loadNet reads -net (selfplay.LoadEval) and checks -fvscale; the name is
// the run's evaluation name.
func loadNet(path string, fvScale int) (*nnue.Net, string, error) {
	if err := nnue.CheckFVScale(fvScale); err != nil {
		return nil, "", err
	}
	n, err := selfplay.LoadEval(path)
	if path == "" {
		path = "builtin"
	}
	return n, path, err
}

// mixFlag is the -mix flag of the commands that search with a net.
func mixFlag(fs *flag.FlagSet) *int {
	return fs.Int("mix", -1, "percent of the built-in material evaluation blended into the net's (0..100; -1: the net's own, 25 for the default net)")
}

// materialMix is -mix as selfplay.EngineConfig.MaterialMix (nil: the net's
// own); selfplay checks it against the net.
func materialMix(mix int) *int {
	if mix < 0 {
		return nil
	}
	return &mix
}

func parseRule(s string) (board.EnteringKingRule, error) {
	r, ok := board.ParseEnteringKingRule(s)
	if !ok {
		return r, fmt.Errorf("entering-king rule %q: none, CSARule27, CSARule24, CSARule27H, CSARule24H or TryRule", s)
	}
	return r, nil
}

// liveLine rewrites one status line on stderr.
func liveLine(quiet bool, format string, args ...any) {
	if !quiet {
		fmt.Fprintf(os.Stderr, "\r\033[K"+format, args...)
	}
}

func eta(d time.Duration) string {
	if d < 0 {
		return "?"
	}
	return d.Round(time.Second).String()
}

func runGensfen(args []string) int {
	fs := flag.NewFlagSet("gensfen", flag.ContinueOnError)
	netPath := fs.String("net", "", `evaluation: an nn.bin file, "test" (the test net, seed 1) or "builtin" (default)`)
	fvScale := fs.Int("fvscale", nnue.DefaultFVScale, "FV_SCALE of the network")
	mix := mixFlag(fs)
	depth := fs.Int("depth", 0, "search depth of every position (this or -nodes)")
	nodes := fs.Uint64("nodes", 0, "search nodes of every position (this or -depth)")
	threads := fs.Int("threads", 1, "worker goroutines, each searching with one thread")
	hash := fs.Int("hash", 4, "transposition table per worker, MB (cleared at every game: a large one costs time)")
	games := fs.Int64("games", 0, "stop after this many games in all (resumed runs included)")
	positions := fs.Int64("positions", 0, "stop after this many records in all (resumed runs included)")
	seed := fs.Uint64("seed", 1, "random seed: with the same settings the same seed writes the same records")
	start := fs.String("start", "startpos", "start positions: startpos, a handicap name (lance, 2-piece, …), or a file of SFEN / 'startpos moves …' lines; game i uses line i mod N")
	randomMoves := fs.Int("random-moves", 0, "random legal moves played in each game's opening")
	randomMaxPly := fs.Int("random-maxply", 0, "the random moves fall among the first this many plies")
	multiPV := fs.Int("multipv", 0, "in the first -multipv-plies plies, play a random one of this many best moves")
	multiPVPlies := fs.Int("multipv-plies", 0, "plies from the start that use the MultiPV choice")
	multiPVMargin := fs.Int("multipv-margin", 100, "MultiPV moves within this score (evaluation units) of the best are candidates")
	writeMinPly := fs.Int("write-minply", 16, "positions with an SFEN move number below this are played, not written")
	keepInCheck := fs.Bool("keep-in-check", false, "also write positions where the side to move is in check")
	skipNoisy := fs.Bool("skip-noisy", false, "skip positions whose best move captures or promotes")
	scoreLimit := fs.Int("score-limit", 0, "skip positions with |score| above this (0: keep all)")
	evalLimit := fs.Int("eval-limit", 3000, "end a game (adjudicated) when a score reaches ±this (0: never)")
	maxPly := fs.Int("max-ply", 320, "draw a game at this SFEN move number")
	rule := fs.String("rule", "CSARule27", "entering-king declaration rule")
	dir := fs.String("o", ".", "output directory")
	prefix := fs.String("prefix", "gensfen", "output file prefix: PREFIX-NNNNN.bin / .hcpe and PREFIX.state.json (the manifest that makes resuming exact)")
	format := fs.String("format", "psv", "psv (YaneuraOu PackedSfenValue .bin), hcpe, or both")
	shard := fs.Int64("shard-size", 10_000_000, "records per shard (0: one file)")
	dedup := fs.Bool("dedup", false, "skip positions already written in this run (by position key)")
	quiet := fs.Bool("q", false, "no live progress line")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi gensfen (-depth D | -nodes N) (-games G | -positions P) [flags]")
		fmt.Fprintln(os.Stderr, "Plays games with the library's search and writes each searched position with its")
		fmt.Fprintln(os.Stderr, "score, best move, move number and the game's result for the side to move.")
		fmt.Fprintln(os.Stderr, "Games end by mate, declaration, repetition / perpetual check, -max-ply or -eval-limit.")
		fmt.Fprintln(os.Stderr, "Run the same command again to resume (or raise -games / -positions to extend);")
		fmt.Fprintln(os.Stderr, "Ctrl-C stops cleanly. At a fixed depth or node count a seed gives the same records\n(games are written in game order, whatever -threads).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(os.Stderr, "shogi gensfen:", err)
		return code
	}
	net, evalName, err := loadNet(*netPath, *fvScale)
	if err != nil {
		return fail(1, err)
	}
	r, err := parseRule(*rule)
	if err != nil {
		return fail(2, err)
	}
	starts, err := selfplay.StartsFrom(*start)
	if err != nil {
		return fail(1, err)
	}
	var formats selfplay.Format
	switch *format {
	case "psv":
		formats = selfplay.FormatPSV
	case "hcpe":
		formats = selfplay.FormatHCPE
	case "both":
		formats = selfplay.FormatPSV | selfplay.FormatHCPE
	default:
		return fail(2, fmt.Errorf("format %q: psv, hcpe or both", *format))
	}
	if *threads < 1 || *hash < 1 {
		return fail(2, fmt.Errorf("threads and hash must be positive"))
	}
	cfg := selfplay.GensfenConfig{
		Engine:   selfplay.EngineConfig{Net: net, FVScale: *fvScale, MaterialMix: materialMix(*mix), HashMB: *hash, Limits: search.Limits{Depth: *depth, Nodes: *nodes}},
		EvalName: evalName, Threads: *threads,
		Rules:  selfplay.Rules{EnteringKing: r, MaxPly: *maxPly, EvalLimit: *evalLimit},
		Starts: starts, Games: *games, Positions: *positions, Seed: *seed,
		RandomMoves: *randomMoves, RandomMaxPly: *randomMaxPly,
		MultiPV: *multiPV, MultiPVPlies: *multiPVPlies, MultiPVMargin: *multiPVMargin,
		WriteMinPly: *writeMinPly, KeepInCheck: *keepInCheck, SkipNoisy: *skipNoisy, ScoreLimit: *scoreLimit, Dedup: *dedup,
		Dir: *dir, Prefix: *prefix, Formats: formats, ShardRecords: *shard,
		Progress: func(p selfplay.Progress) {
			liveLine(*quiet, "games %d  positions %d  %.0f pos/s  mean length %.1f  ETA %s", p.Games, p.Positions,
				p.PositionsPerSec, p.MeanGameLength, eta(p.ETA))
		},
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := selfplay.Gensfen(ctx, cfg)
	if !*quiet {
		fmt.Fprintln(os.Stderr)
	}
	if err != nil {
		return fail(1, err)
	}
	fmt.Printf("games %d positions %d plies %d filtered %d duplicates %d time %s\n",
		res.Games, res.Positions, res.Plies, res.Filtered, res.Duplicates, res.Elapsed.Round(time.Millisecond))
	if ctx.Err() != nil {
		fmt.Println("interrupted: run the same command again to resume")
	}
	return 0
}

func runRescore(args []string) int {
	fs := flag.NewFlagSet("rescore", flag.ContinueOnError)
	netPath := fs.String("net", "", `evaluation: an nn.bin file, "test" (the test net, seed 1) or "builtin" (default)`)
	fvScale := fs.Int("fvscale", nnue.DefaultFVScale, "FV_SCALE of the network")
	mix := mixFlag(fs)
	depth := fs.Int("depth", 0, "search depth of every position (this or -nodes)")
	nodes := fs.Uint64("nodes", 0, "search nodes of every position (this or -depth)")
	threads := fs.Int("threads", 1, "worker goroutines, each searching with one thread")
	hash := fs.Int("hash", 1, "transposition table per worker, MB (cleared for every position)")
	format := fs.String("format", "", "psv or hcpe (default: from the input's extension, .hcpe or else psv)")
	rule := fs.String("rule", "CSARule27", "entering-king declaration rule of the searches")
	quiet := fs.Bool("q", false, "no live progress line")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi rescore (-depth D | -nodes N) [flags] INPUT OUTPUT")
		fmt.Fprintln(os.Stderr, "Searches every position of a PSV (.bin) or hcpe file again and writes it with the")
		fmt.Fprintln(os.Stderr, "new score and best move, keeping the game result and move number, in input order.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(os.Stderr, "shogi rescore:", err)
		return code
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	net, _, err := loadNet(*netPath, *fvScale)
	if err != nil {
		return fail(1, err)
	}
	r, err := parseRule(*rule)
	if err != nil {
		return fail(2, err)
	}
	var f selfplay.Format
	switch strings.ToLower(*format) {
	case "":
	case "psv":
		f = selfplay.FormatPSV
	case "hcpe":
		f = selfplay.FormatHCPE
	default:
		return fail(2, fmt.Errorf("format %q: psv or hcpe", *format))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := selfplay.Rescore(ctx, selfplay.RescoreConfig{
		Engine:  selfplay.EngineConfig{Net: net, FVScale: *fvScale, MaterialMix: materialMix(*mix), HashMB: max(*hash, 1), Limits: search.Limits{Depth: *depth, Nodes: *nodes}},
		Rules:   selfplay.Rules{EnteringKing: r},
		Threads: max(*threads, 1), Input: fs.Arg(0), Output: fs.Arg(1), Format: f,
		Progress: func(p selfplay.Progress) {
			liveLine(*quiet, "positions %d  %.0f pos/s  ETA %s", p.Positions, p.PositionsPerSec, eta(p.ETA))
		},
	})
	if !*quiet {
		fmt.Fprintln(os.Stderr)
	}
	if err != nil {
		return fail(1, err)
	}
	fmt.Printf("records %d unchanged %d time %s\n", res.Records, res.Unchanged, res.Elapsed.Round(time.Millisecond))
	return 0
}
