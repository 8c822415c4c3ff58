package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"

	"github.com/libshogi/libshogi/libshogi/selfplay"
)

func init() {
	register("match", "play paired games between two engines (in-process or USI): W/D/L, Elo ± 95%, SPRT", runMatch)
}

func runMatch(args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	a := fs.String("a", "", "player A (see below)")
	b := fs.String("b", "", "player B")
	pairs := fs.Int("pairs", 50, "game pairs: each opening twice, A Black in the first game")
	conc := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "startpos", "openings: startpos, a handicap name, or a file of SFEN / 'startpos moves …' lines (pair p uses line p mod N)")
	rule := fs.String("rule", "CSARule27", "entering-king declaration rule")
	maxPly := fs.Int("max-ply", 320, "draw at this SFEN move number")
	resign := fs.Int("resign", 0, "adjudicate a loss when a player's score is at or below -this (evaluation units; 0: never)")
	resignMoves := fs.Int("resign-moves", 3, "… for this many consecutive moves of that player")
	sprt := fs.String("sprt", "", "elo0,elo1,alpha,beta: stop when the GSPRT on the pentanomial counts decides (e.g. 0,5,0.05,0.05)")
	save := fs.String("save", "", "directory for the games (game-NNNNN.csa or .kif)")
	saveFormat := fs.String("save-format", "csa", "csa or kif")
	quiet := fs.Bool("q", false, "no progress lines")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi match -a PLAYER -b PLAYER [flags]")
		fmt.Fprintln(os.Stderr, "Plays paired games between A and B under the library's rules (mate, declaration,")
		fmt.Fprintln(os.Stderr, "repetition / perpetual check, -max-ply, -resign). An engine that crashes, stays silent")
		fmt.Fprintln(os.Stderr, "past its time or sends an illegal move loses that game; the match goes on.")
		fmt.Fprintln(os.Stderr, "Reports W/D/L from A's view, Elo ± 95% (pentanomial and trinomial), and the SPRT.")
		fs.PrintDefaults()
		fmt.Fprintln(os.Stderr, selfplay.PlayerSpecHelp)
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(os.Stderr, "shogi match:", err)
		return code
	}
	pa, err := selfplay.ParsePlayerSpec(*a)
	if err != nil {
		return fail(2, err)
	}
	pb, err := selfplay.ParsePlayerSpec(*b)
	if err != nil {
		return fail(2, err)
	}
	r, err := parseRule(*rule)
	if err != nil {
		return fail(2, err)
	}
	ops, err := selfplay.StartsFrom(*openings)
	if err != nil {
		return fail(1, err)
	}
	cfg := selfplay.MatchConfig{A: pa, B: pb, Openings: ops, Pairs: *pairs, Concurrency: *conc,
		Rules:   selfplay.Rules{EnteringKing: r, MaxPly: *maxPly, EvalLimit: *resign, EvalLimitMoves: *resignMoves},
		SaveDir: *save, SaveFormat: *saveFormat}
	if *sprt != "" {
		s, err := selfplay.ParseSPRT(*sprt)
		if err != nil {
			return fail(2, err)
		}
		cfg.SPRT = s
	}
	cfg.Progress = func(m selfplay.MatchResult) {
		if *quiet {
			return
		}
		line := fmt.Sprintf("games %d  W/D/L %d/%d/%d  Elo %.1f ± %.1f", m.Games, m.Wins, m.Draws, m.Losses,
			m.Pentanomial.Elo, m.Pentanomial.ErrorBar())
		if cfg.SPRT != nil {
			lo, hi := cfg.SPRT.Bounds()
			line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", m.LLR, lo, hi)
		}
		fmt.Fprintln(os.Stderr, line)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := selfplay.Match(ctx, cfg)
	if err != nil {
		return fail(1, err)
	}
	printMatch(&res, &cfg)
	return 0
}

func printMatch(m *selfplay.MatchResult, cfg *selfplay.MatchConfig) {
	fmt.Printf("games %d  W/D/L %d/%d/%d (A's view)  score %.1f%%\n", m.Games, m.Wins, m.Draws, m.Losses,
		100*(float64(m.Wins)+float64(m.Draws)/2)/float64(max(m.Games, 1)))
	fmt.Printf("pairs 0/0.5/1/1.5/2 points: %v\n", m.Penta)
	fmt.Printf("Elo (pentanomial) %.1f ± %.1f  [%.1f, %.1f]\n", m.Pentanomial.Elo, m.Pentanomial.ErrorBar(), m.Pentanomial.Low, m.Pentanomial.High)
	fmt.Printf("Elo (trinomial)   %.1f ± %.1f\n", m.Trinomial.Elo, m.Trinomial.ErrorBar())
	if cfg.SPRT != nil {
		verdict := map[int]string{-1: "H0 accepted", 1: "H1 accepted", 0: "no decision"}[m.SPRTDecision]
		lo, hi := cfg.SPRT.Bounds()
		fmt.Printf("SPRT [%g, %g] alpha %g beta %g: LLR %.3f (%.3f, %.3f) %s\n", cfg.SPRT.Elo0, cfg.SPRT.Elo1,
			cfg.SPRT.Alpha, cfg.SPRT.Beta, m.LLR, lo, hi, verdict)
	}
	reasons := map[string]int{}
	for _, g := range m.Log {
		reasons[g.Result.Reason.String()]++
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	fmt.Printf("endings: %s\n", strings.Join(parts, ", "))
	for _, g := range m.Log {
		if g.Result.Detail != "" {
			fmt.Printf("game %d: %s: %s\n", g.Index, g.Result.Reason, g.Result.Detail)
		}
	}
}
