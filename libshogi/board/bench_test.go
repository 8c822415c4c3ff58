package board

import "testing"

var benchSFENs = []string{
	StartSFEN,
	"l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
	"6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
}

func BenchmarkPerft5(b *testing.B) {
	p := NewPosition()
	var leaves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		leaves += p.Perft(5)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkGenerateLegal(b *testing.B) {
	var ps []*Position
	for _, s := range benchSFENs {
		p, _ := FromSFEN(s)
		ps = append(ps, p)
	}
	var ml MoveList
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ps[i%len(ps)].GenerateLegal(&ml)
	}
}

func BenchmarkDoUndo(b *testing.B) {
	p, _ := FromSFEN(benchSFENs[2])
	var ml MoveList
	p.GenerateLegal(&ml)
	moves := ml.Slice()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.DoMove(moves[i%len(moves)])
		p.UndoMove()
	}
}

func BenchmarkFromSFEN(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := FromSFEN(benchSFENs[i%len(benchSFENs)]); err != nil {
			b.Fatal(err)
		}
	}
}
