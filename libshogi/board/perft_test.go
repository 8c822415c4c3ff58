package board

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// testdataPath names a file of the repository's golden data (tests/testdata)
// and fails the test, saying what is missing, when it is not there.
func testdataPath(t testing.TB, rel string) string {
	p := "../../tests/testdata/" + rel
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("golden data missing: %v (tests/testdata ships with the repository)", err)
	}
	return p
}

type perftRow struct {
	sfen  string
	depth int
	nodes uint64
}

func readPerftRows(t testing.TB) []perftRow {
	f, err := os.Open(testdataPath(t, "perft.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("bad perft row %q", line)
		}
		d, _ := strconv.Atoi(cols[1])
		n, _ := strconv.ParseUint(cols[2], 10, 64)
		rows = append(rows, perftRow{cols[0], d, n})
	}
	return rows
}

func TestPerftSuite(t *testing.T) {
	for _, r := range readPerftRows(t) {
		if testing.Short() && r.nodes > 2_000_000 {
			continue
		}
		r := r
		t.Run(fmt.Sprintf("%d/%s", r.depth, r.sfen), func(t *testing.T) {
			t.Parallel() // the rows are independent; use every core
			p, err := FromSFEN(r.sfen)
			if err != nil {
				t.Fatalf("%s: %v", r.sfen, err)
			}
			if got := p.Perft(r.depth); got != r.nodes {
				t.Errorf("perft(%d) %s = %d, want %d", r.depth, r.sfen, got, r.nodes)
			}
			if got := p.SFEN(); got != r.sfen {
				t.Errorf("perft changed the position: %s -> %s", r.sfen, got)
			}
		})
	}
}
