package mate

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// bruteMate is the oracle: a plain AND/OR search over every legal check
// (useless non-promotions included) and every evasion. It reports whether
// the side to move mates within plies plies.
func bruteMate(p *board.Position, plies int) bool {
	if plies < 1 {
		return false
	}
	var ml board.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if !p.GivesCheck(m) {
			continue
		}
		p.DoMove(m)
		ok := bruteDefend(p, plies-1)
		p.UndoMove()
		if ok {
			return true
		}
	}
	return false
}

func bruteDefend(p *board.Position, plies int) bool {
	var ml board.MoveList
	p.GenerateLegal(&ml)
	if ml.N == 0 {
		return true // mated (a pawn-drop mate was never generated: it is illegal)
	}
	if plies < 2 {
		return false
	}
	for _, m := range ml.Slice() {
		p.DoMove(m)
		ok := bruteMate(p, plies-1)
		p.UndoMove()
		if !ok {
			return false
		}
	}
	return true
}

// bruteLength is the shortest mate within maxPlies (0 if none).
func bruteLength(p *board.Position, maxPlies int) int {
	for n := 1; n <= maxPlies; n += 2 {
		if bruteMate(p, n) {
			return n
		}
	}
	return 0
}

// randomTsume builds a random legal tsume-like position: the defender's
// king near its edge, a few pieces of both sides around it, a few pieces
// in the attacker's hand, the rest with the defender.
func randomTsume(r *rand.Rand) *board.Position {
	types := []string{"P", "L", "N", "S", "G", "B", "R", "+P", "+B", "+R"}
	for {
		var sq [10][10]string // [file][rank]
		kf, kr := 1+r.IntN(9), 1+r.IntN(3)
		sq[kf][kr] = "k"
		n := 2 + r.IntN(5)
		for i := 0; i < n; i++ {
			f, rk := kf-3+r.IntN(7), kr-1+r.IntN(5)
			if f < 1 || f > 9 || rk < 1 || rk > 9 || sq[f][rk] != "" {
				continue
			}
			t := types[r.IntN(len(types))]
			if r.IntN(4) == 0 {
				t = strings.ToLower(t)
			}
			sq[f][rk] = t
		}
		var b strings.Builder
		for rk := 1; rk <= 9; rk++ {
			empty := 0
			for f := 9; f >= 1; f-- {
				if sq[f][rk] == "" {
					empty++
					continue
				}
				if empty > 0 {
					fmt.Fprint(&b, empty)
					empty = 0
				}
				b.WriteString(sq[f][rk])
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
			}
			if rk < 9 {
				b.WriteByte('/')
			}
		}
		hand := ""
		for _, h := range []string{"R", "B", "G", "S", "N", "L", "P"} {
			if r.IntN(3) == 0 {
				hand += h
			}
		}
		if hand == "" {
			hand = "-"
		}
		p, err := board.FromSFENWith(b.String()+" b "+hand+" 1", board.SFENOptions{Tsume: true})
		if err != nil {
			continue
		}
		p.GiveRemainingPieces(board.White)
		return p
	}
}

// On random positions df-pn agrees with the brute-force oracles on mates
// within 5 plies (both ways, with MaxPlies 5, under the rule for useless
// interpositions: futileLength), finds every mate that the checks-only
// search of package search finds, and its lines are verified and no longer
// than the shortest mate counting every interposition (bruteLength), plus
// the two plies of each useless interposition the line plays.
func TestRandomAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 5))
	s := New(8)
	var mates, none, searchMates int
	for i := 0; i < 100; i++ {
		p := randomTsume(r)
		want := bruteLength(p, 5)
		wantRule := futileLength(p, 5, true)
		res, err := s.Solve(p, Limits{Nodes: 200_000, MaxPlies: 5})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case wantRule > 0 && res.Status != Mate:
			t.Errorf("%s: mate in %d under the rule, bounded df-pn says %v", p.SFEN(), wantRule, res.Status)
		case wantRule == 0 && res.Status == Mate:
			t.Errorf("%s: no mate within 5, bounded df-pn says mate %s", p.SFEN(), lineText(res.Line))
		case wantRule == 0 && res.Status != NoMate:
			t.Errorf("%s: no mate within 5, bounded df-pn says %v", p.SFEN(), res.Status)
		case wantRule > 0 && (len(res.Line) > wantRule+2*uselessDropsIn(p, res.Line) || len(res.Line)%2 == 0):
			t.Errorf("%s: shortest mate %d plies under the rule, bounded df-pn line %s", p.SFEN(), wantRule, lineText(res.Line))
		}
		full, _ := s.Solve(p, Limits{Nodes: 50_000})
		if want > 0 {
			mates++
			if full.Status != Mate || len(full.Line) > want+2*uselessDropsIn(p, full.Line) {
				t.Errorf("%s: mate in %d, df-pn %v %s", p.SFEN(), want, full.Status, lineText(full.Line))
			}
		} else {
			none++
		}
		if full.Status == Mate {
			if err := VerifyLine(p, full.Line); err != nil {
				t.Errorf("%s: %v", p.SFEN(), err)
			}
		}
		if pv := search.NewChecksMateSearch(nil).Solve(p, 5); pv != nil {
			searchMates++
			if full.Status != Mate {
				t.Errorf("%s: search.MateSolver mates within 5 with %s, df-pn says %v", p.SFEN(), lineText(pv), full.Status)
			}
		}
	}
	t.Logf("%d positions with a mate within 5 plies, %d without; search.MateSolver found %d mates within 5", mates, none, searchMates)
	if mates < 15 || none < 15 {
		t.Errorf("unbalanced sample: %d mates, %d none", mates, none)
	}
}

// uselessDropsIn counts the defender moves of line (from p) that are
// candidate useless interpositions.
func uselessDropsIn(p *board.Position, line []board.Move) int {
	q := p.Clone()
	n := 0
	for i, m := range line {
		if i%2 == 1 && uselessInterposition(q, m) {
			n++
		}
		q.DoMove(m)
	}
	return n
}
