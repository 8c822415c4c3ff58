package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// PlayerSpec names a match player: an in-process engine or a USI command
// (exactly one of the two).
type PlayerSpec struct {
	Engine *EngineConfig
	USI    *USIConfig
}

func (s PlayerSpec) name() string {
	switch {
	case s.Engine != nil && s.Engine.Name != "":
		return s.Engine.Name
	case s.Engine != nil:
		return "libshogi"
	case s.USI != nil && s.USI.Name != "":
		return s.USI.Name
	case s.USI != nil:
		return s.USI.Command
	}
	return "?"
}

// newPlayer makes one instance (a match runs one per concurrent game).
func (s PlayerSpec) newPlayer(rules Rules) (Player, func(), error) {
	switch {
	case s.Engine != nil && s.USI == nil:
		if err := s.Engine.check(); err != nil {
			return nil, nil, err
		}
		return NewEnginePlayer(*s.Engine, rules), func() {}, nil
	case s.USI != nil && s.Engine == nil:
		p := NewUSIPlayer(*s.USI)
		return p, func() { p.Close() }, nil
	}
	return nil, nil, errors.New("selfplay: a player is an engine or a USI command (one of the two)")
}

// MatchConfig configures a match between A and B.
type MatchConfig struct {
	A, B PlayerSpec
	// Openings (nil: the start position); pair p plays opening p mod
	// len(Openings) twice, A as Black first.
	Openings    []*board.Position
	Pairs       int
	Concurrency int // games played at once (0: 1)
	Rules       Rules
	SPRT        *SPRT // nil: play every pair
	// SaveDir (optional) receives each game as game-NNNNN.csa or .kif
	// (SaveFormat "csa", the default, or "kif").
	SaveDir    string
	SaveFormat string
	// Progress (may be nil) is called after each pair, from one goroutine.
	Progress func(MatchResult)
}

// MatchGame is one game of a match.
type MatchGame struct {
	Index    int // 2·pair + (0: A Black, 1: A White)
	Opening  int
	AIsBlack bool
	Result   *GameResult
	ScoreA   float64 // 1, 0.5 or 0
}

// MatchResult is the state of a match, from A's view.
type MatchResult struct {
	Games                  int
	Wins, Draws, Losses    int
	Penta                  [5]int // pairs scoring 0, 0.5, … 2 points
	Trinomial, Pentanomial EloInterval
	LLR                    float64
	SPRTDecision           int // -1 H0 accepted, +1 H1 accepted, 0 none
	Log                    []MatchGame
	Stopped                bool // cancelled, or stopped early by the SPRT
}

func (r *MatchResult) add(pair [2]MatchGame, sprt *SPRT) {
	s := 0.0
	for _, g := range pair {
		r.Games++
		s += g.ScoreA
		switch g.ScoreA {
		case 1:
			r.Wins++
		case 0:
			r.Losses++
		default:
			r.Draws++
		}
		r.Log = append(r.Log, g)
	}
	r.Penta[int(s*2+0.5)]++
	r.Trinomial = TrinomialElo(r.Wins, r.Draws, r.Losses)
	r.Pentanomial = PentanomialElo(r.Penta)
	if sprt != nil {
		r.LLR = sprt.LLRPentanomial(r.Penta)
		r.SPRTDecision = sprt.Decision(r.LLR)
	}
}

// Match plays the match. Game faults (an engine that crashes, hangs or
// plays an illegal move) lose that game and are in the log; the match goes
// on. It stops after Pairs pairs, at an SPRT decision, or when ctx is
// cancelled (unfinished pairs are not counted).
func Match(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	var res MatchResult
	if cfg.Pairs <= 0 {
		return res, errors.New("selfplay: Pairs must be positive")
	}
	if cfg.SaveFormat != "" && cfg.SaveFormat != "csa" && cfg.SaveFormat != "kif" {
		return res, fmt.Errorf("selfplay: save format %q: csa or kif", cfg.SaveFormat)
	}
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return res, err
		}
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = []*board.Position{board.NewPosition()}
	}
	for _, s := range []PlayerSpec{cfg.A, cfg.B} {
		if _, closer, err := s.newPlayer(cfg.Rules); err != nil {
			return res, err
		} else {
			closer()
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pairs := make(chan int)
	go func() {
		defer close(pairs)
		for p := 0; p < cfg.Pairs; p++ {
			select {
			case pairs <- p:
			case <-ctx.Done():
				return
			}
		}
	}()
	type pairOut struct {
		games [2]MatchGame
		err   error
	}
	done := make(chan pairOut)
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, closeA, _ := cfg.A.newPlayer(cfg.Rules)
			defer closeA()
			b, closeB, _ := cfg.B.newPlayer(cfg.Rules)
			defer closeB()
			for p := range pairs {
				var out pairOut
				for k := 0; k < 2 && out.err == nil; k++ {
					out.games[k], out.err = playMatchGame(ctx, &cfg, p, k, a, b)
				}
				if ctx.Err() != nil {
					return
				}
				done <- out
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	var firstErr error
	for o := range done {
		if o.err != nil {
			if firstErr == nil {
				firstErr = o.err
			}
			cancel()
			continue
		}
		if ctx.Err() != nil {
			continue
		}
		res.add(o.games, cfg.SPRT)
		if cfg.Progress != nil {
			cfg.Progress(res)
		}
		if res.SPRTDecision != 0 {
			res.Stopped = true
			cancel()
		}
	}
	if res.Games < 2*cfg.Pairs {
		res.Stopped = true
	}
	return res, firstErr
}

// playMatchGame plays game k (0: A Black) of pair p.
func playMatchGame(ctx context.Context, cfg *MatchConfig, p, k int, a, b Player) (MatchGame, error) {
	op := p % len(cfg.Openings)
	g := MatchGame{Index: 2*p + k, Opening: op, AIsBlack: k == 0}
	players := [2]Player{a, b}
	names := [2]string{cfg.A.name(), cfg.B.name()}
	if k == 1 {
		players[0], players[1] = b, a
		names[0], names[1] = names[1], names[0]
	}
	r, err := Play(ctx, cfg.Openings[op], players, cfg.Rules)
	if err != nil {
		return g, err
	}
	g.Result = r
	aColor := board.Black
	if k == 1 {
		aColor = board.White
	}
	g.ScoreA = float64(r.ResultFor(aColor)+1) / 2
	if cfg.SaveDir != "" && r.Reason != ReasonStopped {
		if err := saveGame(cfg, g.Index, r, names); err != nil {
			return g, err
		}
	}
	return g, nil
}

func saveGame(cfg *MatchConfig, i int, r *GameResult, names [2]string) error {
	rec, err := r.Record(names[0], names[1])
	if err != nil {
		return err
	}
	var data []byte
	ext := ".csa"
	if cfg.SaveFormat == "kif" {
		ext = ".kif"
		// Shift_JIS, as GUIs expect of .kif; UTF-8 with a BOM when a name
		// has characters Shift_JIS lacks.
		data, err = record.WriteKIF(rec, record.KIFOptions{Encoding: record.ShiftJIS})
		if err != nil {
			data, err = record.WriteKIF(rec, record.KIFOptions{Encoding: record.UTF8BOM})
		}
	} else {
		data, err = record.WriteCSA(rec, record.CSAOptions{})
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(cfg.SaveDir, fmt.Sprintf("game-%05d%s", i, ext)), data, 0o644)
}
