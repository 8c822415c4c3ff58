package selfplay

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// buildBroken compiles testdata/brokenengine.
func buildBroken(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "brokenengine")
	out, err := exec.Command("go", "build", "-o", exe, "./testdata/brokenengine").CombinedOutput()
	if err != nil {
		t.Fatalf("go build brokenengine: %v\n%s", err, out)
	}
	return exe
}

func TestMatchAgainstBrokenEngine(t *testing.T) {
	exe := buildBroken(t)
	cases := []struct {
		mode   string
		after  string
		reason Reason
		plies  int // plies played before the fault, in the game where the engine is Black
	}{
		{"illegal", "3", ReasonIllegalMove, 4},
		{"crash", "2", ReasonCrash, 2},
		{"silence", "2", ReasonTimeout, 2},
	}
	for _, c := range cases {
		cfg := MatchConfig{
			A: PlayerSpec{Engine: &EngineConfig{Name: "inproc", HashMB: 1, Limits: search.Limits{Depth: 1}}},
			B: PlayerSpec{USI: &USIConfig{Name: c.mode, Command: exe, Args: []string{"-mode", c.mode, "-after", c.after},
				Limits: search.Limits{MoveTime: 20 * time.Millisecond}, MoveMargin: 300 * time.Millisecond}},
			Pairs: 2, Rules: Rules{MaxPly: 256},
		}
		res, err := Match(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.mode, err)
		}
		if res.Games != 4 || res.Wins != 4 || res.Penta[4] != 2 || res.Stopped {
			t.Errorf("%s: %d games, W/D/L %d/%d/%d, penta %v", c.mode, res.Games, res.Wins, res.Draws, res.Losses, res.Penta)
		}
		for _, g := range res.Log {
			r := g.Result
			bColor := board.White
			if !g.AIsBlack {
				bColor = board.Black
			}
			want := c.plies
			if g.AIsBlack {
				want++
			}
			if r.Reason != c.reason || r.Loser != bColor || r.Detail == "" || len(r.Moves) != want {
				t.Errorf("%s game %d: %v, loser %v, %d plies, detail %q; want %v, loser %v, %d plies",
					c.mode, g.Index, r.Reason, r.Loser, len(r.Moves), r.Detail, c.reason, bColor, want)
			}
		}
	}
}

func TestMatchInProcess(t *testing.T) {
	dir := t.TempDir()
	openings := []*board.Position{}
	for _, s := range []string{"startpos moves 7g7f 3c3d", "startpos moves 2g2f 8c8d"} {
		p, err := ParseStart(s)
		if err != nil {
			t.Fatal(err)
		}
		openings = append(openings, p)
	}
	var reports int
	cfg := MatchConfig{
		A:        PlayerSpec{Engine: &EngineConfig{Name: "deep", HashMB: 1, Limits: search.Limits{Depth: 3}}},
		B:        PlayerSpec{Engine: &EngineConfig{Name: "shallow", HashMB: 1, Limits: search.Limits{Depth: 1}}},
		Openings: openings, Pairs: 2, Concurrency: 2,
		Rules:   Rules{EnteringKing: board.RuleCSA27, MaxPly: 160, EvalLimit: 3000},
		SaveDir: dir, SaveFormat: "csa",
		Progress: func(MatchResult) { reports++ },
	}
	res, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("W/D/L %d/%d/%d, Elo %.0f ± %.0f", res.Wins, res.Draws, res.Losses, res.Trinomial.Elo, res.Trinomial.ErrorBar())
	if res.Games != 4 || res.Wins+res.Draws+res.Losses != 4 || reports != 2 || len(res.Log) != 4 {
		t.Fatalf("%d games, %d reports, log %d", res.Games, reports, len(res.Log))
	}
	penta := 0
	for _, n := range res.Penta {
		penta += n
	}
	if penta != 2 {
		t.Errorf("penta %v", res.Penta)
	}
	for _, g := range res.Log {
		data, err := os.ReadFile(filepath.Join(dir, "game-0000"+string(rune('0'+g.Index))+".csa"))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.ReadCSA(data)
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		start, _ := rec.PositionAt(2)
		if start.SFEN() != openings[g.Opening].SFEN() || len(rec.Moves()) != 2+len(g.Result.Moves) || rec.Result() != g.Result.Outcome {
			t.Errorf("game %d: saved record disagrees (%d moves, %v)", g.Index, len(rec.Moves()), rec.Result())
		}
		wantBlack := "deep"
		if !g.AIsBlack {
			wantBlack = "shallow"
		}
		if rec.Black != wantBlack {
			t.Errorf("game %d: Black is %q, want %q", g.Index, rec.Black, wantBlack)
		}
		if g.Result.Reason == ReasonNone || g.Result.Reason >= ReasonIllegalMove {
			t.Errorf("game %d ended by %v", g.Index, g.Result.Reason)
		}
	}
}

func TestMatchSPRTStopsEarly(t *testing.T) {
	// A depth-3 engine against a first-legal-move USI engine: H1 (A is
	// stronger by 0..200 Elo... any real margin) is accepted long before 50 pairs.
	exe := buildBroken(t)
	cfg := MatchConfig{
		A:     PlayerSpec{Engine: &EngineConfig{HashMB: 1, Limits: search.Limits{Depth: 2}}},
		B:     PlayerSpec{USI: &USIConfig{Command: exe, Args: []string{"-mode", "ok"}, Limits: search.Limits{Depth: 1}}},
		Pairs: 50, Rules: Rules{MaxPly: 200, EvalLimit: 2000},
		SPRT: &SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05},
	}
	res, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.SPRTDecision != 1 || !res.Stopped || res.Games >= 100 {
		t.Errorf("SPRT: decision %d after %d games (W/D/L %d/%d/%d, LLR %.2f)", res.SPRTDecision, res.Games,
			res.Wins, res.Draws, res.Losses, res.LLR)
	}
}

func TestMatchSavesKIF(t *testing.T) {
	dir := t.TempDir()
	cfg := MatchConfig{
		A:     PlayerSpec{Engine: &EngineConfig{Name: "先手エンジン", HashMB: 1, Limits: search.Limits{Depth: 2}}},
		B:     PlayerSpec{Engine: &EngineConfig{Name: "engine-b", HashMB: 1, Limits: search.Limits{Depth: 1}}},
		Pairs: 1, Rules: Rules{MaxPly: 120}, SaveDir: dir, SaveFormat: "kif",
	}
	res, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Log {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%05d.kif", g.Index)))
		if err != nil {
			t.Fatal(err)
		}
		rec, enc, err := record.ReadKIF(data)
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		if enc != record.ShiftJIS || len(rec.Moves()) != len(g.Result.Moves) || rec.Result() != g.Result.Outcome {
			t.Errorf("game %d: %v, %d moves, %v; want Shift_JIS, %d, %v", g.Index, enc, len(rec.Moves()), rec.Result(),
				len(g.Result.Moves), g.Result.Outcome)
		}
		if want := map[bool]string{true: "先手エンジン", false: "engine-b"}[g.AIsBlack]; rec.Black != want {
			t.Errorf("game %d: Black %q, want %q", g.Index, rec.Black, want)
		}
	}
}

// TestMatchAgainstUSIEngine plays the library's own USI front end
// (cmd/shogi usi) as an external engine: no faults, real endings.
func TestMatchAgainstUSIEngine(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "shogi")
	out, err := exec.Command("go", "build", "-o", exe, "../../cmd/shogi").CombinedOutput()
	if err != nil {
		t.Fatalf("go build cmd/shogi: %v\n%s", err, out)
	}
	cfg := MatchConfig{
		A: PlayerSpec{Engine: &EngineConfig{Name: "inproc", HashMB: 1, Limits: search.Limits{Depth: 2}}},
		B: PlayerSpec{USI: &USIConfig{Name: "usi", Command: exe, Args: []string{"usi"},
			Options: [][2]string{{"USI_Hash", "1"}}, Limits: search.Limits{Depth: 2}, MoveTimeout: 30 * time.Second}},
		Pairs: 1, Rules: Rules{EnteringKing: board.RuleCSA27, MaxPly: 160},
	}
	res, err := Match(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 2 {
		t.Fatalf("%d games", res.Games)
	}
	for _, g := range res.Log {
		if r := g.Result.Reason; r == ReasonNone || r >= ReasonIllegalMove {
			t.Errorf("game %d: %v (%s) after %d plies", g.Index, r, g.Result.Detail, len(g.Result.Moves))
		}
		scored := 0
		for i, s := range g.Result.Scores {
			// The USI engine's moves carry the score of its info lines.
			if (i%2 == 1) == g.AIsBlack && s != search.ScoreNone {
				scored++
			}
		}
		if scored == 0 {
			t.Errorf("game %d: no score read from the USI engine's info lines", g.Index)
		}
	}
}
