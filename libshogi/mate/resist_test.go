package mate

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// lengthen repairs a line whose defender gives up early: on problems whose
// length the file vouches for, the reference line is cut at the first
// defender move that has an evasion mated sooner, that evasion is played
// and its mate solved; lengthen must bring the line back to the declared
// length, with the defender resisting longest (checkResistance).
func TestLengthenRepairsEarlyResignation(t *testing.T) {
	want := map[string]bool{"zukou-002": true, "zukou-030": true}
	tried := 0
	for _, pr := range loadProblems(t) {
		if !want[pr.id] {
			continue
		}
		pos := tsumePosition(t, pr.sfen)
		short, ok := earlyResignation(t, pos, pr)
		if !ok {
			t.Errorf("%s: no defender move of the reference line has an evasion mated sooner", pr.id)
			continue
		}
		tried++
		s := New(16)
		got := s.lengthen(pos, short)
		t.Logf("%s: a %d-ply line lengthened to %d (declared %d)", pr.id, len(short), len(got), pr.plies)
		if err := VerifyLine(pos, got); err != nil {
			t.Fatalf("%s: %v", pr.id, err)
		}
		if len(got) != pr.plies {
			t.Errorf("%s: %d plies after lengthen, want %d: %s", pr.id, len(got), pr.plies, lineText(got))
		}
		checkResistance(t, pr.id, pos, got, resistanceNodes)
	}
	if tried != len(want) {
		t.Errorf("%d of %d problems tried", tried, len(want))
	}
}

// earlyResignation returns the reference line of pr with the first
// defender move replaced by an evasion after which a solve finds a
// shorter mate, followed by that mate.
func earlyResignation(t *testing.T, pos *board.Position, pr problem) ([]board.Move, bool) {
	q := pos.Clone()
	var line []board.Move
	var ml board.MoveList
	s := New(16)
	for i, u := range pr.solution {
		m, err := q.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			q.GenerateLegal(&ml)
			for _, e := range ml.Slice() {
				if e == m || uselessInterposition(q, e) {
					continue
				}
				r := q.Clone()
				r.DoMove(e)
				s.Clear()
				res, err := s.Solve(r, Limits{Nodes: 200_000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status == Mate && len(res.Line) < len(pr.solution)-i-1 {
					return append(append(line, e), res.Line...), true
				}
			}
		}
		q.DoMove(m)
		line = append(line, m)
	}
	return nil, false
}
