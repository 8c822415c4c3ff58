package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestEvaluateAfter: over random games, EvaluateAfter of every legal move
// (king moves, captures, drops and promotions included) equals a full
// evaluation of the position after the move, at random plies whose
// accumulators are computed or not, and leaves the evaluator following
// the game (checked by its own evaluation after each real move), at every
// kernel level, for the 256 test and stress nets and for layouts without
// the fused kernel (1024x2-8-96), with every move refreshing (HalfKPE9)
// and with a LayerStack chosen by the kings (SFNN).
func TestEvaluateAfter(t *testing.T) { forLevels(t, testEvaluateAfter) }

func testEvaluateAfter(t *testing.T) {
	nets := map[string]*Net{"test": testNets(t)["test"], "stress": testNets(t)["stress"]}
	for _, arch := range []string{"halfkahm2_1024x2-8-96", "halfkpe9_256x2-32-32", "sfnn1536"} {
		net, err := evaluateAfterNet(arch)
		if err != nil {
			t.Fatal(err)
		}
		nets[arch] = net
	}
	plies := 120
	if testing.Short() {
		plies = 40
	}
	for name, net := range nets {
		checks := 0
		r := rand.New(rand.NewPCG(uint64(len(name)), 24))
		pos := board.NewPosition()
		ev := NewEvaluator(net)
		ev.Reset(pos)
		var ml board.MoveList
		for ply := 0; ply < plies; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Slice() {
				if r.IntN(3) == 0 { // the parent computed by one and not the other
					ev.Evaluate(pos)
				}
				got := ev.EvaluateAfter(pos, m)
				pos.DoMove(m)
				want := net.Evaluate(pos, ev.FVScale())
				pos.UndoMove()
				if got != want {
					t.Fatalf("%s ply %d %s move %s: EvaluateAfter %d, full evaluation %d", name, ply, pos.SFEN(), m.USI(), got, want)
				}
				checks++
			}
			ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
			if r.IntN(2) == 0 {
				if got, want := ev.Evaluate(pos), net.Evaluate(pos, ev.FVScale()); got != want {
					t.Fatalf("%s ply %d %s: evaluator %d after EvaluateAfter calls, full evaluation %d", name, ply, pos.SFEN(), got, want)
				}
			}
		}
		t.Logf("%s: %d moves evaluated", name, checks)
	}
}

// evaluateAfterNets caches the test nets of other layouts (each costs a
// second or more to draw).
var evaluateAfterNets = map[string]*Net{}

func evaluateAfterNet(arch string) (*Net, error) {
	if n := evaluateAfterNets[arch]; n != nil {
		return n, nil
	}
	n, err := MakeTestNetNamed(arch, "test", 1)
	if err == nil {
		evaluateAfterNets[arch] = n
	}
	return n, err
}
