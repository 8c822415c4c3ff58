package record

import (
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Single-move text against hand-written record notation.
func TestMoveText(t *testing.T) {
	for _, c := range []struct {
		sfen, moves, move string
		usi, kif, ki2     string
	}{
		{board.StartSFEN, "", "7g7f", "7g7f", "７六歩(77)", "７六歩"},
		{board.StartSFEN, "7g7f 3c3d", "8h2b+", "8h2b+", "２二角成(88)", "２二角成"},
		{board.StartSFEN, "7g7f 3c3d 8h2b+", "3a2b", "3a2b", "同　銀(31)", "同銀"},
		// Two golds can reach 5h from the start: 6i5h is 左, 4i5h 右 (black's view).
		{board.StartSFEN, "", "6i5h", "6i5h", "５八金(69)", "５八金左"},
		{board.StartSFEN, "", "4i5h", "4i5h", "５八金(49)", "５八金右"},
		// A drop where no board piece can reach: no 打.
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "", "P*5e", "P*5e", "５五歩打", "５五歩"},
		// A bishop that may promote and does not: 不成.
		{"4k4/9/9/9/9/9/9/9/B3K4 b - 1", "", "9i5e", "9i5e", "５五角(99)", "５五角"},
		{"4k4/9/9/9/9/9/9/9/B3K4 b - 1", "", "9i3c", "9i3c", "３三角(99)", "３三角不成"},
	} {
		p, err := board.FromSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range strings.Fields(c.moves) {
			m, err := p.ParseMove(u)
			if err != nil {
				t.Fatal(err)
			}
			p.DoMove(m)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		for n, want := range []string{c.usi, c.kif, c.ki2} {
			if got, ok := MoveText(p, m, MoveNotation(n)); !ok || got != want {
				t.Errorf("%s after %q notation %d: %q %v, want %q", c.move, c.moves, n, got, ok, want)
			}
		}
	}
	p := board.NewPosition()
	if _, ok := MoveText(p, board.MoveNone, NotationKIF); ok {
		t.Error("MoveNone has a text")
	}
	m, _ := p.ParseMove("7g7f")
	if _, ok := MoveText(p, m, MoveNotation(9)); ok {
		t.Error("unknown notation has a text")
	}
}
