package evalc

import (
	"encoding/binary"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// FuzzStack drives both stacks with call sequences read from the input:
// an opening, then per 3 bytes a call (push of a legal move chosen by the
// next byte or of the raw move16 the two bytes make, push_evaluate_at at a
// ply, pop, pop_to, null moves, evaluate_move, evaluate) and a kernel
// level; every value, error, ply
// and the mirror must be evalbackend's.
func FuzzStack(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 0, 2, 0, 1, 3, 0, 0, 4, 0, 0})
	f.Add([]byte{3, 1, 5, 0, 1, 7, 0, 2, 0x40, 0x80, 5, 9, 1})
	f.Add([]byte{9, 0, 0x7f, 0xff, 2, 3, 4, 1, 1, 1, 0, 0, 6})
	net, cn := testNets(f, testLayouts[0].arch, testLayouts[0].kind)
	ops := openings(f)
	levels := Levels()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		p := newPair(t, net, cn, ops[int(data[0])%len(ops)], levels[int(data[1])%len(levels)])
		for i := 2; i+3 <= len(data) && i < 2+3*400; i += 3 {
			op, arg := data[i]%8, binary.LittleEndian.Uint16(data[i+1:])
			cur := p.c.Ply()
			switch op {
			case 0, 1: // a legal move of the engine's board
				var ml board.MoveList
				p.pos.GenerateLegal(&ml)
				if ml.N == 0 || !p.rooted {
					continue
				}
				m := ml.Moves[int(arg)%ml.N]
				var gerr error
				if op == 0 {
					gerr = p.c.Push(uint16(m))
					p.same("push", 0, p.ref.Push(uint16(m)), 0, gerr)
				} else {
					w, werr := p.ref.PushEvaluate(uint16(m))
					var g int
					g, gerr = p.c.PushEvaluate(uint16(m))
					p.same("push_evaluate", w, werr, g, gerr)
				}
				if gerr == nil {
					p.pos.DoMove(m)
				}
			case 2: // push_evaluate_at a ply at or below the top, a legal move there
				ply := cur - int(arg>>8)%(cur+1)
				if !p.rooted {
					ply = int(arg >> 8)
				}
				p.back(min(ply, cur))
				var ml board.MoveList
				p.pos.GenerateLegal(&ml)
				if ml.N == 0 {
					p.same("pop_to", 0, p.ref.PopTo(ply), 0, p.c.PopTo(ply))
					continue
				}
				m := ml.Moves[int(arg&0xff)%ml.N]
				w, werr := p.ref.PushEvaluateAt(ply, uint16(m))
				g, gerr := p.c.PushEvaluateAt(ply, uint16(m))
				p.same("push_evaluate_at", w, werr, g, gerr)
				if gerr == nil {
					p.pos.DoMove(m)
				}
			case 3: // a raw move16: refused, or a move of the mirror taken back at once
				werr, gerr := p.ref.Push(arg), p.c.Push(arg)
				p.same("push (raw)", 0, werr, 0, gerr)
				if gerr == nil {
					w, werr := p.ref.Evaluate()
					g, gerr := p.c.Evaluate()
					p.same("evaluate (raw)", w, werr, g, gerr)
					p.same("pop (raw)", 0, p.ref.Pop(), 0, p.c.Pop())
				}
			case 4:
				p.same("pop", 0, p.ref.Pop(), 0, p.c.Pop())
				if cur > 0 {
					p.undo()
				}
			case 5:
				if arg&0x100 != 0 && p.rooted && !p.pos.InCheck() { // a pass
					p.same("push_null", 0, p.ref.PushNull(), 0, p.c.PushNull())
					p.pos.DoNullMove()
					continue
				}
				if arg&0x200 != 0 && p.rooted { // a leaf
					var ml board.MoveList
					p.pos.GenerateLegal(&ml)
					if ml.N > 0 {
						m := ml.Moves[int(arg>>10)%ml.N]
						w, werr := p.ref.EvaluateMove(uint16(m))
						g, gerr := p.c.EvaluateMove(uint16(m))
						p.same("evaluate_move", w, werr, g, gerr)
					}
					continue
				}
				ply := int(int8(arg))
				p.same("pop_to", 0, p.ref.PopTo(ply), 0, p.c.PopTo(ply))
				if ply >= 0 && ply <= cur {
					p.back(ply)
				}
			default:
				w, werr := p.ref.Evaluate()
				g, gerr := p.c.Evaluate()
				p.same("evaluate", w, werr, g, gerr)
			}
			p.mirrorSame("fuzz")
		}
	})
}
