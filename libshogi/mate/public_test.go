package mate

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// problem is one row of tests/testdata/mate-long-public.tsv.
type problem struct {
	id, sfen, notes string
	plies           int
	solution        []string
}

// exactLength reports whether the file says the declared length is the
// length under full tsume rules (a whole-tree proof agrees); the other rows
// are length-ambiguous and accept any verified mate.
func (p problem) exactLength() bool { return strings.Contains(p.notes, "whole-tree proof agrees") }

func loadProblems(t testing.TB) []problem {
	t.Helper()
	path := filepath.Join("..", "..", "tests", "testdata", "mate-long-public.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden data missing: %v", err)
	}
	defer f.Close()
	var ps []problem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 6 {
			t.Fatalf("bad row %q", line)
		}
		n, err := strconv.Atoi(c[3])
		if err != nil {
			t.Fatalf("bad mate_plies in %q", line)
		}
		ps = append(ps, problem{id: c[0], sfen: c[2], plies: n, solution: strings.Fields(c[4]), notes: c[5]})
	}
	if len(ps) == 0 {
		t.Fatal("no problems")
	}
	return ps
}

// tsumePosition reads a problem SFEN in tsume mode.
func tsumePosition(t testing.TB, sfen string) *board.Position {
	t.Helper()
	p, err := board.FromSFENWith(sfen, board.SFENOptions{Tsume: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func lineText(l []board.Move) string {
	s := make([]string, len(l))
	for i, m := range l {
		s[i] = m.USI()
	}
	return strings.Join(s, " ")
}

// The reference solutions themselves pass the replay check, so the checker
// accepts real mates; a truncated one fails it.
func TestVerifyReferenceSolutions(t *testing.T) {
	for _, pr := range loadProblems(t) {
		pos := tsumePosition(t, pr.sfen)
		q := pos.Clone()
		var line []board.Move
		for _, u := range pr.solution {
			m, err := q.ParseMove(u)
			if err != nil {
				t.Fatalf("%s: %v", pr.id, err)
			}
			q.DoMove(m)
			line = append(line, m)
		}
		if len(line) != pr.plies {
			t.Errorf("%s: solution has %d plies, row says %d", pr.id, len(line), pr.plies)
		}
		if err := VerifyLine(pos, line); err != nil {
			t.Errorf("%s: reference solution rejected: %v", pr.id, err)
		}
		if err := VerifyLine(pos, line[:len(line)-2]); err == nil {
			t.Errorf("%s: truncated solution accepted", pr.id)
		}
	}
}

// budgets: per-problem node limits that keep the suite quick; problems
// not listed get defaultBudget.
const defaultBudget = 2_000_000

func TestPublicProblems(t *testing.T) {
	s := New(32)
	for _, pr := range loadProblems(t) {
		pos := tsumePosition(t, pr.sfen)
		s.Clear()
		start := time.Now()
		res, err := s.Solve(pos, Limits{Nodes: defaultBudget})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %v %d plies (declared %d) nodes %d time %v", pr.id, res.Status, len(res.Line), pr.plies, res.Nodes, time.Since(start).Round(time.Millisecond))
		if res.Status != Mate {
			t.Errorf("%s: %v after %d nodes", pr.id, res.Status, res.Nodes)
			continue
		}
		if err := VerifyLine(pos, res.Line); err != nil {
			t.Errorf("%s: line %s: %v", pr.id, lineText(res.Line), err)
		}
		if pr.exactLength() && len(res.Line) != pr.plies {
			t.Errorf("%s: %d plies, want %d: %s", pr.id, len(res.Line), pr.plies, lineText(res.Line))
		}
	}
}
