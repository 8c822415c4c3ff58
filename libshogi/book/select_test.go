package book

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func selectorBook(t *testing.T) *Book {
	b := New()
	start := board.NewPosition()
	k := SFENKey(start)
	b.Add(k, 1, Move{Move: mv16(t, "7g7f"), Eval: 100, Count: 1, Fields: HasEval | HasCount})
	b.Add(k, 1, Move{Move: mv16(t, "2g2f"), Eval: 80, Count: 3, Fields: HasEval | HasCount})
	b.Add(k, 1, Move{Move: mv16(t, "5g5f"), Eval: 50, Count: 100, Fields: HasEval | HasCount})
	b.Add(k, 1, Move{Move: mv16(t, "1a1b"), Eval: 999, Count: 100, Fields: HasEval | HasCount}) // not legal here
	p := start.Clone()
	mv, _ := p.ParseMove("7g7f")
	p.DoMove(mv)
	b.Add(SFENKey(p), 2, Move{Move: mv16(t, "3c3d"), Fields: HasCount, Count: 1})
	mv, _ = p.ParseMove("3c3d")
	p.DoMove(mv)
	b.Add(SFENKey(p), 3, Move{Move: mv16(t, "2g2f"), Fields: HasCount, Count: 1})
	return b
}

func defaults() Settings { return SettingsFrom(func(string) string { return "" }) }

func TestSelectorChoice(t *testing.T) {
	s := NewSelectorFor(selectorBook(t), defaults(), 1)
	start := board.NewPosition()
	seen := map[string]int{}
	const n = 4000
	for i := 0; i < n; i++ {
		c, ok, err := s.Choose(start)
		if err != nil || !ok {
			t.Fatalf("no book move: %v", err)
		}
		seen[c.Move.USI()]++
		if c.Move.USI() == "7g7f" && (len(c.PV) != 3 || c.PV[1].USI() != "3c3d" || c.PV[2].USI() != "2g2f" || c.Ponder.USI() != "3c3d") {
			t.Fatalf("7g7f line %v ponder %v", c.PV, c.Ponder)
		}
	}
	// Within 30 of the best legal eval (100): 7g7f and 2g2f, weighted 1:3.
	if seen["5g5f"] != 0 || seen["1a1b"] != 0 || len(seen) != 2 {
		t.Fatalf("candidates %v", seen)
	}
	if f := float64(seen["2g2f"]) / n; f < 0.70 || f > 0.80 {
		t.Fatalf("2g2f drawn %.3f of the time, want 0.75", f)
	}
	// Uniform without counts.
	st := defaults()
	st.WeightByCount = false
	s = NewSelectorFor(selectorBook(t), st, 2)
	seen = map[string]int{}
	for i := 0; i < n; i++ {
		c, _, _ := s.Choose(start)
		seen[c.Move.USI()]++
	}
	if f := float64(seen["2g2f"]) / n; f < 0.45 || f > 0.55 {
		t.Fatalf("uniform: 2g2f drawn %.3f of the time", f)
	}
}

func TestSelectorLimits(t *testing.T) {
	st := defaults()
	st.Moves = 0
	if _, ok, _ := NewSelectorFor(selectorBook(t), st, 1).Choose(board.NewPosition()); ok {
		t.Fatal("BookMoves 0 used the book")
	}
	st = defaults()
	st.IgnoreRate = 100
	if _, ok, _ := NewSelectorFor(selectorBook(t), st, 1).Choose(board.NewPosition()); ok {
		t.Fatal("BookIgnoreRate 100 used the book")
	}
	st = defaults()
	st.IgnoreRate = 50
	s := NewSelectorFor(selectorBook(t), st, 3)
	hits := 0
	for i := 0; i < 2000; i++ {
		if _, ok, _ := s.Choose(board.NewPosition()); ok {
			hits++
		}
	}
	if hits < 900 || hits > 1100 {
		t.Fatalf("BookIgnoreRate 50: %d of 2000 used", hits)
	}
	// The position after 7g7f 3c3d is move 3: BookMoves 2 stops there.
	p := board.NewPosition()
	for _, m := range []string{"7g7f", "3c3d"} {
		mv, _ := p.ParseMove(m)
		p.DoMove(mv)
	}
	st = defaults()
	st.Moves = 2
	if _, ok, _ := NewSelectorFor(selectorBook(t), st, 1).Choose(p); ok {
		t.Fatal("BookMoves 2 used the book at move 3")
	}
	st.Moves = 3
	if c, ok, _ := NewSelectorFor(selectorBook(t), st, 1).Choose(p); !ok || c.Move.USI() != "2g2f" {
		t.Fatal("BookMoves 3 did not use the book at move 3")
	}
}

// White, seeing the start position flipped, finds Black's book moves.
func TestSelectorFlipped(t *testing.T) {
	b := New()
	b.Add(SFENKey(board.NewPosition()), 1, Move{Move: mv16(t, "7g7f"), Fields: HasCount, Count: 1})
	p, _ := board.FromSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
	c, ok, err := NewSelectorFor(b, defaults(), 1).Choose(p)
	if err != nil || !ok || c.Move.USI() != "3c3d" {
		t.Fatalf("flipped: %v %v %v", c.Move, ok, err)
	}
	st := defaults()
	st.Flipped = false
	if _, ok, _ := NewSelectorFor(b, st, 1).Choose(p); ok {
		t.Fatal("FlippedBook false still flipped")
	}
}
