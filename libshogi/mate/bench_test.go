package mate

import (
	"testing"
)

// BenchmarkPublic solves each public problem from an empty 1 GB-capped
// table (64 MB here: these problems use far less) and reports nodes/s.
func BenchmarkPublic(b *testing.B) {
	for _, pr := range loadProblems(b) {
		b.Run(pr.id, func(b *testing.B) {
			pos := tsumePosition(b, pr.sfen)
			s := New(benchTableMB)
			var nodes uint64
			var used int
			for i := 0; i < b.N; i++ {
				s.Clear()
				res, err := s.Solve(pos, Limits{Time: benchTimeLimit})
				if err != nil {
					b.Fatal(err)
				}
				if res.Status != Mate {
					b.Fatalf("%s: %v after %d nodes", pr.id, res.Status, res.Nodes)
				}
				nodes += res.Nodes
				used = res.TableUsed
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(used*entryBytes)/(1<<20), "tableMB")
		})
	}
}
