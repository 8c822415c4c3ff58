package book

import (
	"math/rand"

	"github.com/libshogi/libshogi/libshogi/board"
)

// genBook builds a book of about n positions from seeded random playouts:
// every visited position gets one to four of its legal moves with random
// fields and the playout goes on with one of them, so that every position
// is reachable through book moves from the start (eval in int16 and count in uint16, so that every format holds
// them). It also returns positions of the same playouts that are not in
// the book, for misses.
func genBook(n int, seed int64) (*Book, []*board.Position) {
	rng := rand.New(rand.NewSource(seed))
	b := New()
	var misses []*board.Position
	var ml board.MoveList
	for b.Len() < n {
		p := board.NewPosition()
		for ply := 0; ply < 80 && b.Len() < n; ply++ {
			p.GenerateLegal(&ml)
			legal := ml.Slice()
			if len(legal) == 0 {
				break
			}
			key := SFENKey(p)
			e := b.Get(key)
			if e == nil {
				e = b.Entry(key, p.Ply())
				k := 1 + rng.Intn(4)
				for i := 0; i < k; i++ {
					m := legal[rng.Intn(len(legal))]
					e.Add(Move{Move: m.Move16(), Eval: int32(rng.Intn(4001) - 2000), Depth: int32(rng.Intn(40)),
						Count: uint64(1 + rng.Intn(1000)), Fields: HasEval | HasDepth | HasCount})
				}
			}
			if rng.Intn(16) == 0 && len(misses) < 50000 {
				q := p.Clone()
				q.DoMove(legal[rng.Intn(len(legal))])
				misses = append(misses, q)
			}
			next, _ := p.MoveFromMove16(e.Moves[rng.Intn(len(e.Moves))].Move)
			p.DoMove(next)
		}
	}
	// A miss may have entered the book later in the generation.
	kept := misses[:0]
	for _, p := range misses {
		if b.Get(SFENKey(p)) == nil {
			kept = append(kept, p)
		}
	}
	return b, kept
}
