package search

import (
	"math/rand"
	"runtime"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Tsume positions composed for these tests (only the defending king and a
// few pieces); each was checked by ChecksMateSearch to need exactly N plies.
var mateTests = []struct {
	sfen string
	ply  int
}{
	{"4k4/1R7/9/6g1G/9/9/9/9/9 b G 1", 1},
	{"3+bk4/1+r7/3+B5/9/9/9/9/9/9 b GN 1", 1},
	{"9/k8/3R3n1/9/9/9/9/9/9 b SN 1", 3},
	{"8k/9/N5L2/9/3B5/9/9/9/9 b RS 1", 3},
	{"2k6/9/GS5+b1/9/9/9/9/9/9 b RB 1", 5},
	{"8k/9/9/7B1/7r1/9/9/9/9 b RNL 1", 5},
	{"k8/9/3R5/9/9/9/9/9/9 b BN 1", 7},
	{"9/k4+B3/9/9/9/9/9/9/9 b RBS 1", 7},
}

func mustPos(t testing.TB, sfen string) *board.Position {
	t.Helper()
	p, err := board.FromSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return p
}

// checkMatePV replays pv on pos and checks that it ends in checkmate.
func checkMatePV(t *testing.T, pos *board.Position, pv []board.Move) {
	t.Helper()
	p := pos.Clone()
	for i, m := range pv {
		if !p.IsLegal(m) {
			t.Fatalf("pv move %d %s illegal in %s", i, m.USI(), p.SFEN())
		}
		p.DoMove(m)
	}
	if p.HasLegalMove() {
		t.Fatalf("pv %v does not end in mate: %s", pv, p.SFEN())
	}
}

func TestChecksMateSearch(t *testing.T) {
	for _, tc := range mateTests {
		pos := mustPos(t, tc.sfen)
		ms := NewChecksMateSearch(nil)
		if pv := ms.Solve(pos, tc.ply-2); pv != nil {
			t.Errorf("%s: shorter mate %v", tc.sfen, pv)
		}
		pv := ms.Solve(pos, tc.ply)
		if len(pv) != tc.ply {
			t.Fatalf("%s: solver pv %v, want %d plies", tc.sfen, pv, tc.ply)
		}
		checkMatePV(t, pos, pv)
	}
}

func TestSearchFindsMates(t *testing.T) {
	for _, tc := range mateTests {
		for _, nn := range []bool{false, true} {
			opts := DefaultOptions()
			if nn {
				opts.Eval = testNetFactory(t)
			}
			e := NewEngine(opts)
			pos := mustPos(t, tc.sfen)
			r := e.Search(pos, Limits{Depth: 2*tc.ply + 8}, nil)
			if !r.Score.IsMate() || r.Score < 0 || r.Score.MatePly() > tc.ply {
				t.Errorf("%s nn=%v: score %v (%d), want mate %d; pv %v", tc.sfen, nn, r.Score, r.Score, tc.ply, r.PV)
				continue
			}
			if r.Score.MatePly() != len(r.PV) {
				t.Errorf("%s: mate %d but pv %v", tc.sfen, r.Score.MatePly(), r.PV)
			}
			checkMatePV(t, pos, r.PV)
		}
	}
}

func TestMatedPositions(t *testing.T) {
	// Black to move is checkmated: resign.
	pos := mustPos(t, "4k4/9/9/9/9/9/9/3gGg3/4K4 b - 1")
	pos2 := mustPos(t, "9/9/9/9/9/9/4g4/4g4/4K4 b - 1")
	e := NewEngine(DefaultOptions())
	if pos2.HasLegalMove() {
		t.Fatal("test position is not mated")
	}
	for _, p := range []*board.Position{pos, pos2} {
		if p.HasLegalMove() {
			continue
		}
		r := e.Search(p, Limits{Depth: 3}, nil)
		if r.BestMove != board.MoveResign || !r.Score.IsMate() || r.Score > 0 {
			t.Errorf("%s: %v %v", p.SFEN(), r.BestMove, r.Score)
		}
	}
}

func TestScoreKinds(t *testing.T) {
	if s := MateIn(3); !s.IsMate() || s.MatePly() != 3 || s.USI() != "mate 3" {
		t.Errorf("MateIn(3): %v %d %q", s.IsMate(), s.MatePly(), s.USI())
	}
	if s := MatedIn(4); !s.IsMate() || s.MatePly() != -4 || s.USI() != "mate -4" {
		t.Errorf("MatedIn(4): %d %q", s.MatePly(), s.USI())
	}
	if s := Score(90); s.IsMate() || s.CP() != 100 || s.USI() != "cp 100" {
		t.Errorf("90: %q", s.USI())
	}
	if s := Score(-1227 / 16); s.CP() != -84 {
		t.Errorf("cp %d", s.CP())
	}
	if MaxEval.IsMate() || (-MaxEval).IsMate() {
		t.Error("MaxEval is a mate")
	}
	for _, s := range []Score{MateIn(5), MatedIn(7), 123, -456} {
		if fromTT(toTT(s, 9), 9) != s {
			t.Errorf("tt round trip %d", s)
		}
	}
}

func TestTTPackRoundTrip(t *testing.T) {
	tt, err := NewTT(1)
	if err != nil {
		t.Fatal(err)
	}
	keys := []uint64{1, 0xdeadbeef12345678, 42}
	for i, k := range keys {
		tt.store(k, uint16(100+i), Score(-300+i), Score(50-i), 7+i, BoundLower)
	}
	for i, k := range keys {
		d, ok := tt.probe(k)
		if !ok || d.move != uint16(100+i) || d.score != Score(-300+i) || d.eval != Score(50-i) || d.depth != 7+i || d.bound != BoundLower {
			t.Errorf("key %x: %+v %v", k, d, ok)
		}
	}
	if _, ok := tt.probe(12345); ok {
		t.Error("hit on an absent key")
	}
}

func TestRandomPositionsLegal(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	e := NewEngine(DefaultOptions())
	var ml board.MoveList
	searched := 0
	for game := 0; game < 12; game++ {
		pos := board.NewPosition()
		for ply := 0; ply < 160; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			if ply%7 == 3 {
				r := e.Search(pos, Limits{Nodes: 1500}, nil)
				searched++
				if !pos.IsLegal(r.BestMove) {
					t.Fatalf("illegal best move %v in %s", r.BestMove, pos.SFEN())
				}
				q := pos.Clone()
				for _, m := range r.PV {
					if !q.IsLegal(m) {
						t.Fatalf("illegal pv move %v in %s (pv %v)", m, pos.SFEN(), r.PV)
					}
					q.DoMove(m)
				}
			}
			pos.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	if searched < 50 {
		t.Errorf("only %d positions searched", searched)
	}
}

func TestBenchReproducible(t *testing.T) {
	var counts []uint64
	for i := 0; i < 2; i++ {
		opts := DefaultOptions()
		opts.Eval = testNetFactory(t)
		e := NewEngine(opts)
		n, _ := Bench(e, 6, nil)
		counts = append(counts, n)
		n2, _ := Bench(e, 6, nil)
		counts = append(counts, n2)
	}
	for _, c := range counts[1:] {
		if c != counts[0] {
			t.Fatalf("bench node counts differ: %v", counts)
		}
	}
	t.Logf("bench depth 6: %d nodes", counts[0])
	// The signature of the current search with the test net. A change of
	// the search (ordering, pruning, extensions) changes it: update it then,
	// after checking with "shogi bench" that the change is intended.
	const signature = 32486
	if counts[0] != signature {
		t.Errorf("bench signature %d, want %d (update it if the search changed on purpose)", counts[0], signature)
	}
}

func TestStopPromptly(t *testing.T) {
	opts := DefaultOptions()
	opts.Threads = 2
	opts.Eval = testNetFactory(t)
	e := NewEngine(opts)
	ch := e.Go(board.NewPosition(), Limits{Infinite: true}, nil)
	time.Sleep(150 * time.Millisecond)
	t0 := time.Now()
	e.Stop()
	select {
	case r := <-ch:
		// Generous bounds: the test machine may be heavily loaded.
		d := time.Since(t0)
		t.Logf("stop returned after %v", d)
		if d > 500*time.Millisecond {
			t.Errorf("stop took %v", d)
		}
		if !board.NewPosition().IsLegal(r.BestMove) {
			t.Errorf("best move %v", r.BestMove)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("search did not stop")
	}
	// Movetime is honoured.
	t0 = time.Now()
	e.Search(board.NewPosition(), Limits{MoveTime: 200 * time.Millisecond}, nil)
	if d := time.Since(t0); d < 150*time.Millisecond || d > 1500*time.Millisecond {
		t.Errorf("movetime 200ms took %v", d)
	}
}

func TestPonderWaits(t *testing.T) {
	e := NewEngine(DefaultOptions())
	ch := e.Go(board.NewPosition(), Limits{Ponder: true, Depth: 2}, nil)
	select {
	case <-ch:
		t.Fatal("pondering search returned before ponderhit")
	case <-time.After(100 * time.Millisecond):
	}
	e.PonderHit()
	select {
	case <-ch:
	case <-time.After(time.Second):
		t.Fatal("no result after ponderhit")
	}
}

func TestPerpetualCheck(t *testing.T) {
	// Black's rook checks the white king back and forth.
	pos := mustPos(t, "4k4/9/9/9/9/9/9/9/4K3R b - 1")
	for _, u := range []string{"1i1a", "5a5b", "1a1b", "5b5a", "1b1a"} {
		m, err := pos.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.DoMove(m)
	}
	e := NewEngine(DefaultOptions())
	th := e.threads[0]
	th.pos.Set(pos)
	if s, ok := th.ruleScore(3); !ok || s != MateIn(3) {
		t.Errorf("perpetual check: %v %v, want a win for white", s, ok)
	}
	// Before the last check, Black must not repeat: 1b1a loses.
	pos.UndoMove()
	r := e.Search(pos, Limits{Depth: 6, MateOnly: false}, nil)
	if r.BestMove.USI() == "1b1a" {
		t.Errorf("black repeats the perpetual check: %v %v", r.BestMove, r.Score)
	}
	// A quiet repetition is a draw.
	p2 := board.NewPosition()
	for _, u := range []string{"5i5h", "5a5b", "5h5i", "5b5a"} {
		m, _ := p2.ParseMove(u)
		p2.DoMove(m)
	}
	th.pos.Set(p2)
	if s, ok := th.ruleScore(4); !ok || s != ScoreDraw {
		t.Errorf("repetition: %v %v", s, ok)
	}
}

func TestDeclaration(t *testing.T) {
	pos := mustPos(t, "KGGGGSSSS/LLLL5/9/9/9/9/9/9/8k b 2R2B4N18P 1")
	if pos.Declaration(board.RuleCSA27) != board.DeclWin {
		t.Fatalf("test position does not win by declaration")
	}
	opts := DefaultOptions()
	opts.EnteringKingRule = board.RuleCSA27
	e := NewEngine(opts)
	r := e.Search(pos, Limits{Depth: 4}, nil)
	if r.BestMove != board.MoveWin || !r.Score.IsMate() || r.Score < 0 {
		t.Errorf("declaration: %v %v", r.BestMove, r.Score)
	}
	// Without the rule the engine plays a move.
	e.SetOptions(DefaultOptions())
	r = e.Search(pos, Limits{Depth: 2}, nil)
	if !pos.IsLegal(r.BestMove) {
		t.Errorf("no rule: %v", r.BestMove)
	}
}

func TestMultiPV(t *testing.T) {
	opts := DefaultOptions()
	opts.MultiPV = 3
	e := NewEngine(opts)
	var infos int
	r := e.Search(board.NewPosition(), Limits{Depth: 5}, func(i *Info) {
		if i.MultiPV < 1 || i.MultiPV > 3 {
			t.Errorf("multipv %d", i.MultiPV)
		}
		infos++
	})
	if len(r.Lines) != 3 {
		t.Fatalf("%d lines", len(r.Lines))
	}
	seen := map[board.Move]bool{}
	for i, l := range r.Lines {
		if seen[l.PV[0]] {
			t.Errorf("duplicate first move %v", l.PV[0])
		}
		seen[l.PV[0]] = true
		if i > 0 && l.Score > r.Lines[i-1].Score {
			t.Errorf("lines not sorted: %v", r.Lines)
		}
	}
	if infos < 3 {
		t.Errorf("%d infos", infos)
	}
}

func TestNoAllocPerNode(t *testing.T) {
	opts := DefaultOptions()
	opts.Eval = testNetFactory(t)
	e := NewEngine(opts)
	pos := board.NewPosition()
	allocs := func(depth int) (uint64, uint64) {
		e.NewGame()
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		r := e.Search(pos, Limits{Depth: depth}, nil)
		runtime.ReadMemStats(&b)
		return b.Mallocs - a.Mallocs, r.Nodes
	}
	allocs(3) // warm up
	a1, n1 := allocs(3)
	a2, n2 := allocs(9)
	if n2 < 10*n1 {
		t.Fatalf("nodes %d vs %d", n1, n2)
	}
	if a2 > a1+20 {
		t.Errorf("allocations grow with nodes: %d allocs for %d nodes, %d for %d", a1, n1, a2, n2)
	}
}

func TestTimeManagement(t *testing.T) {
	e := NewEngine(DefaultOptions()) // NetworkDelay 120 ms
	ms := time.Millisecond
	cases := []struct {
		lim      Limits
		opt, max time.Duration
		full     bool
	}{
		{Limits{Byoyomi: [2]time.Duration{1000 * ms, 1000 * ms}}, 880 * ms, 880 * ms, true},
		{Limits{Time: [2]time.Duration{60000 * ms, 1 * ms}}, 1500 * ms, 12000 * ms, false},
		{Limits{Time: [2]time.Duration{60000 * ms, 0}, Byoyomi: [2]time.Duration{5000 * ms, 5000 * ms}}, 6500 * ms, 17000 * ms, false},
		{Limits{Time: [2]time.Duration{100 * ms, 0}}, 2500 * time.Microsecond, 10 * ms, false},
		{Limits{Time: [2]time.Duration{10000 * ms, 0}, Inc: [2]time.Duration{2000 * ms, 0}}, 2250 * ms, 4000 * ms, false},
		{Limits{MoveTime: 300 * ms}, 300 * ms, 300 * ms, true},
		// Issue 13: a byoyomi at or under NetworkDelay keeps 80% less 5 ms.
		{Limits{Byoyomi: [2]time.Duration{100 * ms, 100 * ms}}, 75 * ms, 75 * ms, true},
		{Limits{Byoyomi: [2]time.Duration{200 * ms, 200 * ms}}, 155 * ms, 155 * ms, true},
		{Limits{Depth: 5}, 0, 0, false},
	}
	for i, c := range cases {
		e.setTime(board.Black, c.lim)
		if e.optimum != c.opt || e.maximum != c.max || e.useFull != c.full {
			t.Errorf("case %d: optimum %v maximum %v full %v, want %v %v %v", i, e.optimum, e.maximum, e.useFull, c.opt, c.max, c.full)
		}
	}
}

func TestCapturesHangingPiece(t *testing.T) {
	e := NewEngine(DefaultOptions())
	pos := mustPos(t, "4k4/9/9/9/4r4/9/9/9/B4K3 b - 1")
	r := e.Search(pos, Limits{Depth: 5}, nil)
	if r.BestMove.USI() != "9i5e" || r.Score < 900 {
		t.Errorf("best %v score %v, want 9i5e winning a rook", r.BestMove, r.Score)
	}
	// The other side to move saves its rook (or takes the bishop).
	pos = mustPos(t, "4k4/9/9/9/4r4/9/9/9/B4K3 w - 1")
	r = e.Search(pos, Limits{Depth: 5}, nil)
	if r.Score < 0 {
		t.Errorf("white: best %v score %v, want a safe rook", r.BestMove, r.Score)
	}
}

func TestDeclarationInTree(t *testing.T) {
	// Black's king enters the camp with one move; it then wins by
	// declaration (27-point rule) two plies later.
	pos := mustPos(t, "+R+R+B+BGGGGS/SSSL5/9/K8/9/9/ppppppppp/9/4k4 b 3L4N9P 1")
	opts := DefaultOptions()
	opts.EnteringKingRule = board.RuleCSA27
	e := NewEngine(opts)
	r := e.Search(pos, Limits{Depth: 6}, nil)
	if r.Score != MateIn(3) || r.BestMove.Piece().Type() != board.King || r.BestMove.To().Rank() > 3 {
		t.Errorf("CSARule27: %v %v, want the king into the camp and a win in 3 plies", r.BestMove, r.Score)
	}
	e.SetOptions(DefaultOptions())
	r = e.Search(pos, Limits{Depth: 6}, nil)
	if r.Score.IsMate() {
		t.Errorf("no rule: %v %v, want no declaration win", r.BestMove, r.Score)
	}
}
