package evalbackend

import (
	"errors"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// FuzzPushEvaluateAt: any sequence of (ply, move16) makes, the ply taken
// modulo the stack's depth + 2 (so that one above the top occurs), is
// refused or kept, never a panic; a kept one scores as a full evaluation
// of the mirrored position after it, and a refused one leaves the stack
// at the ply asked for (or unchanged for a ply above the top).
func FuzzPushEvaluateAt(f *testing.F) {
	f.Add([]byte{0, 0x7f, 0x3b, 1, 0x23, 0x16, 1, 0x4d, 0x4c, 0, 0x05, 0x0b})
	net := testNet(f, "halfkp_256x2-32-32")
	f.Fuzz(func(t *testing.T, b []byte) {
		s := rootedStack(t, net, board.NewPosition())
		for i := 0; i+2 < len(b) && i < 600; i += 3 {
			top := s.Ply()
			ply := int(b[i]) % (top + 2)
			v := uint16(b[i+1]) | uint16(b[i+2])<<8
			got, err := s.PushEvaluateAt(ply, v)
			switch {
			case errors.Is(err, ErrDepth) && ply > top:
				if s.Ply() != top {
					t.Fatalf("ply %d above the top %d: the stack moved to %d", ply, top, s.Ply())
				}
			case err != nil:
				if s.Ply() != ply {
					t.Fatalf("refused %#04x at ply %d (%v): the stack is at %d", v, ply, err, s.Ply())
				}
			default:
				if want := net.Evaluate(s.Position().Clone(), s.ev.FVScale()); got != want {
					t.Fatalf("%s: PushEvaluateAt %d, full %d", s.Position().SFEN(), got, want)
				}
			}
		}
	})
}
