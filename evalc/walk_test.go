package evalc

import (
	"math/rand/v2"
	"testing"
)

// walk runs steps random calls of an engine on both stacks: makes at its
// ply (push_evaluate_at, mostly one level deeper or beside the last),
// pushes, pops, pop_to, evaluations, refused pushes, taking the engine's
// board along; every value, error and ply must be the same, and the
// mirror must be the Go stack's position.
func (p *pair) walk(rng *rand.Rand, steps, maxDepth int) {
	p.t.Helper()
	for step := 0; step < steps; step++ {
		cur := p.c.Ply()
		if cur >= maxDepth {
			ply := rng.IntN(cur + 1)
			p.same("pop_to", 0, p.ref.PopTo(ply), 0, p.c.PopTo(ply))
			p.back(ply)
			continue
		}
		switch r := rng.IntN(100); {
		case r < 45: // make at the engine's ply
			ply := cur - rng.IntN(min(cur, 2)+1)
			if rng.IntN(4) == 0 {
				ply = cur
			}
			p.back(ply)
			m, ok := p.legal(rng)
			if !ok {
				p.same("pop_to", 0, p.ref.PopTo(ply), 0, p.c.PopTo(ply))
				continue
			}
			p.note(m)
			p.pushes++
			want, werr := p.ref.PushEvaluateAt(ply, uint16(m))
			got, gerr := p.c.PushEvaluateAt(ply, uint16(m))
			p.same("push_evaluate_at", want, werr, got, gerr)
			if gerr == nil { // refused: a king capture after a pass
				p.pos.DoMove(m)
			}
			p.evaluations++
		case r < 60:
			m, ok := p.legal(rng)
			if !ok {
				continue
			}
			p.note(m)
			p.pushes++
			err := p.c.Push(uint16(m))
			p.same("push", 0, p.ref.Push(uint16(m)), 0, err)
			if err == nil {
				p.pos.DoMove(m)
			}
		case r < 70:
			p.same("pop", 0, p.ref.Pop(), 0, p.c.Pop())
			if cur > 0 {
				p.undo()
			}
		case r < 75: // one beyond the top now and then: an error
			ply := rng.IntN(cur + 2)
			p.same("pop_to", 0, p.ref.PopTo(ply), 0, p.c.PopTo(ply))
			p.back(min(ply, cur))
		case r < 80:
			want, werr := p.ref.Evaluate()
			got, gerr := p.c.Evaluate()
			p.same("evaluate", want, werr, got, gerr)
			p.evaluations++
		case r < 84: // a leaf scored without a make
			m, ok := p.legal(rng)
			if !ok {
				continue
			}
			want, werr := p.ref.EvaluateMove(uint16(m))
			got, gerr := p.c.EvaluateMove(uint16(m))
			p.same("evaluate_move", want, werr, got, gerr)
			p.evaluations++
		case r < 86: // a null move where not in check (the engine's board passes too)
			if p.pos.InCheck() || !p.rooted {
				continue
			}
			p.same("push_null", 0, p.ref.PushNull(), 0, p.c.PushNull())
			p.pos.DoNullMove()
			p.pushes++
			p.nulls++
		case r < 90:
			want, werr := p.ref.Evaluate()
			got, gerr := p.c.Evaluate()
			p.same("evaluate", want, werr, got, gerr)
			p.evaluations++
		default: // a random move16: mostly refused, with the same reason
			v := uint16(rng.Uint32())
			before := p.c.Ply()
			werr, gerr := p.ref.Push(v), p.c.Push(v)
			p.same("push (random)", 0, werr, 0, gerr)
			if gerr == nil { // a move of the mirror, not necessarily legal: score it, take it back
				want, werr := p.ref.Evaluate()
				got, gerr := p.c.Evaluate()
				p.same("evaluate (random)", want, werr, got, gerr)
				p.same("pop (random)", 0, p.ref.Pop(), 0, p.c.Pop())
				if p.c.Ply() != before {
					p.t.Fatal("stack out of step")
				}
			} else {
				p.refusals++
			}
		}
		if step%4 == 0 {
			p.mirrorSame("walk")
		}
	}
}

// Random engine walks from every opening of tests/testdata, for both
// layouts, the kernel level turning over from opening to opening: every
// score, error and ply equals evalbackend.Stack's; between them the walks
// make drops, captures, promotions and king moves.
func TestWalksMatchGo(t *testing.T) {
	ops := openings(t)
	levels := Levels()
	for li, l := range testLayouts {
		net, cn := testNets(t, l.arch, l.kind)
		var drops, captures, promotions, kings, evaluations, refusals, nulls int
		for i, sfen := range ops {
			p := newPair(t, net, cn, sfen, levels[(i+li)%len(levels)])
			p.walk(rand.New(rand.NewPCG(uint64(i), uint64(li))), 120, 40)
			drops, captures, promotions, kings = drops+p.drops, captures+p.captures, promotions+p.promotions, kings+p.kings
			evaluations, refusals, nulls = evaluations+p.evaluations, refusals+p.refusals, nulls+p.nulls
		}
		t.Logf("%s: %d openings, %d evaluations, %d drops, %d captures, %d promotions, %d king moves, %d null moves, %d refused",
			l.arch, len(ops), evaluations, drops, captures, promotions, kings, nulls, refusals)
		if drops < 100 || captures < 100 || promotions < 20 || kings < 100 || nulls < 100 || refusals < 100 {
			t.Fatalf("%s: the walks missed a kind of move", l.arch)
		}
	}
}

// A make/unmake sequence of 10,000 plies on one stack (pushes, pops and
// makes at the engine's ply through random games), at every level.
func TestTenThousandPlies(t *testing.T) {
	net, cn := testNets(t, testLayouts[0].arch, testLayouts[0].kind)
	for _, l := range Levels() {
		p := newPair(t, net, cn, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", l)
		rng := rand.New(rand.NewPCG(10000, uint64(l)))
		for p.pushes < 10000 {
			p.walk(rng, 100, 200)
		}
		if p.evaluations < 4000 {
			t.Fatalf("%v: only %d evaluations", l, p.evaluations)
		}
	}
}

// The depth limit: a line of MaxPlies makes (a rook and a king stepping
// back and forth; every White move refreshes White's perspective) grows
// the stack to its end; the next push is refused as evalbackend refuses
// it, and the stack still scores and pops.
func TestDepthLimit(t *testing.T) {
	net, cn := testNets(t, testLayouts[0].arch, testLayouts[0].kind)
	p := newPair(t, net, cn, "4k4/9/9/9/9/9/9/9/R3K4 b - 1", DefaultLevel())
	line := []uint16{79 | 80<<7, 27 | 36<<7, 80 | 79<<7, 36 | 27<<7}
	for ply := 0; ply < MaxPlies; ply++ {
		v := line[ply%len(line)]
		if ply%97 == 0 || ply > MaxPlies-5 {
			want, werr := p.ref.PushEvaluateAt(ply, v)
			got, gerr := p.c.PushEvaluateAt(ply, v)
			p.same("push_evaluate_at", want, werr, got, gerr)
		} else {
			p.same("push", 0, p.ref.Push(v), 0, p.c.Push(v))
		}
	}
	v := line[MaxPlies%len(line)]
	p.same("push beyond MaxPlies", 0, p.ref.Push(v), 0, p.c.Push(v))
	if err := p.c.Push(v); err == nil {
		t.Fatal("a push beyond MaxPlies was accepted")
	}
	want, werr := p.ref.Evaluate()
	got, gerr := p.c.Evaluate()
	p.same("evaluate at MaxPlies", want, werr, got, gerr)
	p.same("pop_to 1", 0, p.ref.PopTo(1), 0, p.c.PopTo(1))
	want, werr = p.ref.Evaluate()
	got, gerr = p.c.Evaluate()
	p.same("evaluate at 1", want, werr, got, gerr)
}
