package evalbackend

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// Over random games, the features of the position after each move equal
// the features before it less the removed plus the added ones that
// MoveChanges computes from the foreign description alone, for every
// feature set; a perspective flagged for refresh is one whose king moved
// (or every perspective for HalfKPE9).
func TestMoveChangesMatchRefresh(t *testing.T) {
	for _, name := range nnue.FeatureSetNames() {
		fs, _ := nnue.FeatureSetByName(name)
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(fs.Kind)))
			checked, refreshed := 0, 0
			for game := 0; game < 6; game++ {
				pos := board.NewPosition()
				for ply := 0; ply < 160; ply++ {
					m, ok := randomLegal(pos, rng)
					if !ok {
						break
					}
					d, err := MoveChanges(&fs, rawMoveOf(pos, m))
					if err != nil {
						t.Fatalf("%s %s: %v", pos.SFEN(), m.USI(), err)
					}
					var before [2][]int32
					for p := board.Black; p <= board.White; p++ {
						before[p], _ = fs.AppendActive(nil, pos, p)
					}
					kingMove := !m.IsDrop() && pos.PieceOn(m.From()).Type() == board.King
					mover := pos.SideToMove()
					pos.DoMove(m)
					for p := board.Black; p <= board.White; p++ {
						wantRefresh := fs.Kind == nnue.KindHalfKPE9 || kingMove && fs.RefreshOnKingMove(p, mover)
						if d.Refresh[p] != wantRefresh {
							t.Fatalf("%s: refresh[%d] = %v, want %v", m.USI(), p, d.Refresh[p], wantRefresh)
						}
						if d.Refresh[p] {
							refreshed++
							continue
						}
						got := slices.Clone(before[p])
						for _, r := range d.Removed[p][:d.N[p]] {
							i := slices.Index(got, r)
							if i < 0 {
								t.Fatalf("%s: removed feature %d is not active", m.USI(), r)
							}
							got = slices.Delete(got, i, i+1)
						}
						got = append(got, d.Added[p][:d.N[p]]...)
						after, _ := fs.AppendActive(nil, pos, p)
						if !slices.Equal(sorted(got), sorted(after)) {
							t.Fatalf("after %s perspective %d: delta gives %v, refresh %v", m.USI(), p, sorted(got), sorted(after))
						}
						checked++
					}
				}
			}
			if fs.Kind != nnue.KindHalfKPE9 && checked < 1000 || fs.Kind != nnue.KindKP && refreshed == 0 {
				t.Fatalf("only %d deltas and %d refreshes checked", checked, refreshed)
			}
		})
	}
}

// Decode refuses inconsistent moves with a message naming the problem.
func TestDecodeRefusesBadMoves(t *testing.T) {
	// A black silver 4i->4h (squares 35 -> 34), kings 5i (44) and 5a (36).
	good := RawMove{Piece: 4, From: 35, To: 34, BlackKing: 44, WhiteKing: 36}
	if _, err := good.Decode(); err != nil {
		t.Fatalf("good move: %v", err)
	}
	cases := []struct {
		name string
		edit func(*RawMove)
		want string
	}{
		{"empty piece", func(m *RawMove) { m.Piece = 0 }, "piece code 0"},
		{"type 15", func(m *RawMove) { m.Piece = 15 }, "piece code 15"},
		{"colour bit 2", func(m *RawMove) { m.Piece = 36 }, "piece code 36"},
		{"negative piece", func(m *RawMove) { m.Piece = -4 }, "piece code -4"},
		{"to 81", func(m *RawMove) { m.To = 81 }, "to 81"},
		{"from 81", func(m *RawMove) { m.From = 81 }, "from 81"},
		{"from -2", func(m *RawMove) { m.From = -2 }, "from -2"},
		{"from == to", func(m *RawMove) { m.To = 35 }, "both 35"},
		{"king off board", func(m *RawMove) { m.WhiteKing = 90 }, "white_king 90"},
		{"kings together", func(m *RawMove) { m.WhiteKing = 44 }, "both kings"},
		{"promote 2", func(m *RawMove) { m.Promote = 2 }, "promote 2"},
		{"gold promotes", func(m *RawMove) { m.Piece, m.Promote = 7, 1 }, "cannot promote"},
		{"king capture", func(m *RawMove) { m.To, m.Captured = 36, 24 }, "captures the king"},
		{"own capture", func(m *RawMove) { m.Captured = 1 }, "own piece"},
		{"captured king code", func(m *RawMove) { m.Captured = 24 }, "is a king"},
		{"capture hand count", func(m *RawMove) { m.Captured, m.HandCount = 17, 18 }, "hand_count 18"},
		{"hand count no capture", func(m *RawMove) { m.HandCount = 1 }, "hand_count 1"},
		{"onto own king", func(m *RawMove) { m.To = 44 }, "own king square"},
		{"king elsewhere", func(m *RawMove) { m.Piece = 8 }, "kings say 44"},
		{"piece on king square", func(m *RawMove) { m.From = 44 }, "is a king square"},
		{"drop of a king", func(m *RawMove) { m.From, m.Piece, m.HandCount = NoSquare, 8, 1 }, "only pawn..gold"},
		{"drop promotes", func(m *RawMove) { m.From, m.Promote, m.HandCount = NoSquare, 1, 1 }, "does not promote"},
		{"drop captures", func(m *RawMove) { m.From, m.Captured, m.HandCount = NoSquare, 17, 1 }, "captures nothing"},
		{"drop from empty hand", func(m *RawMove) { m.From = NoSquare }, "needs 1..4"},
	}
	for _, c := range cases {
		m := good
		c.edit(&m)
		_, err := m.Decode()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %+v gives %v, want an error with %q", c.name, m, err, c.want)
		}
	}
}

// Board.Set refuses bad codes and impossible positions, and leaves the
// position as it was.
func TestBoardSetRefuses(t *testing.T) {
	start := board.NewPosition()
	sq, h := boardOf(start)
	pos := board.NewPosition()
	if err := (Board{Squares: &sq, Hands: &h}).Set(pos); err != nil || pos.SFEN() != start.SFEN() {
		t.Fatalf("startpos: %v, %s", err, pos.SFEN())
	}
	cases := []struct {
		name string
		edit func(*[board.NumSquares]uint8, *[HandSlots]uint8, *Board)
		want string
	}{
		{"bad code", func(s *[board.NumSquares]uint8, _ *[HandSlots]uint8, _ *Board) { s[40] = 15 }, "piece code 15"},
		{"code 40", func(s *[board.NumSquares]uint8, _ *[HandSlots]uint8, _ *Board) { s[40] = 40 }, "piece code 40"},
		{"no white king", func(s *[board.NumSquares]uint8, _ *[HandSlots]uint8, _ *Board) { s[36] = 0 }, "both kings"},
		{"hand overflow", func(_ *[board.NumSquares]uint8, h *[HandSlots]uint8, _ *Board) { h[4] = 3 }, "hands[4] = 3"},
		{"too many pawns", func(_ *[board.NumSquares]uint8, h *[HandSlots]uint8, _ *Board) { h[0] = 1 }, ""},
		{"side 2", func(_ *[board.NumSquares]uint8, _ *[HandSlots]uint8, b *Board) { b.Side = 2 }, "side to move 2"},
	}
	for _, c := range cases {
		s2, h2 := sq, h
		b := Board{Squares: &s2, Hands: &h2}
		c.edit(&s2, &h2, &b)
		pos := board.NewPosition()
		before := pos.SFEN()
		err := b.Set(pos)
		if err == nil || !strings.Contains(err.Error(), c.want) || pos.SFEN() != before {
			t.Errorf("%s: %v (position %s)", c.name, err, pos.SFEN())
		}
	}
}
