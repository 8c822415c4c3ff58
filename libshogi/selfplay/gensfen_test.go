package selfplay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

func smallGensfen(dir string, games int64, threads int) GensfenConfig {
	return GensfenConfig{
		Engine:   EngineConfig{HashMB: 1, Limits: search.Limits{Depth: 2}},
		EvalName: "builtin", Threads: threads,
		Rules: Rules{EnteringKing: board.RuleCSA27, MaxPly: 60, EvalLimit: 2000},
		Games: games, Seed: 7, RandomMoves: 4, RandomMaxPly: 12, MultiPV: 3, MultiPVPlies: 16, MultiPVMargin: 50,
		WriteMinPly: 4, Dir: dir, Prefix: "gen", Formats: FormatPSV | FormatHCPE, ShardRecords: 50,
	}
}

// readShards concatenates the shards of one format in order.
func readShards(t *testing.T, dir, ext string) []byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "gen-*"+ext))
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

func TestGensfenRecordsComeFromTheGames(t *testing.T) {
	dir := t.TempDir()
	cfg := smallGensfen(dir, 4, 2)
	var mu sync.Mutex
	games := map[string]struct {
		result int8 // for the side to move
		legal  bool
	}{}
	cfg.OnGame = func(_ int64, g *GameResult) {
		mu.Lock()
		defer mu.Unlock()
		pos, _ := board.FromSFEN(g.StartSFEN)
		for _, m := range g.Moves {
			d := pos.Setup()
			games[d.SFEN()] = struct {
				result int8
				legal  bool
			}{g.ResultFor(pos.SideToMove()), true}
			pos.DoMove(m)
		}
	}
	res, err := Gensfen(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d plies, %d records, %d filtered", res.Games, res.Plies, res.Positions, res.Filtered)
	if res.Games != 4 || res.Positions == 0 {
		t.Fatalf("games %d positions %d", res.Games, res.Positions)
	}
	psv := readShards(t, dir, ".bin")
	hcpe := readShards(t, dir, ".hcpe")
	if int64(len(psv)) != res.Positions*record.PSVSize || int64(len(hcpe)) != res.Positions*record.HCPESize {
		t.Fatalf("file sizes %d / %d for %d records", len(psv), len(hcpe), res.Positions)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "gen-*.bin")); int64(len(files)) != (res.Positions+49)/50 {
		t.Errorf("%d shards for %d records of 50", len(files), res.Positions)
	}
	pr := record.NewPSVReader(bytes.NewReader(psv), record.StopOnError)
	hr := record.NewHCPEReader(bytes.NewReader(hcpe), record.StopOnError)
	for n := int64(0); ; n++ {
		p, err := pr.Next()
		if errors.Is(err, io.EOF) {
			if n != res.Positions {
				t.Errorf("read %d records, want %d", n, res.Positions)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		d := pr.Diagram()
		g, ok := games[d.SFEN()]
		if !ok {
			t.Fatalf("record %d: %s did not occur in the games", n, d.SFEN())
		}
		if p.Result != g.result || int(p.GamePly) != d.Ply || d.Ply < cfg.WriteMinPly {
			t.Errorf("record %d: result %d ply %d, want %d (ply >= %d)", n, p.Result, p.GamePly, g.result, cfg.WriteMinPly)
		}
		pos, err := board.FromSetup(d, board.SFENOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if pos.InCheck() {
			t.Errorf("record %d: in check (filtered by default)", n)
		}
		if _, err := pos.MoveFromMove16(p.Move); err != nil {
			t.Errorf("record %d: best move: %v", n, err)
		}
		h, err := hr.Next()
		if err != nil {
			t.Fatal(err)
		}
		if hr.Diagram().SFEN4() != d.SFEN4() || h.Eval != p.Score || board.HcpeToMove16(h.BestMove16) != p.Move {
			t.Errorf("record %d: hcpe disagrees with psv", n)
		}
	}
}

func TestGensfenDeterministicAndResumable(t *testing.T) {
	one := t.TempDir()
	if _, err := Gensfen(context.Background(), smallGensfen(one, 6, 1)); err != nil {
		t.Fatal(err)
	}
	want := readShards(t, one, ".bin")

	// Two workers: the games are committed in game order, so the bytes are the same.
	two := t.TempDir()
	if _, err := Gensfen(context.Background(), smallGensfen(two, 6, 2)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readShards(t, two, ".bin"), want) {
		t.Error("2 workers wrote other records than 1 worker")
	}

	// Resume: 2 games, a torn write after them, then up to 6.
	res := t.TempDir()
	if _, err := Gensfen(context.Background(), smallGensfen(res, 2, 1)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(res, "gen-*.bin"))
	f, _ := os.OpenFile(files[len(files)-1], os.O_APPEND|os.O_WRONLY, 0)
	f.Write(make([]byte, 17))
	f.Close()
	r, err := Gensfen(context.Background(), smallGensfen(res, 6, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 6 || !bytes.Equal(readShards(t, res, ".bin"), want) {
		t.Errorf("resumed run: %d games, records equal: %v", r.Games, bytes.Equal(readShards(t, res, ".bin"), want))
	}
	// A finished run does nothing more.
	if r, err := Gensfen(context.Background(), smallGensfen(res, 6, 1)); err != nil || r.Games != 6 {
		t.Errorf("rerun: %v, %d games", err, r.Games)
	}
	// Other settings on the same files are refused.
	other := smallGensfen(res, 6, 1)
	other.Seed = 8
	if _, err := Gensfen(context.Background(), other); err == nil {
		t.Error("resuming with another seed was accepted")
	}
}

func TestGensfenFiltersAndDedup(t *testing.T) {
	dir := t.TempDir()
	cfg := smallGensfen(dir, 6, 1)
	cfg.RandomMoves, cfg.RandomMaxPly = 8, 10 // wild games: captures, checks, big scores
	cfg.Dedup, cfg.SkipNoisy, cfg.ScoreLimit = true, true, 300
	res, err := Gensfen(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d records, %d duplicates, %d filtered", res.Positions, res.Duplicates, res.Filtered)
	if res.Filtered == 0 {
		t.Error("nothing filtered")
	}
	seen := map[string]bool{}
	pr := record.NewPSVReader(bytes.NewReader(readShards(t, dir, ".bin")), record.StopOnError)
	for {
		p, err := pr.Next()
		if err != nil {
			break
		}
		d := pr.Diagram()
		if seen[d.SFEN4()] {
			t.Errorf("duplicate %s", d.SFEN4())
		}
		seen[d.SFEN4()] = true
		if p.Score > 300 || p.Score < -300 {
			t.Errorf("score %d beyond the limit", p.Score)
		}
		pos, _ := board.FromSetup(d, board.SFENOptions{})
		m, _ := pos.MoveFromMove16(p.Move)
		if m.IsPromotion() || (!m.IsDrop() && pos.PieceOn(m.To()) != board.NoPiece) {
			t.Errorf("noisy best move %s kept", m.USI())
		}
	}
	if int64(len(seen)) != res.Positions {
		t.Errorf("%d distinct of %d", len(seen), res.Positions)
	}
}

func TestGensfenPositionsTarget(t *testing.T) {
	dir := t.TempDir()
	cfg := smallGensfen(dir, 0, 2)
	cfg.Positions = 30
	res, err := Gensfen(context.Background(), cfg)
	if err != nil || res.Positions != 30 {
		t.Fatalf("%v: %d positions, want 30", err, res.Positions)
	}
	if n := len(readShards(t, dir, ".bin")); n != 30*record.PSVSize {
		t.Errorf("%d bytes", n)
	}
}

func TestGensfenDedup(t *testing.T) {
	dir := t.TempDir()
	cfg := smallGensfen(dir, 3, 1)
	cfg.RandomMoves, cfg.MultiPV = 0, 0 // every game the same
	cfg.Dedup = true
	res, err := Gensfen(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	one := smallGensfen(t.TempDir(), 1, 1)
	one.RandomMoves, one.MultiPV = 0, 0
	single, err := Gensfen(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	// The first game has no repeated position once its repetitions are
	// counted; the two others add nothing.
	if res.Positions >= single.Positions || res.Duplicates != 3*single.Positions-res.Positions {
		t.Errorf("3 identical games: %d records, %d duplicates; one game: %d records", res.Positions, res.Duplicates, single.Positions)
	}
	// Resuming rebuilds the key set from the shards.
	cfg.Games = 4
	more, err := Gensfen(context.Background(), cfg)
	if err != nil || more.Positions != res.Positions || more.Duplicates != single.Positions {
		t.Errorf("resumed: %v, %d records (want %d), %d duplicates", err, more.Positions, res.Positions, more.Duplicates)
	}
}

func TestGensfenDeterministicAtFixedNodes(t *testing.T) {
	var runs [][]byte
	for _, threads := range []int{1, 1, 2} {
		dir := t.TempDir()
		cfg := smallGensfen(dir, 3, threads)
		cfg.Engine.Limits = search.Limits{Nodes: 1000}
		if _, err := Gensfen(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, readShards(t, dir, ".bin"))
	}
	if len(runs[0]) == 0 || !bytes.Equal(runs[0], runs[1]) || !bytes.Equal(runs[0], runs[2]) {
		t.Error("fixed-node generation is not reproducible")
	}
}

func TestGensfenMultiPVChoice(t *testing.T) {
	games := func(multiPV int) map[string]bool {
		cfg := smallGensfen(t.TempDir(), 4, 1)
		cfg.RandomMoves, cfg.MultiPV, cfg.MultiPVPlies, cfg.MultiPVMargin = 0, multiPV, 12, 1000
		seen := map[string]bool{}
		cfg.OnGame = func(_ int64, g *GameResult) { seen[fmt.Sprint(usiMoves(g.Moves[:min(12, len(g.Moves))]))] = true }
		if _, err := Gensfen(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return seen
	}
	if n := len(games(0)); n != 1 {
		t.Errorf("without randomisation: %d different openings, want 1", n)
	}
	if n := len(games(4)); n < 2 {
		t.Errorf("MultiPV 4 within a wide margin: %d different openings", n)
	}
}

func TestGensfenEndsWhenNothingIsWritten(t *testing.T) {
	cfg := smallGensfen(t.TempDir(), 0, 1)
	cfg.Positions = 10
	mated, err := board.FromSFEN("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2") // White is checkmated
	if err != nil {
		t.Fatal(err)
	}
	cfg.Starts = []*board.Position{mated}
	if _, err := Gensfen(context.Background(), cfg); err == nil {
		t.Error("a run that can write nothing did not fail")
	}
}
