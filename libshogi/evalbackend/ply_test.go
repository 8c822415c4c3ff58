package evalbackend

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// A tree walk that makes every move with PushEvaluateAt at its ply and
// never pops (null moves pushed now and then through PopTo + PushNull)
// scores every node as a full refresh of an independently followed
// position does, for every feature set; PopTo(0) then leaves the root.
func TestPushEvaluateAtTreeWalk(t *testing.T) {
	for _, arch := range testArchs {
		t.Run(arch, func(t *testing.T) {
			net := testNet(t, arch)
			pos, err := board.FromSFEN(benchSFEN)
			if err != nil {
				t.Fatal(err)
			}
			s := rootedStack(t, net, pos)
			rng := rand.New(rand.NewPCG(11, uint64(len(arch))))
			nodes := walkAt(t, s, net, pos, rng, 0, 4)
			if err := s.PopTo(0); err != nil {
				t.Fatal(err)
			}
			if s.Ply() != 0 || noPly(s.Position().SFEN()) != noPly(pos.SFEN()) {
				t.Fatalf("after PopTo(0): ply %d, mirror %s, want %s", s.Ply(), s.Position().SFEN(), pos.SFEN())
			}
			checkTop(t, s, net, pos, "root after the walk")
			t.Logf("%d nodes", nodes)
		})
	}
}

// walkAt visits up to 4 random children of pos (at ply of the stack) to
// depth, checking each child's PushEvaluateAt score; it returns the
// nodes visited.
func walkAt(t *testing.T, s *Stack, net *nnue.Net, pos *board.Position, rng *rand.Rand, ply, depth int) int {
	if depth == 0 {
		return 0
	}
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	nodes := 0
	for k := 0; k < 4 && ml.N > 0; k++ {
		if k == 3 && !pos.InCheck() { // a null move, taken back by the next make
			if err := s.PopTo(ply); err != nil {
				t.Fatal(err)
			}
			if err := s.PushNull(); err != nil {
				t.Fatal(err)
			}
			pos.DoNullMove()
			nodes += walkAt(t, s, net, pos, rng, ply+1, depth-1)
			pos.UndoNullMove()
			continue
		}
		m := ml.Moves[rng.IntN(ml.N)]
		got, err := s.PushEvaluateAt(ply, uint16(m))
		if err != nil {
			t.Fatalf("ply %d %s %s: %v", ply, pos.SFEN(), m.USI(), err)
		}
		pos.DoMove(m)
		if want := net.Evaluate(pos, s.ev.FVScale()); got != want {
			t.Fatalf("ply %d after %s (%s): PushEvaluateAt %d, full refresh %d", ply, m.USI(), pos.SFEN(), got, want)
		}
		nodes += 1 + walkAt(t, s, net, pos, rng, ply+1, depth-1)
		pos.UndoMove()
	}
	return nodes
}

// PopTo and PushEvaluateAt refuse a ply above the stack's or below the
// root (state errors, the stack unchanged) and need a root; a refused move
// leaves the stack at the ply asked for.
func TestPushEvaluateAtErrors(t *testing.T) {
	net := testNet(t, "halfkp_256x2-32-32")
	empty, err := NewStack(net, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := empty.PushEvaluateAt(0, 0); !errors.Is(err, ErrNoRoot) {
		t.Fatalf("no root: %v", err)
	}
	if err := empty.PopTo(0); !errors.Is(err, ErrNoRoot) {
		t.Fatalf("no root: PopTo %v", err)
	}
	pos := board.NewPosition()
	s := rootedStack(t, net, pos)
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	m := ml.Moves[0]
	if _, err := s.PushEvaluateAt(0, uint16(m)); err != nil {
		t.Fatal(err)
	}
	for _, ply := range []int{-1, 2, 1 << 20} {
		if _, err := s.PushEvaluateAt(ply, uint16(m)); !errors.Is(err, ErrDepth) {
			t.Fatalf("ply %d: %v, want ErrDepth", ply, err)
		}
		if err := s.PopTo(ply); !errors.Is(err, ErrDepth) {
			t.Fatalf("PopTo(%d): %v, want ErrDepth", ply, err)
		}
		if s.Ply() != 1 {
			t.Fatalf("ply %d: the stack moved to %d", ply, s.Ply())
		}
	}
	// 0x0000 moves from square 0 to square 0: refused, the stack at ply 0.
	if _, err := s.PushEvaluateAt(0, 0); err == nil || errors.Is(err, ErrDepth) || s.Ply() != 0 {
		t.Fatalf("bad move: %v, ply %d", err, s.Ply())
	}
	checkTop(t, s, net, pos, "root after a refused move")
}
