package nnue

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

const goldenPath = "../../tests/testdata/nnue-golden.tsv"

var (
	netsOnce sync.Once
	nets     map[string]*Net
)

// testNets returns the two golden networks, built once per test binary.
func testNets(t testing.TB) map[string]*Net {
	netsOnce.Do(func() {
		nets = map[string]*Net{}
		for _, k := range []struct {
			kind string
			seed uint64
		}{{"test", 1}, {"stress", 7}} {
			n, err := MakeTestNet(k.kind, k.seed)
			if err != nil {
				panic(err)
			}
			nets[k.kind] = n
		}
	})
	return nets
}

type goldenRow struct {
	net     string
	seed    uint64
	fvScale int
	sfen    string
	eval    int
}

func goldenRows(t testing.TB) []goldenRow {
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Skipf("golden data not found: %v", err)
	}
	defer f.Close()
	var rows []goldenRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("bad golden line %q", line)
		}
		seed, _ := strconv.ParseUint(c[1], 10, 64)
		fv, _ := strconv.Atoi(c[2])
		ev, _ := strconv.Atoi(c[4])
		rows = append(rows, goldenRow{c[0], seed, fv, c[3], ev})
	}
	return rows
}

func TestGolden(t *testing.T) {
	rows := goldenRows(t)
	ns := testNets(t)
	if len(rows) < 200 {
		t.Fatalf("only %d golden rows", len(rows))
	}
	for i, r := range rows {
		n := ns[r.net]
		if n == nil || (r.net == "test" && r.seed != 1) || (r.net == "stress" && r.seed != 7) {
			t.Fatalf("row %d: unexpected net %s seed %d", i, r.net, r.seed)
		}
		pos, err := board.FromSFEN(r.sfen)
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if got := n.Evaluate(pos, r.fvScale); got != r.eval {
			t.Errorf("row %d (%s fv %d) %s: Net.Evaluate %d, want %d", i, r.net, r.fvScale, r.sfen, got, r.eval)
		}
		ev := NewEvaluator(n)
		if err := ev.SetFVScale(r.fvScale); err != nil {
			t.Fatal(err)
		}
		ev.Reset(pos)
		if got := ev.Evaluate(pos); got != r.eval {
			t.Errorf("row %d: Evaluator %d, want %d", i, got, r.eval)
		}
		// low-level accumulator API
		acc := NewAccumulator(n)
		f, ok := ActiveFeatures(pos)
		if !ok {
			t.Fatalf("row %d: no features", i)
		}
		acc.Refresh(board.Black, f[0])
		acc.Refresh(board.White, f[1])
		if got := acc.Evaluate(pos.SideToMove(), r.fvScale); got != r.eval {
			t.Errorf("row %d: Accumulator %d, want %d", i, got, r.eval)
		}
	}
	t.Logf("%d golden rows checked", len(rows))
}
