package mate

import (
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
// on a shared machine), nodes, nodes/s (wall), the table memory used, and
// solved (1 when the limit left time for a verified mate).
func BenchmarkPublic(b *testing.B) {
	for _, pr := range loadProblems(b) {
		b.Run(pr.id, func(b *testing.B) {
			pos := tsumePosition(b, pr.sfen)
			s := New(benchTableMB)
			var nodes uint64
			var used int
			solved := 1.0
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				s.Clear()
				res, err := s.Solve(pos, Limits{Time: benchTimeLimit})
				if err != nil {
					b.Fatal(err)
				}
				if res.Status != Mate {
					solved = 0
					b.Logf("%s: %v after %d nodes, %v", pr.id, res.Status, res.Nodes, res.Time)
				}
				nodes += res.Nodes
				used = res.TableUsed
			}
			b.ReportMetric(float64((cputime.Process()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(used*entryBytes)/(1<<20), "tableMB")
			b.ReportMetric(solved, "solved")
		})
	}
}
