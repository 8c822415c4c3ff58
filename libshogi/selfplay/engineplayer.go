package selfplay

import (
	"context"
	"errors"
	"fmt"

	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// EngineConfig describes an in-process engine: its evaluation, threads,
// table and the limits of each move.
type EngineConfig struct {
	Name    string
	Net     *nnue.Net // nil: the built-in evaluation
	FVScale int       // 0: the default
	// MaterialMix, when not nil, replaces the net's share of the built-in
	// material evaluation (Net.MaterialMix, percent) in its search.
	MaterialMix *int
	Threads     int // 0: 1
	HashMB      int // 0: 16
	Limits      search.Limits
}

// Options are the search options of the configuration under rules.
func (c EngineConfig) Options(rules Rules) search.Options {
	o := search.DefaultOptions()
	o.NetworkDelay = 0
	if c.Threads > 0 {
		o.Threads = c.Threads
	}
	if c.HashMB > 0 {
		o.HashMB = c.HashMB
	}
	o.EnteringKingRule = rules.EnteringKing
	o.MaxMovesToDraw = rules.MaxPly
	net, err := c.net()
	if err != nil { // refused by check before any engine is made
		net = c.Net
	}
	if net != nil {
		o.Eval = search.NNUEFactory(net, c.FVScale)
		o.EvalID = fmt.Sprintf("%p@%d/%d", c.Net, c.FVScale, net.MaterialMix)
	}
	return o
}

// net is the configured net with MaterialMix applied; it refuses a mix out
// of range or without a net (the built-in evaluation is the material one).
func (c EngineConfig) net() (*nnue.Net, error) {
	if c.MaterialMix == nil {
		return c.Net, nil
	}
	if c.Net == nil {
		return nil, errors.New("selfplay: a material mix blends the material evaluation into a net: this engine has none")
	}
	return c.Net.WithMaterialMix(*c.MaterialMix)
}

// check refuses what net refuses.
func (c EngineConfig) check() error {
	_, err := c.net()
	return err
}

// EnginePlayer is an in-process search engine. It clears its table at each
// new game, so that a game at fixed depth or nodes with one thread is
// reproducible.
type EnginePlayer struct {
	cfg    EngineConfig
	Engine *search.Engine
}

// NewEnginePlayer makes an engine for the configuration under rules.
func NewEnginePlayer(cfg EngineConfig, rules Rules) *EnginePlayer {
	if cfg.Name == "" {
		cfg.Name = "libshogi"
		if cfg.Net == nil {
			cfg.Name += " (built-in eval)"
		}
	}
	return &EnginePlayer{cfg: cfg, Engine: search.NewEngine(cfg.Options(rules))}
}

// Name implements Player.
func (p *EnginePlayer) Name() string { return p.cfg.Name }

// NewGame implements Player.
func (p *EnginePlayer) NewGame(context.Context) error {
	p.Engine.NewGame()
	return nil
}

// Move implements Player: a search under the configured limits, stopped
// when ctx is cancelled.
func (p *EnginePlayer) Move(ctx context.Context, g *GameState) (Decision, error) {
	stop := context.AfterFunc(ctx, p.Engine.Stop)
	defer stop()
	res := p.Engine.SearchStarted(g.Pos, p.cfg.Limits, nil, func() {
		if ctx.Err() != nil {
			p.Engine.Stop()
		}
	})
	if ctx.Err() != nil {
		return Decision{}, ctx.Err()
	}
	return Decision{Move: res.BestMove, Score: res.Score, HasScore: res.BestMove != 0}, nil
}
