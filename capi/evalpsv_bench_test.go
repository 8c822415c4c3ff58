package main

import (
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/training"
)

// benchPositions are n positions of random games (deterministic).
func benchPositions(tb testing.TB, n int) []*board.Position {
	rnd := rand.New(rand.NewSource(1))
	var out []*board.Position
	p := board.NewPosition()
	var ml board.MoveList
	for len(out) < n {
		p.GenerateLegal(&ml)
		if ml.N == 0 || p.Ply() > 150 {
			p = board.NewPosition()
			continue
		}
		p.DoMove(ml.Moves[rnd.Intn(ml.N)])
		q, err := board.FromSFEN(p.SFEN())
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, q)
	}
	return out
}

func psvOf(tb testing.TB, ps []*board.Position) []byte {
	buf := make([]byte, len(ps)*record.PSVSize)
	for i, p := range ps {
		d := p.Setup()
		r, err := record.NewPSV(&d, 0, 0, 0)
		if err != nil {
			tb.Fatal(err)
		}
		r.Encode(buf[i*record.PSVSize:])
	}
	return buf
}

// TestEvaluatePSVMatchesPositions: the PSV path gives each position's own
// evaluation.
func TestEvaluatePSVMatchesPositions(t *testing.T) {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	ps := benchPositions(t, 3000) // over the parallel threshold
	out := make([]int32, len(ps))
	if _, err := training.EvaluatePSVs(net, psvOf(t, ps), 16, out); err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if want := int32(net.Evaluate(p, 16)); out[i] != want {
			t.Fatalf("position %d %s: %d, want %d", i, p.SFEN(), out[i], want)
		}
	}
}

// BenchmarkEvaluatePSV and BenchmarkEvaluateSFEN compare the per-position
// cost of the two bulk paths on the same positions (the SFEN path reuses
// one Position per worker and parses text; see shogi_network_evaluate_sfens).
func BenchmarkEvaluatePSV(b *testing.B) {
	net, _ := nnue.MakeTestNet("test", 1)
	ps := benchPositions(b, 10000)
	in := psvOf(b, ps)
	out := make([]int32, len(ps))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := training.EvaluatePSVs(net, in, 16, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/pos")
}

func BenchmarkEvaluateSFEN(b *testing.B) {
	net, _ := nnue.MakeTestNet("test", 1)
	ps := benchPositions(b, 10000)
	sfens := make([]string, len(ps))
	for i, p := range ps {
		sfens[i] = p.SFEN()
	}
	out := make([]int32, len(ps))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := board.NewPosition()
		for j, s := range sfens {
			if err := p.SetSFEN(s, board.SFENOptions{}); err != nil {
				b.Fatal(err)
			}
			out[j] = int32(net.Evaluate(p, 16))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/pos")
}
