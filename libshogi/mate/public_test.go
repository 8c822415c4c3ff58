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

// quickBudgets are the node budgets of the problems that the default test
// solves (a few seconds of CPU each); the others run in
// TestPublicProblemsLong.
var quickBudgets = map[string]uint64{
	"zukou-036": 2_000_000,
	"musou-055": 1_500_000,
	"zukou-002": 1_000_000,
	"zukou-030": 1_000_000,
	"musou-069": 1_500_000,
	"zukou-072": 1_000_000, // 339k nodes, 1.4 s CPU with board.GenerateChecks
	"musou-016": 2_500_000, // 1.21M nodes, 4.4 s CPU
}

// resistanceNodes bounds each solve of checkResistance on the quick problems.
const resistanceNodes = 200_000

// longBudget is what TestPublicProblemsLong gives every other problem:
// zukou-099, the longest, took 14.9M nodes (60 s of CPU, its line work
// stopped there); the time is wall clock, and a shared machine's runs 2 to
// 20 times ahead of the CPU.
var longBudget = Limits{Nodes: 30_000_000, Time: 30 * time.Minute}

// checkPublic solves one problem: a mate, a line that replays as a mate,
// and on rows whose length the file vouches for, exactly that length.
func checkPublic(t *testing.T, s *Solver, pr problem, lim Limits) Result {
	t.Helper()
	pos := tsumePosition(t, pr.sfen)
	s.Clear()
	res, err := s.Solve(pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v, %d plies (declared %d), %d nodes, %v", pr.id, res.Status, len(res.Line), pr.plies, res.Nodes, res.Time.Round(time.Millisecond))
	if res.Status != Mate {
		t.Errorf("%s: %v after %d nodes", pr.id, res.Status, res.Nodes)
		return res
	}
	if err := VerifyLine(pos, res.Line); err != nil {
		t.Errorf("%s: line %s: %v", pr.id, lineText(res.Line), err)
	}
	if pr.exactLength() && len(res.Line) != pr.plies {
		t.Errorf("%s: %d plies, want %d: %s", pr.id, len(res.Line), pr.plies, lineText(res.Line))
	}
	return res
}

func TestPublicProblems(t *testing.T) {
	s := New(64)
	n := 0
	for _, pr := range loadProblems(t) {
		if b, ok := quickBudgets[pr.id]; ok {
			if res := checkPublic(t, s, pr, Limits{Nodes: b}); res.Status == Mate {
				checkResistance(t, pr.id, tsumePosition(t, pr.sfen), res.Line, resistanceNodes)
			}
			n++
		}
	}
	if n != len(quickBudgets) {
		t.Errorf("%d of the %d quick problems are in the file", n, len(quickBudgets))
	}
}

// TestPublicProblemsLong solves the problems the quick test leaves out
// (minutes each on a loaded machine), one subtest each:
// LIBSHOGI_MATE_LONG=1 go test -run PublicProblemsLong -timeout 3h
// ./libshogi/mate (add /musou-010 to the -run pattern for one problem).
func TestPublicProblemsLong(t *testing.T) {
	if os.Getenv("LIBSHOGI_MATE_LONG") == "" {
		t.Skip("set LIBSHOGI_MATE_LONG=1 (long: every problem outside quickBudgets)")
	}
	s := New(1024)
	for _, pr := range loadProblems(t) {
		if _, ok := quickBudgets[pr.id]; ok {
			continue
		}
		t.Run(pr.id, func(t *testing.T) { checkPublic(t, s, pr, longBudget) })
	}
}
