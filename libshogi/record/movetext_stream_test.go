package record

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Move texts written from the KIF/KI2 conventions (Kakinoki's format
// description): destination in full-width digit + kanji rank, 同 for a
// recapture, 打 for a drop (KI2: only when a board piece could also go
// there), 成/不成, the from-square in KIF, and KI2's relative words.
func TestStreamMoveTexts(t *testing.T) {
	for _, c := range []struct {
		sfen, moves, move, kif, ki2 string
	}{
		{board.StartSFEN, "", "7g7f", "７六歩(77)", "▲７六歩"},
		{board.StartSFEN, "7g7f 3c3d", "8h2b+", "２二角成(88)", "▲２二角成"},
		{board.StartSFEN, "7g7f 3c3d 8h2b+", "3a2b", "同　銀(31)", "△同銀"},
		{board.StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", "B*5e", "５五角打", "▲５五角"},
		{board.StartSFEN, "", "6i5h", "５八金(69)", "▲５八金左"},
		{board.StartSFEN, "", "4i5h", "５八金(49)", "▲５八金右"},
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "", "G*5b", "５二金打", "▲５二金"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "", "5i5h", "５八玉(59)", "▲５八玉"},
		{"8k/9/9/9/9/9/2P6/9/K8 b - 1", "", "7g7f", "７六歩(77)", "▲７六歩"},
		{"8k/9/9/9/2S6/9/9/9/K8 b - 1", "", "7e7d", "７四銀(75)", "▲７四銀"},
		{"8k/9/9/2S6/9/9/9/9/K8 b - 1", "", "7d7c", "７三銀(74)", "▲７三銀不成"},
	} {
		p, err := board.FromSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range splitFields(c.moves) {
			m, err := p.ParseMove(u)
			if err != nil {
				t.Fatal(err)
			}
			p.DoMove(m)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		kif, err := KIFMoveText(p, m)
		if err != nil || kif != c.kif {
			t.Errorf("%s after %q: KIF %q (%v), want %q", c.move, c.moves, kif, err, c.kif)
		}
		ki2, err := KI2MoveText(p, m)
		if err != nil || ki2 != c.ki2 {
			t.Errorf("%s after %q: KI2 %q (%v), want %q", c.move, c.moves, ki2, err, c.ki2)
		}
	}
	p := board.NewPosition()
	if _, err := KIFMoveText(p, board.Move(0x1234)); err == nil {
		t.Error("an illegal move has KIF text")
	}
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}
