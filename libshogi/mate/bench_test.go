package mate

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/libshogi/libshogi/internal/cputime"
)

// The setting: a 1 GB table and 60 s per problem.
const (
	benchTableMB   = 1024
	benchTimeLimit = 60 * time.Second
)

// BenchmarkPublic solves each public problem from an empty table of
// benchTableMB with a benchTimeLimit and reports CPU time (the fair measure
// on a shared machine), nodes, nodes/s (wall) and nodes per CPU second,
// the table memory used (peak), the line's plies, and solved (1 when the
// limit left time for a verified mate).
//
// On a loaded machine the wall clock runs ahead of the CPU:
// LIBSHOGI_MATE_BENCH_CPU (a duration, e.g. 60s) makes the limit the
// process's CPU time instead (read every 50 ms; the solve is stopped).
func BenchmarkPublic(b *testing.B) {
	cpuLimit, _ := time.ParseDuration(os.Getenv("LIBSHOGI_MATE_BENCH_CPU"))
	for _, pr := range loadProblems(b) {
		b.Run(pr.id, func(b *testing.B) {
			pos := tsumePosition(b, pr.sfen)
			lim := Limits{Time: benchTimeLimit}
			if cpuLimit > 0 {
				lim.Time = 0
			}
			s := New(benchTableMB)
			var nodes uint64
			var used, plies int
			solved := 1.0
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				s.Clear()
				done := make(chan struct{})
				if cpuLimit > 0 {
					go stopAtCPU(s, cputime.Process()+cpuLimit, done)
				}
				res, err := s.Solve(pos, lim)
				close(done)
				if err != nil {
					b.Fatal(err)
				}
				if res.Status != Mate {
					solved = 0
					b.Logf("%s: %v after %d nodes, %v", pr.id, res.Status, res.Nodes, res.Time)
				}
				nodes += res.Nodes
				used = res.TableUsed
				plies = len(res.Line)
			}
			cpu := cputime.Process() - cpu0
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(used*entryBytes)/(1<<20), "tableMB")
			b.ReportMetric(solved, "solved")
			b.ReportMetric(float64(plies), "plies")
		})
	}
}

// stopAtCPU stops s once the process's CPU time reaches at (or done closes).
func stopAtCPU(s *Solver, at time.Duration, done chan struct{}) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if cputime.Process() >= at {
				s.Stop()
				return
			}
		}
	}
}

// BenchmarkNodes is the node rate of the main df-pn on zukou-001 (not
// solved within the budget) with the 1 GB table: CPU time per
// node from a cleared table, a fixed number of nodes per op.
func BenchmarkNodes(b *testing.B) {
	const nodes = 300_000
	var pr problem
	for _, p := range loadProblems(b) {
		if p.id == "zukou-001" {
			pr = p
		}
	}
	pos := tsumePosition(b, pr.sfen)
	s := New(benchTableMB)
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		s.Clear()
		if _, err := s.Solve(pos, Limits{Nodes: nodes}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N*nodes), "cpu-ns/node")
}

// BenchmarkMainProof runs only the main df-pn (no line work) of each
// public problem from a cleared 1 GB table, up to LIBSHOGI_MATE_MAIN_NODES
// nodes (default 40M). Its nodes-to-proof figure does not depend on the
// machine's load (the search is deterministic), so table and search
// changes compare by it: go test -run XXX -bench 'MainProof/zukou-001$'
// -benchtime 1x.
func BenchmarkMainProof(b *testing.B) {
	cap := uint64(40_000_000)
	if v, err := strconv.ParseUint(os.Getenv("LIBSHOGI_MATE_MAIN_NODES"), 10, 64); err == nil {
		cap = v
	}
	for _, pr := range loadProblems(b) {
		b.Run(pr.id, func(b *testing.B) {
			pos := tsumePosition(b, pr.sfen)
			s := New(benchTableMB)
			proven, nodes := 0.0, uint64(0)
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				s.Clear()
				s.tt.peak = 0
				s.begin(pos)
				s.maxNodes = cap
				r := s.mid(0, inf, inf)
				proven = 0
				if r.pn == 0 {
					proven = 1
				}
				nodes += s.nodes
				s.maxNodes = 0
			}
			cpu := cputime.Process() - cpu0
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(s.tt.peak*entryBytes)/(1<<20), "tableMB")
			b.ReportMetric(proven, "proven")
		})
	}
}
