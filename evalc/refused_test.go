package evalc

import (
	"errors"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
)

// move16 builds a move16 value: to, from (or the dropped type), flags.
func move16(from, to int, drop, promote bool) uint16 {
	v := uint16(to) | uint16(from)<<7
	if drop {
		v |= 0x4000
	}
	if promote {
		v |= 0x8000
	}
	return v
}

// sq is a square from file and rank (1-based, as in 7g = sq(7, 7)).
func sq(file, rank int) int { return (file-1)*9 + rank - 1 }

// Every reason a push is refused, each in a position where it applies:
// the C stack refuses with evalbackend's words, and the refused push
// changes nothing (ply, mirror, score).
func TestRefusedPushes(t *testing.T) {
	net, cn := testNets(t, testLayouts[0].arch, testLayouts[0].kind)
	// Black to move with a gold in hand; White's king on 5a, a gold of
	// Black on 6h (it cannot promote), a promoted pawn on 2c.
	const sfen = "lnsgkgsnl/1r5b1/ppppppp+Pp/9/9/9/PPPPPPP1P/1B1G3R1/LNS1K1SNL b G 1"
	cases := []struct {
		v    uint16
		want string
	}{
		{move16(sq(7, 7), 81, false, false), "to-square 81 is not a square"},
		{move16(sq(7, 7), 127, false, false), "to-square 127 is not a square"},
		{move16(0, sq(5, 5), true, false), "drop of type 0"},
		{move16(8, sq(5, 5), true, false), "drop of type 8"},
		{move16(100, sq(5, 5), true, false), "drop of type 100"},
		{move16(int(board.Pawn), sq(5, 5), true, true), "a drop does not promote"},
		{move16(int(board.Rook), sq(5, 5), true, false), "no piece of type 6 in hand"},
		{move16(int(board.Gold), sq(7, 7), true, false), "drop on occupied square 60"},
		{move16(81, sq(5, 5), false, false), "from-square 81 is not a square"},
		{move16(sq(7, 7), sq(7, 7), false, false), "is the to-square"},
		{move16(sq(5, 5), sq(5, 4), false, false), "no piece of the side to move on square"},
		{move16(sq(7, 3), sq(7, 4), false, false), "no piece of the side to move on square"},
		{move16(sq(7, 7), sq(6, 7), false, false), "captures its own piece"},
		{move16(sq(2, 3), sq(5, 1), false, false), "captures the king on 36"},
		{move16(sq(6, 8), sq(5, 8), false, true), "piece 7 cannot promote"},
		{move16(sq(5, 9), sq(5, 8), false, true), "piece 8 cannot promote"},
		{move16(sq(2, 3), sq(2, 2), false, true), "piece 9 cannot promote"},
	}
	for _, l := range Levels() {
		p := newPair(t, net, cn, sfen, l)
		if !p.rooted {
			t.Fatal("the test position was refused")
		}
		// refusals at the root and one ply up (White to move: Black's
		// pieces are then the other side's)
		for depth := 0; depth < 2; depth++ {
			for _, c := range cases {
				v := c.v
				if depth == 1 {
					v = mirrorMove(v)
				}
				score0, _ := p.c.Evaluate()
				werr, gerr := p.ref.Push(v), p.c.Push(v)
				p.same("refused push", 0, werr, 0, gerr)
				if gerr == nil {
					t.Fatalf("%v depth %d: move %#04x accepted", l, depth, v)
				}
				if depth == 0 && !strings.Contains(gerr.Error(), c.want) {
					t.Fatalf("%v: move %#04x: %v, want %q", l, v, gerr, c.want)
				}
				p.mirrorSame("refused push")
				if score1, _ := p.c.Evaluate(); score1 != score0 {
					t.Fatalf("%v: a refused push changed the score %d -> %d", l, score0, score1)
				}
				// push_evaluate_at refuses the same way
				ply := p.c.Ply()
				_, werr = p.ref.PushEvaluateAt(ply, v)
				_, gerr = p.c.PushEvaluateAt(ply, v)
				p.same("refused push_evaluate_at", 0, werr, 0, gerr)
			}
			if depth == 1 {
				break
			}
			m := move16(sq(7, 7), sq(7, 6), false, false) // 7g7f, then White plays
			p.same("push", 0, p.ref.Push(m), 0, p.c.Push(m))
			mv, err := p.pos.ParseMove("7g7f")
			if err != nil {
				t.Fatal(err)
			}
			p.pos.DoMove(mv)
		}
	}
}

// mirrorMove turns a move of Black into White's move on the rotated board
// (the same refusal, seen from White).
func mirrorMove(v uint16) uint16 {
	to, from := int(v&0x7f), int(v>>7&0x7f)
	if to < board.NumSquares {
		to = 80 - to
	}
	if v&0x4000 == 0 && from < board.NumSquares {
		from = 80 - from
	}
	return uint16(to) | uint16(from)<<7 | v&0xc000
}

// Without a root every call is refused as evalbackend refuses it; pops
// and pop_to beyond the top give its depth errors.
func TestNoRootAndDepthErrors(t *testing.T) {
	net, cn := testNets(t, testLayouts[0].arch, testLayouts[0].kind)
	ref, err := evalbackend.NewStack(net, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewStack(cn, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	p := &pair{t: t, ref: ref, c: s, what: "no root"}
	v := move16(sq(7, 7), sq(7, 6), false, false)
	p.same("push", 0, ref.Push(v), 0, s.Push(v))
	p.same("pop", 0, ref.Pop(), 0, s.Pop())
	for _, ply := range []int{0, -6, 1 << 40} {
		p.same("pop_to", 0, ref.PopTo(ply), 0, s.PopTo(ply))
	}
	w, werr := ref.Evaluate()
	g, gerr := s.Evaluate()
	p.same("evaluate", w, werr, g, gerr)
	w, werr = ref.PushEvaluateAt(0, v)
	g, gerr = s.PushEvaluateAt(0, v)
	p.same("push_evaluate_at", w, werr, g, gerr)
	if !errors.Is(gerr, evalbackend.ErrNoRoot) {
		t.Fatalf("no root: %v", gerr)
	}
	q := newPair(t, net, cn, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", DefaultLevel())
	q.same("pop at the root", 0, q.ref.Pop(), 0, q.c.Pop())
	for _, ply := range []int{-1, 1, 1 << 40, -1 << 40} {
		q.same("pop_to", 0, q.ref.PopTo(ply), 0, q.c.PopTo(ply))
		w, werr := q.ref.PushEvaluateAt(ply, v)
		g, gerr := q.c.PushEvaluateAt(ply, v)
		q.same("push_evaluate_at", w, werr, g, gerr)
		if !errors.Is(gerr, evalbackend.ErrDepth) {
			t.Fatalf("ply %d: %v", ply, gerr)
		}
	}
}
