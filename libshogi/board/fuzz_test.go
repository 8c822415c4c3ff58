package board

import "testing"

func FuzzSFEN(f *testing.F) {
	for _, s := range []string{StartSFEN, "4k4/9/9/9/9/9/9/9/4K4 b 2R 1", "startpos", "9/9/9/9/9/9/9/9/9 b - 1",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", "+", "1/2/3 b - 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := FromSFEN(s)
		if err != nil {
			return
		}
		out := p.SFEN()
		q, err := FromSFEN(out)
		if err != nil {
			t.Fatalf("canonical output %q of %q does not parse: %v", out, s, err)
		}
		if q.SFEN() != out || q.Key() != p.Key() {
			t.Fatalf("canonical form not stable: %q -> %q", out, q.SFEN())
		}
		var ml MoveList
		p.GenerateLegal(&ml) // must not panic on any accepted position
		for _, m := range ml.Slice() {
			p.DoMove(m)
			p.UndoMove()
		}
	})
}

func FuzzUSIMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "G*9i", "1a1a", "K*5e", "9j1a", ""} {
		f.Add(s)
	}
	start := NewPosition()
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseUSIMoveText(s)
		if err == nil && m.USI() != s {
			t.Fatalf("%q parses but prints %q", s, m.USI())
		}
		if g, err := start.ParseMove(s); err == nil && !start.IsLegal(g) {
			t.Fatalf("ParseMove accepted %q, not legal", s)
		}
	})
}
