package board

import (
	"math/rand"
	"testing"
)

// checksByFilter is the reference: every legal move that GivesCheck accepts.
func checksByFilter(p *Position) []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	var out []Move
	for _, m := range ml.Slice() {
		if p.GivesCheck(m) {
			out = append(out, m)
		}
	}
	return out
}

// checkgenStarts mix game positions with tsume positions (the attacker
// without a king, the defender holding many pieces, sliders lined up for
// discovered checks).
var checkgenStarts = []struct {
	sfen  string
	tsume bool
}{
	{StartSFEN, false},
	{"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", false},
	{"k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", true},
	{"2B1n1R2/7Gp/4+N4/6rk1/4sNl2/9/2+p2NsG1/5+B3/1s1P3s1 b 2g3l15p 1", true},
	{"1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1", true},
	{"5g1ks/2l1s1p1p/3N1p3/4P1G1L/5N1p1/4G1N1+p/+B3+R3B/1R7/5L2L b N2Pg2s10p 1", true},
	{"4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNLPrb3g3s3n3l16p 1", false},
}

// GenerateChecks gives exactly the filtered set (no duplicates) in every
// position of random games from the starts, where a random legal move is
// played, or a random check with probability one half (to reach the
// positions a mate solver sees).
func TestGenerateChecksMatchesFilter(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	games := 300
	if testing.Short() {
		games = 60
	}
	var ml, legal MoveList
	positions, checks := 0, 0
	for g := 0; g < games; g++ {
		st := checkgenStarts[g%len(checkgenStarts)]
		p, err := FromSFENWith(st.sfen, SFENOptions{Tsume: st.tsume})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 160; ply++ {
			want := checksByFilter(p)
			p.GenerateChecks(&ml)
			got := ml.Slice()
			seen := map[Move]bool{}
			for _, m := range got {
				if seen[m] {
					t.Fatalf("%s: %s generated twice", p.SFEN(), m.USI())
				}
				seen[m] = true
			}
			if !equalMoves(got, want) {
				t.Fatalf("%s: GenerateChecks %v, filter %v", p.SFEN(), usiList(got), usiList(want))
			}
			positions++
			checks += len(want)
			p.GenerateLegal(&legal)
			if legal.N == 0 {
				break
			}
			m := legal.Moves[rng.Intn(legal.N)]
			if len(want) > 0 && rng.Intn(2) == 0 {
				m = want[rng.Intn(len(want))]
			}
			p.DoMove(m)
		}
	}
	if checks < positions {
		t.Fatalf("only %d checks in %d positions: the comparison says little", checks, positions)
	}
	t.Logf("%d positions, %d checks compared", positions, checks)
}

func usiList(ms []Move) []string {
	s := make([]string, len(ms))
	for i, m := range sortedMoves(ms) {
		s[i] = m.USI()
	}
	return s
}

func BenchmarkChecks(b *testing.B) {
	p, err := FromSFENWith(checkgenStarts[4].sfen, SFENOptions{Tsume: true})
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	b.Run("generator", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.GenerateChecks(&ml)
		}
	})
	b.Run("filter", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.GenerateLegal(&ml)
			n := 0
			for _, m := range ml.Moves[:ml.N] {
				if p.GivesCheck(m) {
					ml.Moves[n] = m
					n++
				}
			}
			ml.N = n
		}
	})
}
