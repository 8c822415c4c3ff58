package selfplay

import (
	"context"
	"fmt"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// benchHashMB is the generation default: the table is cleared at every
// game (for reproducible games), so its size is paid once a game.
const benchHashMB = 4

// BenchmarkGensfen writes b.N positions; it reports positions per second,
// positions per CPU-second of the process (on a machine whose cores other
// work shares, the ratio of 2 workers to 1 in this unit shows the scaling
// that wall time cannot) and the share of the workers' time spent outside
// the searches (the loop's overhead: moves, records, encoding, files).
// To compare thread counts, fix b.N (-benchtime 3000x): the records are
// written in game order, so equal b.N means the same games; with b.N left
// to the framework each count measures other games (scripts/gensfen-scaling.sh
// measures the ratio over whole games).
func BenchmarkGensfen(b *testing.B) {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		b.Fatal(err)
	}
	evals := []struct {
		name string
		net  *nnue.Net
	}{{"builtin", nil}, {"testnet", net}}
	limits := []struct {
		name string
		lim  search.Limits
	}{{"depth6", search.Limits{Depth: 6}}, {"nodes10k", search.Limits{Nodes: 10000}}}
	for _, l := range limits {
		for _, e := range evals {
			for _, threads := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/threads%d", l.name, e.name, threads), func(b *testing.B) {
					cfg := GensfenConfig{
						Engine:   EngineConfig{Net: e.net, HashMB: benchHashMB, Limits: l.lim},
						EvalName: e.name, Threads: threads,
						Rules:     Rules{EnteringKing: board.RuleCSA27, MaxPly: 320, EvalLimit: 3000},
						Positions: int64(b.N), Seed: 1, RandomMoves: 8, RandomMaxPly: 24, WriteMinPly: 1,
						Dir: b.TempDir(), Prefix: "bench", Formats: FormatPSV | FormatHCPE,
					}
					b.ResetTimer()
					cpu0 := cputime.Process()
					res, err := Gensfen(context.Background(), cfg)
					if cpu := cputime.Process() - cpu0; cpu > 0 {
						b.ReportMetric(float64(res.Positions)/cpu.Seconds(), "pos/cpu-s")
					}
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(res.Positions)/res.Elapsed.Seconds(), "pos/s")
					b.ReportMetric(100*(1-res.SearchTime.Seconds()/res.WorkerTime.Seconds()), "%overhead")
				})
			}
		}
	}
}
