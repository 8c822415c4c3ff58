package selfplay

import (
	"context"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// scripted plays the USI moves of its list in turn (both colours share
// one script through the same object).
type scripted struct {
	moves []string
	i     int
}

func (s *scripted) Name() string                  { return "script" }
func (s *scripted) NewGame(context.Context) error { return nil }
func (s *scripted) Move(_ context.Context, g *GameState) (Decision, error) {
	u := s.moves[s.i%len(s.moves)]
	s.i++
	switch u {
	case "win":
		return Decision{Move: board.MoveWin}, nil
	case "resign":
		return Decision{Move: board.MoveResign}, nil
	}
	m, err := g.Pos.ParseMove(u)
	if err != nil {
		// An illegal move: hand it over raw, as an external engine would.
		m, _ = board.ParseUSIMoveText(u)
	}
	return Decision{Move: m}, nil
}

func playScript(t *testing.T, sfen string, rules Rules, moves ...string) *GameResult {
	t.Helper()
	pos, err := board.FromSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	s := &scripted{moves: moves}
	r, err := Play(context.Background(), pos, [2]Player{s, s}, rules)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRuleEndings(t *testing.T) {
	const decl = "K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2R2B4g4s4n4l8p 1"
	cases := []struct {
		name    string
		sfen    string
		rules   Rules
		moves   []string
		outcome record.Outcome
		reason  Reason
		plies   int
	}{
		{"mate by drop", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Rules{}, []string{"G*5b"}, record.BlackWin, ReasonCheckmate, 1},
		{"perpetual check", "4k4/9/9/9/5R3/9/9/9/4K4 b - 1", Rules{}, []string{"4e5e", "5a4a", "5e4e", "4a5a"},
			record.WhiteWin, ReasonPerpetualCheck, 12},
		{"repetition draw", "4k4/9/9/9/9/9/9/9/4K4 b - 1", Rules{}, []string{"5i4i", "5a4a", "4i5i", "4a5a"},
			record.Draw, ReasonRepetition, 12},
		{"max ply", "4k4/9/9/9/9/9/9/9/4K4 b - 1", Rules{MaxPly: 6}, []string{"5i4i", "5a4a", "4i3i", "4a3a", "3i2i", "3a2a"},
			record.Draw, ReasonMaxPly, 6},
		{"declaration 27", decl, Rules{EnteringKing: board.RuleCSA27}, []string{"win"}, record.BlackWin, ReasonDeclarationWin, 0},
		{"declaration 24 draw band", decl, Rules{EnteringKing: board.RuleCSA24}, []string{"win"}, record.Draw, ReasonDeclarationDraw, 0},
		{"declaration without rule", decl, Rules{}, []string{"win"}, record.WhiteWin, ReasonBadDeclaration, 0},
		{"try rule", "9/4K4/9/9/9/9/9/9/k8 b - 1", Rules{EnteringKing: board.RuleTry}, []string{"5b5a"}, record.BlackWin, ReasonDeclarationWin, 1},
		{"illegal move", board.StartSFEN, Rules{}, []string{"7g7f", "3c3d", "5i5g"}, record.WhiteWin, ReasonIllegalMove, 2},
		{"resign", board.StartSFEN, Rules{}, []string{"7g7f", "resign"}, record.BlackWin, ReasonResign, 1},
	}
	for _, c := range cases {
		r := playScript(t, c.sfen, c.rules, c.moves...)
		if r.Outcome != c.outcome || r.Reason != c.reason || len(r.Moves) != c.plies {
			t.Errorf("%s: %v by %v after %d plies, want %v by %v after %d", c.name, r.Outcome, r.Reason, len(r.Moves),
				c.outcome, c.reason, c.plies)
		}
		// The record says the same.
		g, err := r.Record("b", "w")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if g.Result() != c.outcome {
			t.Errorf("%s: record outcome %v, want %v", c.name, g.Result(), c.outcome)
		}
		csa, err := record.WriteCSA(g, record.CSAOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		back, err := record.ReadCSA(csa)
		if err != nil || len(back.Moves()) != c.plies || back.Result() != c.outcome {
			t.Errorf("%s: CSA round trip: %v, %d moves, %v", c.name, err, len(back.Moves()), back.Result())
		}
	}
}

func TestEvalLimit(t *testing.T) {
	pos := board.NewPosition()
	sure := &fixedScore{score: 3000}
	worried := &fixedScore{score: -100}
	r, err := Play(context.Background(), pos, [2]Player{worried, sure}, Rules{EvalLimit: 2000, EvalLimitMoves: 2})
	if err != nil {
		t.Fatal(err)
	}
	// White reaches the limit on its second move (ply 4).
	if r.Outcome != record.WhiteWin || r.Reason != ReasonEvalLimit || len(r.Moves) != 4 {
		t.Errorf("%v by %v after %d plies, want White by eval-limit after 4", r.Outcome, r.Reason, len(r.Moves))
	}
}

// fixedScore plays the first legal move and reports a fixed score.
type fixedScore struct{ score search.Score }

func (f *fixedScore) Name() string                  { return "fixed" }
func (f *fixedScore) NewGame(context.Context) error { return nil }
func (f *fixedScore) Move(_ context.Context, g *GameState) (Decision, error) {
	var ml board.MoveList
	g.Pos.GenerateLegal(&ml)
	return Decision{Move: ml.Moves[0], Score: f.score, HasScore: true}, nil
}

func TestEnginesEndGames(t *testing.T) {
	cases := []struct {
		sfen    string
		rules   Rules
		outcome record.Outcome
		reason  Reason
	}{
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Rules{}, record.BlackWin, ReasonCheckmate},
		{"K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2R2B4g4s4n4l8p 1", Rules{EnteringKing: board.RuleCSA27}, record.BlackWin, ReasonDeclarationWin},
	}
	for _, c := range cases {
		cfg := EngineConfig{Limits: search.Limits{Depth: 3}, HashMB: 1}
		b, w := NewEnginePlayer(cfg, c.rules), NewEnginePlayer(cfg, c.rules)
		pos, _ := board.FromSFEN(c.sfen)
		r, err := Play(context.Background(), pos, [2]Player{b, w}, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != c.outcome || r.Reason != c.reason {
			t.Errorf("%s: %v by %v (%s), want %v by %v", c.sfen, r.Outcome, r.Reason, strings.Join(usiMoves(r.Moves), " "), c.outcome, c.reason)
		}
	}
}

func usiMoves(ms []board.Move) []string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.USI()
	}
	return s
}
