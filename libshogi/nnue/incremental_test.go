package nnue

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// TestIncrementalRandomGames plays random games of hundreds of plies and
// checks after every do and every undo that the incremental evaluator
// equals a full refresh, for both test nets. Evaluations are requested at
// random plies only, so lazy chains over several plies, null moves and
// king-move refreshes are all exercised.
func TestIncrementalRandomGames(t *testing.T) { forLevels(t, testIncrementalRandomGames) }

// forLevels runs f at every kernel level this machine has: the widest
// (AVX-512), AVX2 alone, and the Go twins.
func forLevels(t *testing.T, f func(t *testing.T)) {
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	for _, l := range []struct{ avx2, avx512 bool }{{true, true}, {true, false}, {false, false}} {
		if l.avx2 && !asm.SupportedCPU() || l.avx512 && !asm.SupportedAVX512() {
			continue
		}
		asm.UseAVX2, asm.UseAVX512 = l.avx2, l.avx512
		t.Run(asm.Level(), f)
	}
}

func testIncrementalRandomGames(t *testing.T) {
	ns := testNets(t)
	games, plies := 6, 400
	if testing.Short() {
		games, plies = 2, 200
	}
	checks := 0
	for _, name := range []string{"test", "stress"} {
		checks += checkRandomGames(t, name, ns[name], games, plies)
	}
	t.Logf("%d incremental checks", checks)
}

// checkRandomGames plays random games with net and checks after every do
// and every undo (at random plies) that the incremental evaluator equals a
// full refresh; it returns the number of checks.
func checkRandomGames(t *testing.T, name string, net *Net, games, plies int) int {
	checks := 0
	for g := 0; g < games; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 99))
		pos := board.NewPosition()
		ev := NewEvaluator(net)
		ev.Reset(pos)
		type step struct{ null bool }
		var hist []step
		var ml board.MoveList
		check := func(where string) {
			want, ok := net.RawPosition(pos)
			got, ok2 := ev.Raw(pos)
			if !ok || !ok2 || got != want {
				t.Fatalf("%s game %d ply %d %s: incremental %d, full %d (%s)", name, g, len(hist), where, got, want, pos.SFEN())
			}
			checks++
		}
		for len(hist) < plies {
			if r.IntN(3) != 0 {
				check("after do")
			}
			if !pos.InCheck() && r.IntN(20) == 0 {
				ev.DoNullMove(pos)
				hist = append(hist, step{true})
				continue
			}
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
			hist = append(hist, step{false})
		}
		check("end")
		for len(hist) > 0 {
			s := hist[len(hist)-1]
			hist = hist[:len(hist)-1]
			if s.null {
				ev.UndoNullMove(pos)
			} else {
				ev.UndoMove(pos)
			}
			if r.IntN(4) != 0 || len(hist) == 0 {
				check("after undo")
			}
		}
	}
	return checks
}

// TestAlwaysEvaluated checks the common search pattern (evaluate before
// every do) over a long game: every update is a one-ply chain.
func TestAlwaysEvaluated(t *testing.T) {
	net := testNets(t)["test"]
	r := rand.New(rand.NewPCG(5, 5))
	pos := board.NewPosition()
	ev := NewEvaluator(net)
	ev.Reset(pos)
	var ml board.MoveList
	for ply := 0; ply < 600; ply++ {
		if got, want := ev.Evaluate(pos), net.Evaluate(pos, DefaultFVScale); got != want {
			t.Fatalf("ply %d: %d vs %d", ply, got, want)
		}
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			pos = board.NewPosition()
			ev.Reset(pos)
			continue
		}
		ev.DoMove(pos, ml.Moves[r.IntN(ml.N)])
	}
}

func TestKingsOnly(t *testing.T) {
	pos, err := board.FromSFEN("4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	f, ok := ActiveFeatures(pos)
	if !ok || len(f[0]) != MaxPieces || len(f[1]) != MaxPieces {
		t.Fatalf("features %v", f)
	}
	kb := int32(KingIndex(board.Black, board.NewSquare(5, 9)) * FEEnd)
	for _, x := range f[0] {
		if x != kb {
			t.Fatalf("kings-only feature %d, want %d", x, kb)
		}
	}
}

func TestFeatureIndexExamples(t *testing.T) {
	// Black pawn on 7g from Black's view: 90 + 60; from White's: e_pawn 171 + (80-60).
	pc := board.NewPiece(board.Black, board.Pawn)
	if b := BoardBona(board.Black, pc, board.NewSquare(7, 7)); b != 150 {
		t.Errorf("f_pawn 7g = %d", b)
	}
	if b := BoardBona(board.White, pc, board.NewSquare(7, 7)); b != 191 {
		t.Errorf("e_pawn rotated = %d", b)
	}
	// promoted silver uses the gold planes; horse before rook.
	if b := BoardBona(board.Black, board.NewPiece(board.White, board.ProSilver), 0); b != 819 {
		t.Errorf("e_gold(+S) = %d", b)
	}
	if b := BoardBona(board.Black, board.NewPiece(board.Black, board.Horse), 0); b != 1062 {
		t.Errorf("f_horse = %d", b)
	}
	if b := HandBona(board.White, board.Black, board.Rook, 1); b != 89 {
		t.Errorf("e_hand rook #2 = %d", b)
	}
	if KingIndex(board.White, board.NewSquare(5, 1)) != 80-36 {
		t.Error("K_white")
	}
}

func TestZeroAllocs(t *testing.T) {
	net := testNets(t)["test"]
	pos := board.NewPosition()
	ev := NewEvaluator(net)
	ev.Reset(pos)
	m, err := pos.ParseMove("7g7f")
	if err != nil {
		t.Fatal(err)
	}
	ev.Evaluate(pos)
	a := testing.AllocsPerRun(200, func() {
		ev.DoMove(pos, m)
		ev.Evaluate(pos)
		ev.UndoMove(pos)
	})
	if a != 0 {
		t.Errorf("%v allocations per do+evaluate+undo", a)
	}
	a = testing.AllocsPerRun(50, func() { net.Evaluate(pos, 16) })
	if a != 0 {
		t.Errorf("%v allocations per Net.Evaluate", a)
	}
}

// TestUndoPastReset: undoing moves made before Reset must not reuse the
// Reset position's accumulators.
func TestUndoPastReset(t *testing.T) {
	net := testNets(t)["test"]
	pos := board.NewPosition()
	for _, u := range []string{"7g7f", "3c3d", "8h2b+"} {
		m, err := pos.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.DoMove(m)
	}
	ev := NewEvaluator(net)
	ev.Reset(pos)
	ev.Evaluate(pos)
	for i := 0; i < 3; i++ {
		ev.UndoMove(pos)
		if got, want := ev.Evaluate(pos), net.Evaluate(pos, DefaultFVScale); got != want {
			t.Fatalf("undo %d: %d, want %d", i, got, want)
		}
	}
}

// TestEvaluatorAcrossPositions reuses one evaluator for every golden row:
// refreshes then start from cached accumulators of unrelated positions
// (other pieces, other numbers of empty piece slots).
func TestEvaluatorAcrossPositions(t *testing.T) {
	rows := goldenRows(t)
	evs := map[string]*Evaluator{}
	for name, n := range testNets(t) {
		evs[name] = NewEvaluator(n)
	}
	for pass := 0; pass < 2; pass++ {
		for i, r := range rows {
			pos, err := board.FromSFEN(r.sfen)
			if err != nil {
				t.Fatal(err)
			}
			ev := evs[r.net]
			ev.SetFVScale(r.fvScale)
			ev.Reset(pos)
			if got := ev.Evaluate(pos); got != r.eval {
				t.Fatalf("pass %d row %d: %d, want %d", pass, i, got, r.eval)
			}
		}
	}
}

// TestEvaluatorScale: the evaluator's shift for powers of two equals
// ScaleOutput's division for every FV_SCALE and raw values around the
// rounding and clamping edges.
func TestEvaluatorScale(t *testing.T) {
	ev := NewEvaluator(testNets(t)["test"])
	raws := []int32{0, 1, -1, 15, -15, 16, -16, 17, -17, 127, -127, 128, -128, 129, -129,
		508048, -508048, 508049, -508049, math.MaxInt32, math.MinInt32, math.MinInt32 + 1}
	for v := int32(-5000); v <= 5000; v += 7 {
		raws = append(raws, v)
	}
	for fv := MinFVScale; fv <= MaxFVScale; fv++ {
		if err := ev.SetFVScale(fv); err != nil {
			t.Fatal(err)
		}
		for _, r := range raws {
			if got, want := ev.scale(r), ScaleOutput(r, fv); got != want {
				t.Fatalf("FV_SCALE %d raw %d: %d, ScaleOutput %d", fv, r, got, want)
			}
		}
	}
}
