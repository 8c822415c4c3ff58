package evalbackend

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

func rootedStack(t testing.TB, net *nnue.Net, pos *board.Position) *Stack {
	t.Helper()
	s, err := NewStack(net, 0)
	if err != nil {
		t.Fatal(err)
	}
	sq, h := boardOf(pos)
	if err := s.SetRoot(Board{Squares: &sq, Hands: &h, Side: pos.SideToMove()}); err != nil {
		t.Fatal(err)
	}
	return s
}

// checkTop compares the stack's score with a full refresh of an
// independently followed position.
func checkTop(t *testing.T, s *Stack, net *nnue.Net, pos *board.Position, what string) {
	t.Helper()
	got, err := s.Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	if want := net.Evaluate(pos, s.ev.FVScale()); got != want {
		t.Fatalf("%s at ply %d (%s): stack %d, full refresh %d", what, s.Ply(), pos.SFEN(), got, want)
	}
	if noPly(s.Position().SFEN()) != noPly(pos.SFEN()) {
		t.Fatalf("%s: mirror %s, want %s", what, s.Position().SFEN(), pos.SFEN())
	}
}

// noPly drops the move number of an SFEN (a root set from codes is move 1).
func noPly(sfen string) string { return sfen[:strings.LastIndexByte(sfen, ' ')] }

// A random walk of pushes (random legal moves, with or without a score,
// null moves now and then, leaves scored on the way) and pops, scored at
// random nodes (the lazy path skips the others), equals full refreshes of
// the same positions, for every feature set.
func TestStackMatchesFullEvaluation(t *testing.T) {
	for _, arch := range testArchs {
		t.Run(arch, func(t *testing.T) {
			net := testNet(t, arch)
			pos := board.NewPosition()
			s := rootedStack(t, net, pos)
			rng := rand.New(rand.NewPCG(5, uint64(len(arch))))
			evaluated := 0
			for step := 0; step < 3000; step++ {
				switch r := rng.IntN(10); {
				case r < 6:
					m, ok := randomLegal(pos, rng)
					if !ok {
						continue
					}
					if r == 0 && !pos.InCheck() {
						if err := s.PushNull(); err != nil {
							t.Fatal(err)
						}
						pos.DoNullMove()
						break
					}
					if r%2 == 1 { // a leaf scored first: the stack must not change
						if _, err := s.EvaluateMove(uint16(m)); err != nil {
							t.Fatalf("%s %s: %v", pos.SFEN(), m.USI(), err)
						}
					}
					if rng.IntN(2) == 0 {
						if err := s.Push(uint16(m)); err != nil {
							t.Fatalf("%s %s: %v", pos.SFEN(), m.USI(), err)
						}
						pos.DoMove(m)
						break
					}
					// PushEvaluate may leave the mirror's make for later:
					// the next push, pop, score or look at the mirror.
					v, err := s.PushEvaluate(uint16(m))
					if err != nil {
						t.Fatalf("%s %s: %v", pos.SFEN(), m.USI(), err)
					}
					pos.DoMove(m)
					if want := net.Evaluate(pos, s.ev.FVScale()); v != want {
						t.Fatalf("PushEvaluate at ply %d (%s): %d, full refresh %d", s.Ply(), pos.SFEN(), v, want)
					}
					evaluated++
				case s.Ply() > 0:
					if err := s.Pop(); err != nil {
						t.Fatal(err)
					}
					if pos.LastMove() == board.MoveNull {
						pos.UndoNullMove()
					} else {
						pos.UndoMove()
					}
				}
				if rng.IntN(3) == 0 {
					checkTop(t, s, net, pos, "walk")
					evaluated++
				}
			}
			if evaluated < 500 {
				t.Fatalf("only %d scores checked", evaluated)
			}
		})
	}
}

// The stack survives 10,000 plies deep: kings and rooks walking back and
// forth (every fourth ply a king move, so refreshes at depth), scored
// every 97 plies on the way up and compared with the scores on the way
// down; then a random walk of 10,000 pushes and pops.
func TestStackTenThousandPlies(t *testing.T) {
	net := testNet(t, "halfkp_256x2-32-32")
	pos, err := board.FromSFEN("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	s := rootedStack(t, net, pos)
	cycle := []string{"5i5h", "8b7b", "2h3h", "5a5b", "5h5i", "7b8b", "3h2h", "5b5a"}
	const depth = 10000
	scores := map[int]int{}
	for i := 0; i < depth; i++ {
		m, err := pos.ParseMove(cycle[i%len(cycle)])
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Push(uint16(m)); err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		pos.DoMove(m)
		if s.Ply()%97 == 0 {
			checkTop(t, s, net, pos, "up")
			scores[s.Ply()], _ = s.Evaluate()
		}
	}
	if s.Ply() != depth {
		t.Fatalf("ply %d, want %d", s.Ply(), depth)
	}
	for s.Ply() > 0 {
		if err := s.Pop(); err != nil {
			t.Fatal(err)
		}
		pos.UndoMove()
		if want, ok := scores[s.Ply()]; ok {
			if got, _ := s.Evaluate(); got != want {
				t.Fatalf("down at ply %d: %d, on the way up %d", s.Ply(), got, want)
			}
		}
	}
	checkTop(t, s, net, pos, "root")

	rng := rand.New(rand.NewPCG(9, 9))
	pos = board.NewPosition()
	s = rootedStack(t, net, pos)
	for step := 0; step < 10000; step++ {
		if m, ok := randomLegal(pos, rng); ok && (s.Ply() == 0 || rng.IntN(5) < 3) {
			if err := s.Push(uint16(m)); err != nil {
				t.Fatal(err)
			}
			pos.DoMove(m)
		} else if s.Ply() > 0 {
			s.Pop()
			pos.UndoMove()
		}
		if step%101 == 0 {
			checkTop(t, s, net, pos, "random walk")
		}
	}
}

// Bad moves and states are errors that leave the stack as it was.
func TestStackRefuses(t *testing.T) {
	net := testNet(t, "halfkp_256x2-32-32")
	s, err := NewStack(net, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewStack(net, 129); err == nil {
		t.Fatal("fv_scale 129 accepted")
	}
	if err := s.Push(0x1234); err != ErrNoRoot {
		t.Fatalf("push without root: %v", err)
	}
	if _, err := s.Evaluate(); err != ErrNoRoot {
		t.Fatalf("evaluate without root: %v", err)
	}
	if err := s.Pop(); err != ErrNoRoot {
		t.Fatalf("pop without root: %v", err)
	}
	// White's king on 5a (36) in front of a black rook on 5e (40); it is
	// Black's move. Black has a pawn in hand.
	pos := board.NewPosition()
	if err := pos.SetSFEN("4k4/9/9/9/4R4/9/9/9/4K4 b P 1", board.SFENOptions{AllowOpponentInCheck: true}); err != nil {
		t.Fatal(err)
	}
	s = rootedStack(t, net, pos)
	before, _ := s.Evaluate()
	bad := []struct {
		name string
		m    board.Move
		want string
	}{
		{"king capture", board.NewBoardMove(40, 36, false, 0), "captures the king"},
		{"empty from", board.NewBoardMove(41, 42, false, 0), "no piece of the side to move"},
		{"opponent's piece", board.NewBoardMove(36, 37, false, 0), "no piece of the side to move"},
		{"to 81", board.Move(81), "not a square"},
		{"from 127", board.Move(127<<7 | 3), "not a square"},
		{"king promotes", board.NewBoardMove(44, 43, true, 0), "cannot promote"},
		{"drop not in hand", board.Move(0x4000 | 2<<7 | 30), "no piece of type 2"},
		{"drop type 8", board.Move(0x4000 | 8<<7 | 30), "type 8"},
		{"drop on a piece", board.Move(0x4000 | 1<<7 | 40), "occupied"},
		{"drop promotes", board.Move(0xC000 | 1<<7 | 30), "does not promote"},
	}
	for _, b := range bad {
		if err := s.Push(uint16(b.m)); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: %v, want %q", b.name, err, b.want)
		}
	}
	if err := s.Pop(); err == nil {
		t.Fatal("pop at the root accepted")
	}
	if got, _ := s.Evaluate(); got != before || s.Ply() != 0 || s.Position().SFEN() != pos.SFEN() {
		t.Fatalf("the refusals changed the stack: %d %d %s", got, s.Ply(), s.Position().SFEN())
	}
}

// EvaluateBoards gives net.Evaluate's values, 0 and the first index for a
// bad position.
func TestEvaluateBoards(t *testing.T) {
	net := testNet(t, "halfkp_256x2-32-32")
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 600 // above evaluateParallelFrom
	sq := make([]uint8, n*board.NumSquares)
	hands := make([]uint8, n*HandSlots)
	sides := make([]uint8, n)
	want := make([]int32, n)
	pos := board.NewPosition()
	for i := 0; i < n; i++ {
		m, ok := randomLegal(pos, rng)
		if !ok || pos.Ply() > 120 {
			pos = board.NewPosition()
			m, _ = randomLegal(pos, rng)
		}
		pos.DoMove(m)
		s, h := boardOf(pos)
		copy(sq[i*board.NumSquares:], s[:])
		copy(hands[i*HandSlots:], h[:])
		sides[i] = uint8(pos.SideToMove())
		want[i] = int32(net.Evaluate(pos, 16))
	}
	sq[400*board.NumSquares+3] = 99
	sq[500*board.NumSquares+3] = 99
	out := make([]int32, n)
	bad, err := EvaluateBoards(net, sq, hands, sides, 16, out)
	if bad != 400 || err == nil || !strings.Contains(err.Error(), "position 400") {
		t.Fatalf("bad %d, err %v", bad, err)
	}
	want[400], want[500] = 0, 0
	for i := range out {
		if out[i] != want[i] {
			t.Fatalf("position %d: %d, want %d", i, out[i], want[i])
		}
	}
	if _, err := EvaluateBoards(net, sq[:10], hands, sides, 16, out); err == nil {
		t.Fatal("short squares accepted")
	}
}

// EvaluateMove and EvaluateMoves score each move as a push, evaluate and
// pop would, leave the stack as it was, and give 0 and the first index for
// refused moves.
func TestEvaluateMoves(t *testing.T) {
	for _, arch := range testArchs {
		net := testNet(t, arch)
		rng := rand.New(rand.NewPCG(11, 12))
		pos := board.NewPosition()
		for ply := 0; ply < 40; ply++ {
			m, ok := randomLegal(pos, rng)
			if !ok {
				break
			}
			pos.DoMove(m)
		}
		s := rootedStack(t, net, pos)
		var ml board.MoveList
		pos.GenerateLegal(&ml)
		moves := make([]uint32, 0, ml.N+1)
		want := make([]int32, 0, ml.N+1)
		for _, m := range ml.Slice() {
			moves = append(moves, uint32(m))
			pos.DoMove(m)
			want = append(want, int32(net.Evaluate(pos, s.ev.FVScale())))
			pos.UndoMove()
		}
		bad := len(moves) / 2
		moves = slices.Insert(moves, bad, uint32(81)) // to-square 81: refused
		want = slices.Insert(want, bad, 0)
		out := make([]int32, len(moves))
		i, err := s.EvaluateMoves(moves, out)
		if i != bad || err == nil || !strings.Contains(err.Error(), fmt.Sprintf("moves[%d]", bad)) {
			t.Fatalf("%s: bad index %d, error %v", arch, i, err)
		}
		if !slices.Equal(out, want) {
			t.Fatalf("%s: scores %v, want %v", arch, out, want)
		}
		if v, err := s.EvaluateMove(uint16(moves[0])); err != nil || int32(v) != want[0] {
			t.Fatalf("%s: EvaluateMove %d %v, want %d", arch, v, err, want[0])
		}
		checkTop(t, s, net, pos, "after EvaluateMoves")
		if s.Ply() != 0 {
			t.Fatalf("ply %d after EvaluateMoves", s.Ply())
		}
	}
}
