package record

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// walkRandomGames calls visit with every main-line position of `games`
// random games drawn from rng.
func walkRandomGames(t testing.TB, rng *rand.Rand, games int, visit func(d *Diagram)) {
	t.Helper()
	for i := 0; i < games; i++ {
		g := randomGame(t, rng, false)
		p, err := g.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		for _, nd := range g.MainLine() {
			d := p.Setup()
			visit(&d)
			p.DoMove(nd.Move)
		}
	}
}

// randomGame plays random legal moves from a random standard start and adds
// times, comments, engine lines, variations and an ending.
func randomGame(t testing.TB, rng *rand.Rand, variations bool) *Game {
	t.Helper()
	h := board.Handicaps[rng.Intn(len(board.Handicaps))]
	if rng.Intn(3) == 0 {
		h = board.Handicaps[0]
	}
	d, err := ParseDiagram(h.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	if rng.Intn(6) == 0 {
		// A composed start: the position after some random moves, written
		// as a board diagram with its move number.
		p, _ := diagramPosition(&d)
		for i := rng.Intn(80); i > 0; i-- {
			var ml board.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
		d = p.Setup()
		if _, ok := handicapOf(&d); ok {
			d.Ply = 1
		}
	}
	g := NewGame(d)
	g.Black, g.White = fmt.Sprintf("black%d", rng.Intn(100)), "white"
	g.SetHeader("Event", "random")
	if rng.Intn(2) == 0 {
		g.Root.Comments = []string{"start comment"}
	}
	var grow func(p *board.Position, n *Node, plies int, depth int)
	grow = func(p *board.Position, n *Node, plies int, depth int) {
		for i := 0; i < plies; i++ {
			var ml board.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				n.End = &Ending{Kind: EndMate, Side: p.SideToMove()}
				return
			}
			m := ml.Moves[rng.Intn(ml.N)]
			if variations && depth < 2 && rng.Intn(12) == 0 && ml.N > 1 {
				alt := ml.Moves[rng.Intn(ml.N)]
				if uint16(alt) != uint16(m) {
					q := p.Clone()
					q.DoMove(alt)
					c := n.AddChild(alt)
					defer func(c *Node, q *board.Position) { grow(q, c, rng.Intn(8), depth+1) }(c, q)
					// the main move must stay first
					n.Children[0], n.Children[len(n.Children)-1] = n.Children[len(n.Children)-1], n.Children[0]
				}
			}
			p.DoMove(m)
			c := &Node{Move: m, Parent: n}
			n.Children = append([]*Node{c}, n.Children...)
			if len(n.Children) > 1 {
				// keep variations after the main move, in insertion order
				n.Children = append([]*Node{c}, removeNode(n.Children[1:], c)...)
			}
			n = c
			if rng.Intn(40) == 0 {
				// An ending that a variation gives while the line goes on.
				n.End = &Ending{Kind: EndRepetition, Side: p.SideToMove()}
			}
			n.Time, n.HasTime = time.Duration(rng.Intn(200))*time.Second, true
			switch rng.Intn(8) {
			case 0:
				n.Comments = append(n.Comments, "コメント "+m.USI())
			case 1:
				n.Comments = append(n.Comments, fmt.Sprintf("* %d %s", rng.Intn(2000)-1000, m.USI()))
			}
		}
		ends := []EndKind{EndResign, EndInterrupt, EndRepetition, EndImpasse, EndTimeUp, EndIllegalMove, EndDeclareWin, EndIllegalWin}
		if rng.Intn(5) > 0 {
			n.End = &Ending{Kind: ends[rng.Intn(len(ends))], Side: p.SideToMove()}
		}
	}
	p, err := g.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	grow(p, g.Root, 1+rng.Intn(150), 0)
	return g
}

func removeNode(ns []*Node, x *Node) []*Node {
	var out []*Node
	for _, n := range ns {
		if n != x {
			out = append(out, n)
		}
	}
	return out
}

// compareTrees checks moves (with pieces), and optionally times and comments.
func compareTrees(a, b *Node, times, comments, ends bool, path string) error {
	if len(a.Children) != len(b.Children) {
		return fmt.Errorf("%s: %d children vs %d", path, len(a.Children), len(b.Children))
	}
	if comments && strings.Join(a.Comments, "|") != strings.Join(b.Comments, "|") {
		return fmt.Errorf("%s: comments %q vs %q", path, a.Comments, b.Comments)
	}
	if ends && a.End.Outcome() != b.End.Outcome() {
		return fmt.Errorf("%s: outcome %v vs %v", path, a.End.Outcome(), b.End.Outcome())
	}
	for i := range a.Children {
		x, y := a.Children[i], b.Children[i]
		p := path + " " + x.Move.USI()
		if x.Move != y.Move {
			return fmt.Errorf("%s: move %s (%#x) vs %s (%#x)", path, x.Move.USI(), uint32(x.Move), y.Move.USI(), uint32(y.Move))
		}
		if times && (x.HasTime != y.HasTime || x.Time != y.Time) {
			return fmt.Errorf("%s: time %v vs %v", p, x.Time, y.Time)
		}
		if err := compareTrees(x, y, times, comments, ends, p); err != nil {
			return err
		}
	}
	return nil
}

// mainOnly copies the main line of g (CSA has no variations).
func mainOnly(g *Game) *Game {
	h := *g
	h.Root = &Node{Comments: g.Root.Comments, End: g.Root.End}
	n := h.Root
	if len(g.Root.Children) > 0 {
		h.Root.End = nil
	}
	ml := g.MainLine()
	for i, x := range ml {
		c := *x
		c.Parent, c.Children = n, nil
		if i < len(ml)-1 {
			c.End = nil // CSA has no ending inside the line
		}
		n.Children = []*Node{&c}
		n = &c
	}
	return &h
}

func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 200
	if testing.Short() {
		games = 15
	}
	for i := 0; i < games; i++ {
		g := randomGame(t, rng, true)
		// KIF (every encoding), full tree.
		for _, e := range []Encoding{ShiftJIS, UTF8, UTF8BOM} {
			data, err := WriteKIF(g, KIFOptions{Encoding: e})
			if err != nil {
				t.Fatalf("game %d: write kif: %v", i, err)
			}
			g2, _, err := ReadKIF(data)
			if err != nil {
				t.Fatalf("game %d: read kif: %v\n%s", i, err, FormatKIF(g))
			}
			if g2.Start.SFEN() != g.Start.SFEN() {
				t.Fatalf("game %d: kif start %s vs %s", i, g2.Start.SFEN(), g.Start.SFEN())
			}
			if err := compareTrees(g.Root, g2.Root, true, true, true, "kif"); err != nil {
				t.Fatalf("game %d: %v\n%s", i, err, FormatKIF(g))
			}
		}
		// KI2: moves, comments and outcome.
		s, err := FormatKI2(g)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		g3, err := ParseKI2(s)
		if err != nil {
			t.Fatalf("game %d: read ki2: %v\n%s", i, err, s)
		}
		if g3.Start.SFEN() != g.Start.SFEN() {
			t.Fatalf("game %d: ki2 start %s vs %s", i, g3.Start.SFEN(), g.Start.SFEN())
		}
		if err := compareTrees(g.Root, g3.Root, false, true, false, "ki2"); err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, s)
		}
		if g3.Result() != g.Result() {
			t.Fatalf("game %d: ki2 result %v vs %v\n%s", i, g3.Result(), g.Result(), s)
		}
		// CSA V3.0 and V2.2: main line.
		m := mainOnly(g)
		for _, v := range []string{"V3.0", "V2.2"} {
			c := FormatCSA(g, CSAOptions{Version: v})
			g4, err := ParseCSA(c)
			if err != nil {
				t.Fatalf("game %d: read csa %s: %v\n%s", i, v, err, c)
			}
			if g4.Start.SFEN4() != g.Start.SFEN4() || g4.Black != g.Black {
				t.Fatalf("game %d: csa start/names", i)
			}
			if err := compareTrees(m.Root, g4.Root, true, true, true, "csa"); err != nil {
				t.Fatalf("game %d: %v\n%s", i, err, c)
			}
		}
		// USI position line: the main line.
		u, err := ParseUSI(FormatUSIText(g))
		if err != nil || u.Start.SFEN() != g.Start.SFEN() {
			t.Fatalf("game %d: usi: %v", i, err)
		}
		if err := compareTrees(m.Root, u.Root, false, false, false, "usi"); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		// PSV and hcpe for every position of the main line, and SFEN text.
		checkBinaryRoundTrip(t, g)
	}
}

func checkBinaryRoundTrip(t *testing.T, g *Game) {
	t.Helper()
	p, err := g.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	var psv, hcpe []byte
	var sfens []string
	for _, n := range g.MainLine() {
		d := p.Setup()
		rec, err := NewPSV(&d, 17, n.Move.Move16(), 1)
		if err != nil {
			t.Fatalf("psv %s: %v", p.SFEN(), err)
		}
		psv = AppendPSV(psv, &rec)
		h, err := NewHCPE(&d, -17, n.Move.HcpeMove16(), 2)
		if err != nil {
			t.Fatalf("hcpe %s: %v", p.SFEN(), err)
		}
		hcpe = AppendHCPE(hcpe, &h)
		sfens = append(sfens, p.SFEN())
		p.DoMove(n.Move)
	}
	pr := NewPSVReader(bytes.NewReader(psv), StopOnError)
	hr := NewHCPEReader(bytes.NewReader(hcpe), StopOnError)
	for i, n := range g.MainLine() {
		rec, err := pr.Next()
		if err != nil {
			t.Fatalf("psv record %d: %v", i, err)
		}
		if got := pr.Diagram().SFEN(); got != sfens[i] {
			t.Fatalf("psv record %d: %s vs %s", i, got, sfens[i])
		}
		pd := pr.Diagram()
		q, err := diagramPosition(pd)
		if err != nil {
			t.Fatal(err)
		}
		m, err := q.MoveFromMove16(rec.Move)
		if err != nil || m != n.Move {
			t.Fatalf("psv record %d: move %v %v vs %v", i, m, err, n.Move)
		}
		h, err := hr.Next()
		if err != nil {
			t.Fatalf("hcpe record %d: %v", i, err)
		}
		if got := hr.Diagram().SFEN4(); got != sfen4(sfens[i]) {
			t.Fatalf("hcpe record %d: %s vs %s", i, got, sfens[i])
		}
		m, err = q.MoveFromMove16(Apery.ToYaneuraOu(h.BestMove16))
		if err != nil || m != n.Move {
			t.Fatalf("hcpe record %d: move %v %v", i, m, err)
		}
		// SFEN text back to a position.
		if d2, err := ParseDiagram(sfens[i]); err != nil || d2.SFEN() != sfens[i] {
			t.Fatalf("sfen %s: %v", sfens[i], err)
		}
	}
	if _, err := pr.Next(); err != io.EOF {
		t.Fatalf("psv: want EOF, got %v", err)
	}
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
