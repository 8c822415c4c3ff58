package evalc

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/evalbackend"
)

// The C stack's root scores are YaneuraOu's static evaluations of
// tests/testdata/nnue-golden.tsv (halfkp_256x2-32-32 test nets, each
// FV_SCALE of the file), at every kernel level.
func TestGoldenEvaluations(t *testing.T) {
	fh, err := os.Open("../tests/testdata/nnue-golden.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	stacks := map[string]*Stack{}
	defer func() {
		for _, s := range stacks {
			s.Free()
		}
	}()
	rows, refused := 0, 0
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		fv, err1 := strconv.Atoi(c[2])
		want, err2 := strconv.Atoi(c[4])
		if len(c) != 5 || err1 != nil || err2 != nil {
			t.Fatalf("bad row %q", line)
		}
		if seed := map[string]string{"test": "1", "stress": "7"}[c[0]]; c[1] != seed {
			t.Fatalf("row %q: testNets builds %s nets with seed %s", line, c[0], seed)
		}
		pos, err := board.FromSFENWith(c[3], board.SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true})
		if err != nil {
			t.Fatal(err)
		}
		sq, h := boardOf(pos)
		b := evalbackend.Board{Squares: &sq, Hands: &h, Side: pos.SideToMove()}
		for _, l := range Levels() {
			key := c[0] + "/" + c[2] + "/" + l.String()
			s := stacks[key]
			if s == nil {
				_, cn := testNets(t, "halfkp_256x2-32-32", c[0])
				if s, err = NewStack(cn, fv); err != nil {
					t.Fatal(err)
				}
				s.SetLevel(l)
				stacks[key] = s
			}
			if err := s.SetRoot(b); err != nil {
				refused++ // a position without both kings: no score to compare
				continue
			}
			if got, err := s.Evaluate(); err != nil || got != want {
				t.Fatalf("%s %v: %s: %d (%v), golden %d", key, l, c[3], got, err, want)
			}
			rows++
		}
	}
	if rows < 200*len(Levels()) {
		t.Fatalf("only %d rows compared (%d refused)", rows, refused)
	}
	t.Logf("%d golden rows at %d levels (%d refusals of positions without both kings)", rows/len(Levels()), len(Levels()), refused/len(Levels()))
}
