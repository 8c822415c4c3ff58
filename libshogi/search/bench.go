package search

import (
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// BenchPositions are the bench positions: the start position and the four
// standard positions of the NNUE golden data.
var BenchPositions = []string{
	board.StartSFEN,
	"lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
	"l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
	"6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
}

// BenchDepth is the default bench depth.
const BenchDepth = 13

// BenchResult is the outcome of one bench position.
type BenchResult struct {
	SFEN   string
	Result Result
}

// Bench searches every bench position to depth, starting each from a
// cleared table and cleared statistics (so that the node count at one
// thread is a signature of the search), and returns the total node count
// and time. perPos (may be nil) is called after each position.
func Bench(e *Engine, depth int, perPos func(BenchResult)) (nodes uint64, elapsed time.Duration) {
	for _, s := range BenchPositions {
		pos, err := board.FromSFEN(s)
		if err != nil {
			panic(err)
		}
		e.NewGame()
		r := e.Search(pos, Limits{Depth: depth}, nil)
		nodes += r.Nodes
		elapsed += r.Time
		if perPos != nil {
			perPos(BenchResult{SFEN: s, Result: r})
		}
	}
	return nodes, elapsed
}
