package book

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

func csaGame(t testing.TB, moves, end string) *record.Game {
	g, err := record.ParseCSA("V2.2\nPI\n+\n" + moves + end + "\n")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBuildFromRecords(t *testing.T) {
	b := NewBuilder(BuildOptions{MaxPly: 2, Eval: true})
	// Black wins twice after 7g7f, loses once after 2g2f.
	for _, g := range []*record.Game{
		csaGame(t, "+7776FU\n-3334FU\n+8822UM\n", "%TORYO"),
		csaGame(t, "+7776FU\n-8384FU\n", "%TORYO"),
		csaGame(t, "+2726FU\n-8384FU\n+2625FU\n-8485FU\n", "%TORYO"),
	} {
		if err := b.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	bk := b.Book()
	start := SFENKey(board.NewPosition())
	e := bk.Get(start)
	if e == nil || len(e.Moves) != 2 {
		t.Fatalf("start: %+v", e)
	}
	// Most played first: 7g7f twice, 2g2f once.
	if e.Moves[0].Move != mv16(t, "7g7f") || e.Moves[0].Count != 2 || e.Moves[1].Count != 1 {
		t.Fatalf("start moves %+v", e.Moves)
	}
	// Plies 1 and 2 only: the position after 7g7f 3c3d is not in the book.
	p := board.NewPosition()
	for _, m := range []string{"7g7f", "3c3d"} {
		mv, _ := p.ParseMove(m)
		p.DoMove(mv)
	}
	if bk.Get(SFENKey(p)) != nil {
		t.Fatal("MaxPly 2 kept ply 3")
	}
	if bk.Len() != 3 { // start, after 7g7f, after 2g2f
		t.Fatalf("%d positions", bk.Len())
	}
	// Results: game 1 (%TORYO after Black's 3rd move: White resigns, Black
	// wins) and game 2 (%TORYO with Black to move: Black resigns).
	// 7g7f: one win and one loss -> s = (1 + .5) / 3 = .5 -> eval 0.
	if e.Moves[0].Eval != 0 {
		t.Fatalf("7g7f eval %d", e.Moves[0].Eval)
	}
	// 2g2f: game 3, Black to move at the end -> Black resigned: a loss,
	// s = .5/2 = .25 -> 600 ln(1/3) = -659.
	if e.Moves[1].Eval != -659 {
		t.Fatalf("2g2f eval %d", e.Moves[1].Eval)
	}
}

func TestBuildFromPSVAndTop(t *testing.T) {
	b := NewBuilder(BuildOptions{TopN: 1, MinCount: 2})
	d, _ := record.ParseDiagram(board.StartSFEN)
	for i, m := range []string{"7g7f", "7g7f", "2g2f", "2g2f", "2g2f", "5g5f"} {
		rec, err := record.NewPSV(&d, 0, mv16(t, m), int8(i%3-1))
		if err != nil {
			t.Fatal(err)
		}
		b.AddPSV(&rec, &d)
	}
	e := b.Book().Get(d.SFEN4())
	if e == nil || len(e.Moves) != 1 || e.Moves[0].Move != mv16(t, "2g2f") || e.Moves[0].Count != 3 {
		t.Fatalf("%+v", e)
	}
}
