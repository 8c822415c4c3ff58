package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/nnue"
)

func testNetFactory(tb testing.TB) EvalFactory {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		tb.Fatal(err)
	}
	return NNUEFactory(net, 0)
}

func benchEngine(b *testing.B, threads int, depth int) {
	opts := DefaultOptions()
	opts.Threads = threads
	opts.HashMB = 64
	opts.Eval = testNetFactory(b)
	e := NewEngine(opts)
	b.ReportAllocs()
	b.ResetTimer()
	var total uint64
	var secs float64
	for i := 0; i < b.N; i++ {
		n, el := Bench(e, depth, nil)
		total += n
		secs += el.Seconds()
	}
	b.ReportMetric(float64(total)/secs, "nps")
	b.ReportMetric(float64(total)/float64(b.N), "nodes/op")
}

func BenchmarkSearch1Thread(b *testing.B)  { benchEngine(b, 1, 11) }
func BenchmarkSearch2Threads(b *testing.B) { benchEngine(b, 2, 11) }
func BenchmarkSearchMaterial(b *testing.B) {
	opts := DefaultOptions()
	e := NewEngine(opts)
	b.ReportAllocs()
	b.ResetTimer()
	var total uint64
	var secs float64
	for i := 0; i < b.N; i++ {
		n, el := Bench(e, 10, nil)
		total += n
		secs += el.Seconds()
	}
	b.ReportMetric(float64(total)/secs, "nps")
}
