package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestPushAfter: over random games, PushAfter of every legal move equals
// a full evaluation of the position after it, whether the parent was
// computed (pushLeaf's one step where the layout has it) or not (its
// accumulators computed first without a forward pass, computeBoth, from a
// parent one or two plies back); the game goes on through PushAfter plus
// the deferred make as often as through DoMove, and the evaluator's own
// evaluation of the game's positions stays exact, at every kernel level,
// for the 256 test and stress nets and layouts without the fused kernel
// (HalfKPE9, whose every move refreshes, is refused throughout).
func TestPushAfter(t *testing.T) { forLevels(t, testPushAfter) }

func testPushAfter(t *testing.T) {
	nets := map[string]*Net{"test": testNets(t)["test"], "stress": testNets(t)["stress"]}
	for _, arch := range []string{"halfkahm2_1024x2-8-96", "halfkpe9_256x2-32-32"} {
		net, err := evaluateAfterNet(arch)
		if err != nil {
			t.Fatal(err)
		}
		nets[arch] = net
	}
	plies := 100
	if testing.Short() {
		plies = 40
	}
	for name, net := range nets {
		r := rand.New(rand.NewPCG(uint64(len(name)), 26))
		pos := board.NewPosition()
		ev := NewEvaluator(net)
		ev.Reset(pos)
		var ml board.MoveList
		pushed, cold := 0, 0
		full := func(m board.Move) int {
			pos.DoMove(m)
			defer pos.UndoMove()
			return net.Evaluate(pos, ev.FVScale())
		}
		for ply := 0; ply < plies; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			real := ml.Moves[r.IntN(ml.N)]
			for _, k := range r.Perm(ml.N) { // king moves (refused) are not always first
				m := ml.Moves[k]
				if m == real {
					continue
				}
				wasComputed := ev.plies[ev.sp].computed == [2]bool{true, true}
				sp := ev.Ply()
				v, ok := ev.PushAfter(pos, m)
				if !ok {
					if ev.Ply() != sp {
						t.Fatalf("%s %s move %s: PushAfter refused but pushed", name, pos.SFEN(), m.USI())
					}
					continue
				}
				if want := full(m); v != want {
					t.Fatalf("%s ply %d %s move %s: PushAfter %d, full evaluation %d (parent computed: %v)", name, ply, pos.SFEN(), m.USI(), v, want, wasComputed)
				}
				pushed++
				if !wasComputed {
					cold++
				}
				ev.PopAfter()
			}
			if r.IntN(2) == 0 {
				if v, ok := ev.PushAfter(pos, real); ok {
					if want := full(real); v != want {
						t.Fatalf("%s ply %d %s move %s: PushAfter %d, full evaluation %d", name, ply, pos.SFEN(), real.USI(), v, want)
					}
					pos.DoMove(real) // the deferred make: the evaluator follows
				} else {
					ev.DoMove(pos, real)
				}
			} else {
				ev.DoMove(pos, real)
				if r.IntN(2) == 0 { // and a second ply without evaluation
					pos.GenerateLegal(&ml)
					if ml.N == 0 {
						break
					}
					ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
				}
			}
			if r.IntN(3) == 0 {
				if got, want := ev.Evaluate(pos), net.Evaluate(pos, ev.FVScale()); got != want {
					t.Fatalf("%s ply %d %s: evaluator %d, full evaluation %d", name, ply, pos.SFEN(), got, want)
				}
			}
		}
		if net.Arch.Features.Kind == KindHalfKPE9 { // every move refreshes: nothing to push
			if pushed != 0 {
				t.Fatalf("%s: %d moves pushed, want none", name, pushed)
			}
			continue
		}
		if pushed == 0 || cold == 0 {
			t.Fatalf("%s: %d moves pushed, %d of them on a parent not computed: both kinds should occur", name, pushed, cold)
		}
		t.Logf("%s: %d moves pushed, %d on a parent not computed", name, pushed, cold)
	}
}
