package board

import (
	"math/rand"
	"sort"
	"testing"
)

// randomGame plays up to plies random legal moves from p, calling check
// after every move and after every undo.
func randomGame(t *testing.T, rng *rand.Rand, p *Position, plies int, check func(stage string)) {
	var ml MoveList
	var played []string
	var sfens []string
	for i := 0; i < plies; i++ {
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[rng.Intn(ml.N)]
		sfens = append(sfens, p.SFEN())
		played = append(played, m.USI())
		p.DoMove(m)
		check("do " + m.USI())
	}
	for i := len(played) - 1; i >= 0; i-- {
		p.UndoMove()
		if got := p.SFEN(); got != sfens[i] {
			t.Fatalf("undo of %s gave %s, want %s", played[i], got, sfens[i])
		}
		check("undo " + played[i])
	}
}

func TestRandomGamesInvariants(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	games := 24
	if testing.Short() {
		games = 10
	}
	starts := []string{StartSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"}
	for g := 0; g < games; g++ {
		p, _ := FromSFEN(starts[g%len(starts)])
		randomGame(t, rng, p, 300, func(stage string) {
			if p.Key() != p.ComputeKey() {
				t.Fatalf("%s: incremental key %x != %x", stage, p.Key(), p.ComputeKey())
			}
			q, err := FromSFEN(p.SFEN())
			if err != nil {
				t.Fatalf("%s: reparse %s: %v", stage, p.SFEN(), err)
			}
			if q.Key() != p.Key() || q.Checkers() != p.Checkers() {
				t.Fatalf("%s: reparsed position differs", stage)
			}
			checkGeneratorConsistency(t, rng, p)
		})
	}
}

func sortedMoves(ms []Move) []Move {
	out := append([]Move(nil), ms...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func equalMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = sortedMoves(a), sortedMoves(b)
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkGeneratorConsistency: IsLegal agrees with the generator (also on
// random 16-bit values), the modes partition the moves, GivesCheck agrees
// with playing the move.
func checkGeneratorConsistency(t *testing.T, rng *rand.Rand, p *Position) {
	var all, nu, capt, quiet, ev, chk MoveList
	p.Generate(GenAll, &all)
	p.Generate(GenNoUseless, &nu)
	p.Generate(GenCaptures, &capt)
	p.Generate(GenQuiets, &quiet)
	p.Generate(GenEvasions, &ev)
	p.Generate(GenChecks, &chk)
	legal := map[Move]bool{}
	for _, m := range all.Slice() {
		if legal[m] {
			t.Fatalf("%s: %v generated twice", p.SFEN(), m)
		}
		legal[m] = true
		if !p.IsLegal(m) || !p.IsLegal(m&0xffff) {
			t.Fatalf("%s: generated %v but IsLegal says no", p.SFEN(), m)
		}
	}
	union := append(append([]Move{}, capt.Slice()...), quiet.Slice()...)
	if !equalMoves(union, nu.Slice()) {
		t.Fatalf("%s: captures ∪ quiets != no-useless", p.SFEN())
	}
	for _, m := range nu.Slice() {
		if !legal[m] {
			t.Fatalf("%s: no-useless move %v is not legal", p.SFEN(), m)
		}
	}
	if p.InCheck() != (ev.N > 0 || !p.HasLegalMove()) && p.InCheck() {
		t.Fatalf("%s: evasions missing", p.SFEN())
	}
	nchk := 0
	for _, m := range nu.Slice() {
		gives := p.GivesCheck(m)
		p.DoMove(m)
		if p.InCheck() != gives {
			t.Fatalf("%s: GivesCheck(%v) = %v, but after it in check = %v", p.SFEN(), m, gives, !gives)
		}
		p.UndoMove()
		if gives {
			nchk++
		}
	}
	if nchk != chk.N {
		t.Fatalf("%s: GenChecks gave %d, want %d", p.SFEN(), chk.N, nchk)
	}
	// Random values, and random near-misses: a from/to pair on the board
	// with or without the promotion flag and with random piece bits.
	for i := 0; i < 200; i++ {
		var m Move
		switch i % 3 {
		case 0:
			m = Move(rng.Intn(1 << 16))
		case 1:
			m = Move(rng.Intn(81)) | Move(rng.Intn(81))<<7 | Move(rng.Intn(2))<<15
		default:
			m = Move(rng.Intn(81)) | Move(1+rng.Intn(7))<<7 | moveDropFlag | Move(rng.Intn(32))<<16
		}
		want := false
		for g := range legal {
			if g&0xffff == m&0xffff && (m>>16 == 0 || g == m) {
				want = true
			}
		}
		if got := p.IsLegal(m); got != want {
			t.Fatalf("%s: IsLegal(%v %08x) = %v, generator says %v", p.SFEN(), m, uint32(m), got, want)
		}
	}
}

// TestSEEGEMatchesSEE: the cut-short exchange of SEEGE gives the answer of
// the full one, SEE(m) >= threshold, for every legal move of the positions
// of random games, at thresholds around SEE(m) and across the piece values.
func TestSEEGEMatchesSEE(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	thresholds := []int{-2000, -1395, -990, -541, -540, -200, -90, -89, -1, 0, 1, 89, 90, 91, 315, 540, 855, 990, 1500}
	starts := []string{StartSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"ln1g3nl/1r1sg1kb1/p1pppp1pp/1p4p2/7P1/2P3P2/PPSPPP2P/1B5R1/LN1GKG1NL b Ss 1"}
	checked := 0
	var ml MoveList
	for g := 0; g < 12; g++ {
		p, err := FromSFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		randomGame(t, rng, p, 160, func(stage string) {
			p.GenerateLegal(&ml)
			for _, m := range ml.Moves[:ml.N] {
				v := p.SEE(m)
				for _, th := range append(thresholds, v-1, v, v+1) {
					if got := p.SEEGE(m, th); got != (v >= th) {
						t.Fatalf("%s: %s: SEEGE(%s, %d) = %v, SEE = %d", stage, p.SFEN(), m.USI(), th, got, v)
					}
					checked++
				}
			}
		})
	}
	if checked < 100000 {
		t.Fatalf("only %d cases", checked)
	}
}
