package evalc

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// testLayouts are the nets the tests run: the layout of the issue with the
// realistic test weights, an L1 of 32n+16 (the kernels' narrow tail) with
// the stress weights (int16 accumulators wrap, int8 extremes), and the
// trained net built into the library (halfkp_128x2-32-32: real weights,
// realistic zeros after the clipping).
var testLayouts = []struct{ arch, kind string }{
	{"halfkp_256x2-32-32", "test"},
	{"halfkp_272x2-32-32", "stress"},
	{"halfkp_128x2-32-32", "default"},
}

var (
	netsMu sync.Mutex
	nets   = map[string]*nnue.Net{}
	cNets  = map[string]*Net{}
)

// testNets returns the Go net of a layout (seed 1 for test, 7 for
// stress, as the goldens) and its C copy, built once per test binary.
func testNets(t testing.TB, arch, kind string) (*nnue.Net, *Net) {
	t.Helper()
	netsMu.Lock()
	defer netsMu.Unlock()
	key := arch + "/" + kind
	if n, ok := nets[key]; ok {
		return n, cNets[key]
	}
	seed := uint64(1)
	if kind == "stress" {
		seed = 7
	}
	var n *nnue.Net
	var err error
	if kind == "default" {
		n, err = nnue.LoadDefault(nnue.LoadOptions{})
		if err == nil && n.Arch.Name() != arch {
			t.Fatalf("the built-in net is %s, not %s", n.Arch.Name(), arch)
		}
	} else {
		n, err = nnue.MakeTestNetNamed(arch, kind, seed)
	}
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewNet(n)
	if err != nil {
		t.Fatal(err)
	}
	nets[key], cNets[key] = n, c
	return n, c
}

// openings are the distinct positions of tests/testdata's perft and NNUE
// golden files.
func openings(t testing.TB) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, f := range []struct {
		path string
		col  int
	}{{"../tests/testdata/perft.tsv", 0}, {"../tests/testdata/nnue-golden.tsv", 3}} {
		fh, err := os.Open(f.path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			cols := strings.Split(line, "\t")
			if sfen := cols[f.col]; !seen[sfen] {
				seen[sfen] = true
				out = append(out, sfen)
			}
		}
		fh.Close()
	}
	if len(out) < 10 {
		t.Fatalf("only %d openings in tests/testdata", len(out))
	}
	return out
}

// boardOf returns pos as the C ABI's codes.
func boardOf(pos *board.Position) ([board.NumSquares]uint8, [evalbackend.HandSlots]uint8) {
	var sq [board.NumSquares]uint8
	var h [evalbackend.HandSlots]uint8
	for s := board.Square(0); s < board.NumSquares; s++ {
		sq[s] = uint8(pos.PieceOn(s))
	}
	for c := board.Black; c <= board.White; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			h[int(c)*7+int(pt)-1] = uint8(pos.Hand(c).Count(pt))
		}
	}
	return sq, h
}

// pair drives the Go stack (the reference) and the C stack with the same
// calls and an engine's own board, and fails on the first difference.
type pair struct {
	t    testing.TB
	ref  *evalbackend.Stack
	c    *Stack
	pos  *board.Position // the engine's board: the top ply's position
	what string
	// rooted: the opening was accepted as a root (both kings)
	rooted bool
	// counts of what the pushed moves were
	drops, captures, promotions, kings, evaluations, refusals, pushes, nulls int
}

func newPair(t testing.TB, net *nnue.Net, cn *Net, sfen string, level Level) *pair {
	t.Helper()
	ref, err := evalbackend.NewStack(net, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewStack(cn, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.SetLevel(level)
	t.Cleanup(c.Free)
	pos, err := board.FromSFENWith(sfen, board.SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true})
	if err != nil {
		t.Fatal(err)
	}
	p := &pair{t: t, ref: ref, c: c, pos: pos, what: sfen}
	p.setRoot()
	return p
}

func (p *pair) setRoot() {
	sq, h := boardOf(p.pos)
	b := evalbackend.Board{Squares: &sq, Hands: &h, Side: p.pos.SideToMove()}
	werr := p.ref.SetRoot(b)
	p.same("set_root", 0, werr, 0, p.c.SetRoot(b))
	p.rooted = werr == nil
}

// same fails unless both stacks gave the same value and error and stand
// at the same ply.
func (p *pair) same(op string, want int, werr error, got int, gerr error) {
	p.t.Helper()
	ws, gs := "", ""
	if werr != nil {
		ws = werr.Error()
	}
	if gerr != nil {
		gs = gerr.Error()
	}
	if want != got || ws != gs || p.ref.Ply() != p.c.Ply() {
		p.t.Fatalf("%s (%s, level %v): Go %d %q at ply %d, C %d %q at ply %d",
			op, p.what, Level(p.c.c.level), want, ws, p.ref.Ply(), got, gs, p.c.Ply())
	}
}

// mirrorSame fails unless the C mirror is the Go stack's position.
func (p *pair) mirrorSame(op string) {
	p.t.Helper()
	if !p.rooted { // a position without both kings: every call says so
		return
	}
	pos := p.ref.Position()
	for sq := 0; sq < board.NumSquares; sq++ {
		if got, want := p.c.pieceOn(sq), pos.PieceOn(board.Square(sq)); got != want {
			p.t.Fatalf("%s (%s): mirror square %d holds %d, Go's %d", op, p.what, sq, got, want)
		}
	}
	for c := board.Black; c <= board.White; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			if got, want := int(p.c.c.hands[c][pt]), pos.Hand(c).Count(pt); got != want {
				p.t.Fatalf("%s (%s): mirror hand %d type %d holds %d, Go's %d", op, p.what, c, pt, got, want)
			}
		}
		if got, want := board.Square(p.c.c.kings[c]), pos.KingSquare(c); got != want {
			p.t.Fatalf("%s (%s): mirror king %d on %d, Go's %d", op, p.what, c, got, want)
		}
	}
	if got, want := board.Color(p.c.c.side), pos.SideToMove(); got != want {
		p.t.Fatalf("%s (%s): mirror side %d, Go's %d", op, p.what, got, want)
	}
}

// note counts what kind of move m is on the engine's board.
func (p *pair) note(m board.Move) {
	switch {
	case m.IsDrop():
		p.drops++
	case p.pos.PieceOn(m.From()).Type() == board.King:
		p.kings++
	}
	if !m.IsDrop() && p.pos.PieceOn(m.To()) != board.NoPiece {
		p.captures++
	}
	if m.IsPromotion() {
		p.promotions++
	}
}

// legal returns a random legal move of the engine's board, or false at a
// mate.
func (p *pair) legal(rng *rand.Rand) (board.Move, bool) {
	var ml board.MoveList
	p.pos.GenerateLegal(&ml)
	if ml.N == 0 {
		return 0, false
	}
	return ml.Moves[rng.IntN(ml.N)], true
}

// undo takes the engine's last move (or pass) back.
func (p *pair) undo() {
	if p.pos.LastMove() == board.MoveNull {
		p.pos.UndoNullMove()
	} else {
		p.pos.UndoMove()
	}
}

// back takes the engine's board back to ply.
func (p *pair) back(ply int) {
	for p.pos.GamePlyFromRoot() > ply {
		p.undo()
	}
}
