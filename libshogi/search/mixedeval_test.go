package search

import (
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// The blend follows moves, null moves and undos incrementally and gives
// at every node the blend of both evaluations computed from scratch.
func TestMixedEvalIsTheBlendOfBothEvaluations(t *testing.T) {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	const mix = 25
	fresh := func(pos *board.Position) int {
		n := nnue.NewEvaluator(net)
		n.Reset(pos)
		m := NewMaterialEval()
		m.Reset(pos)
		return ((100-mix)*n.Evaluate(pos) + mix*m.Evaluate(pos)) / 100
	}
	rng := rand.New(rand.NewSource(11))
	checked, differs := 0, 0
	for _, sfen := range BenchPositions {
		pos, err := board.FromSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		e := newMixedEval(nnue.NewEvaluator(net), mix)
		e.Reset(pos)
		depth := 0
		for step := 0; step < 300; step++ {
			var ml board.MoveList
			pos.GenerateLegal(&ml)
			switch r := rng.Intn(10); {
			case depth > 0 && (r < 3 || ml.N == 0):
				if pos.LastMove() == board.MoveNull {
					e.UndoNullMove(pos)
				} else {
					e.UndoMove(pos)
				}
				depth--
			case r == 3 && !pos.InCheck() && pos.LastMove() != board.MoveNull:
				e.DoNullMove(pos)
				depth++
			case ml.N > 0:
				e.DoMove(pos, ml.Moves[rng.Intn(ml.N)])
				depth++
			default:
				continue
			}
			got, want := e.Evaluate(pos), fresh(pos)
			if got != want {
				t.Fatalf("%s after %d steps: blend %d, from scratch %d", pos.SFEN(), step, got, want)
			}
			checked++
			if got != e.net.Evaluate(pos) {
				differs++
			}
		}
	}
	if checked < 1000 || differs < checked/2 {
		t.Fatalf("%d positions checked, %d where the blend is not the net's value", checked, differs)
	}
}

// Only a net that carries a mix (the default net) is blended.
func TestNNUEFactoryBlendsOnlyANetWithAMix(t *testing.T) {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := NNUEFactory(net, 0)().(*nnue.Evaluator); !ok {
		t.Fatal("a test net is not searched on its own value")
	}
	def, err := nnue.LoadDefault(nnue.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ev, ok := NNUEFactory(def, 0)().(*mixedEval)
	if !ok || ev.mix != def.MaterialMix || def.MaterialMix <= 0 {
		t.Fatalf("the default net (mix %d) is searched with %T", def.MaterialMix, NNUEFactory(def, 0)())
	}
}

// WithMaterialMix gives a net another mix without touching the original.
func TestWithMaterialMixSetsTheBlend(t *testing.T) {
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	mixed, err := net.WithMaterialMix(40)
	if err != nil {
		t.Fatal(err)
	}
	if ev, ok := NNUEFactory(mixed, 0)().(*mixedEval); !ok || ev.mix != 40 || net.MaterialMix != 0 {
		t.Fatalf("mix 40: searched with %T, original mix %d", NNUEFactory(mixed, 0)(), net.MaterialMix)
	}
	if &mixed.FTWeight[0] != &net.FTWeight[0] {
		t.Fatal("the copy does not share the weights")
	}
	def, err := nnue.LoadDefault(nnue.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := def.WithMaterialMix(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := NNUEFactory(alone, 0)().(*nnue.Evaluator); !ok || def.MaterialMix == 0 {
		t.Fatalf("the default net at mix 0 is searched with %T (shared net's mix %d)", NNUEFactory(alone, 0)(), def.MaterialMix)
	}
	for _, bad := range []int{-1, nnue.MaxMaterialMix + 1} {
		if _, err := net.WithMaterialMix(bad); err == nil {
			t.Errorf("mix %d accepted", bad)
		}
	}
}
