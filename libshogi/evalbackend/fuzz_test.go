package evalbackend

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// FuzzDecodeMove: any eight integers either fail to decode or give, in
// every feature set, a delta of at most two features per perspective whose
// indices are features of the set; nothing panics.
func FuzzDecodeMove(f *testing.F) {
	f.Add(int32(4), int32(35), int32(34), int32(0), int32(0), int32(0), int32(44), int32(36))
	f.Add(int32(21), int32(NoSquare), int32(40), int32(0), int32(0), int32(2), int32(44), int32(36))
	f.Add(int32(6), int32(70), int32(10), int32(1), int32(30), int32(1), int32(44), int32(36))
	f.Add(int32(8), int32(44), int32(43), int32(0), int32(17), int32(17), int32(44), int32(36))
	f.Add(int32(24), int32(36), int32(37), int32(0), int32(3), int32(3), int32(44), int32(36))
	var sets []nnue.FeatureSet
	for _, n := range nnue.FeatureSetNames() {
		fs, _ := nnue.FeatureSetByName(n)
		sets = append(sets, fs)
	}
	f.Fuzz(func(t *testing.T, piece, from, to, promote, captured, hand, bk, wk int32) {
		m := RawMove{piece, from, to, promote, captured, hand, bk, wk}
		pm, err := m.Decode()
		if err != nil {
			return
		}
		if pm.Kings[0] == pm.Kings[1] || pm.To == pm.Kings[pm.Piece.Color()^1] {
			t.Fatalf("%+v decoded with kings %v", m, pm.Kings)
		}
		for i := range sets {
			fs := &sets[i]
			d := fs.PieceMoveChanges(&pm)
			for p := range 2 {
				if d.N[p] > 2 {
					t.Fatalf("%s %+v: %d changes", fs.Short, m, d.N[p])
				}
				for _, x := range append(d.Removed[p][:d.N[p]:d.N[p]], d.Added[p][:d.N[p]]...) {
					if x < 0 || int(x) >= fs.Dims {
						t.Fatalf("%s %+v: index %d outside 0..%d", fs.Short, m, x, fs.Dims-1)
					}
				}
			}
		}
	})
}

// FuzzBoardSet: any 96 bytes as 81 squares, 14 hand counts and a side
// either fail or set a position with both kings whose codes read back the
// same.
func FuzzBoardSet(f *testing.F) {
	sq, h := boardOf(board.NewPosition())
	f.Add(append(append(sq[:], h[:]...), 0))
	pos := board.NewPosition()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < board.NumSquares+HandSlots+1 {
			return
		}
		in := Board{Squares: (*[board.NumSquares]uint8)(b), Hands: (*[HandSlots]uint8)(b[board.NumSquares:]), Side: board.Color(b[board.NumSquares+HandSlots])}
		if err := in.Set(pos); err != nil {
			return
		}
		s, h := boardOf(pos)
		if s != *in.Squares || h != *in.Hands || pos.KingSquare(board.Black) >= board.NumSquares || pos.KingSquare(board.White) >= board.NumSquares {
			t.Fatalf("set %v %v, read back %v %v", *in.Squares, *in.Hands, s, h)
		}
	})
}

// FuzzStackPush: any sequence of move16 values pushed onto the start
// position (a zero byte pair pops) is refused or kept, never a panic, and
// the stack's score then equals a full evaluation of its mirrored
// position (pieces may have moved in ways the rules forbid: the stack
// checks only what its consistency needs).
func FuzzStackPush(f *testing.F) {
	f.Add([]byte{0x7f, 0x3b, 0x00, 0x00, 0x23, 0x16})
	f.Add([]byte{0x4d, 0x4c, 0x05, 0x0b, 0x2c, 0x16, 0x00, 0x00, 0xa8, 0x00})
	net := testNet(f, "halfkp_256x2-32-32")
	f.Fuzz(func(t *testing.T, b []byte) {
		s := rootedStack(t, net, board.NewPosition())
		for i := 0; i+1 < len(b) && i < 400; i += 2 {
			v := uint16(b[i]) | uint16(b[i+1])<<8
			if v == 0 {
				s.Pop()
				continue
			}
			if s.Push(v) == nil && i%8 == 0 {
				s.Evaluate()
			}
		}
		got, err := s.Evaluate()
		if err != nil {
			t.Fatal(err)
		}
		if want := net.Evaluate(s.Position().Clone(), s.ev.FVScale()); got != want {
			t.Fatalf("%s: stack %d, full %d", s.Position().SFEN(), got, want)
		}
	})
}
