package selfplay

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloFigures(t *testing.T) {
	// 0.75 is a 3:1 odds ratio: 400·log10(3).
	if e := EloOf(0.75); !near(e, 190.8485, 1e-3) || !near(EloOf(0.25), -e, 1e-9) || EloOf(0.5) != 0 {
		t.Errorf("EloOf(0.75) = %v", e)
	}
	if s := ScoreOf(EloOf(0.62)); !near(s, 0.62, 1e-12) {
		t.Errorf("ScoreOf(EloOf(0.62)) = %v", s)
	}
	// 60/20/20: mean 0.7, variance 0.16, standard error 0.04; the interval is
	// 0.7 ± 1.96·0.04 in score, i.e. 86.23 .. 218.25 Elo (worked by hand).
	e := TrinomialElo(60, 20, 20)
	if !near(e.Elo, EloOf(0.7), 1e-9) || !near(e.Low, 86.225, 1e-2) || !near(e.High, 218.252, 1e-2) {
		t.Errorf("trinomial 60/20/20: %+v", e)
	}
	// Pairs 0/10/20/10/0: mean 0.5, variance 0.03125 per pair: ±38.22 Elo.
	p := PentanomialElo([5]int{0, 10, 20, 10, 0})
	if p.Elo != 0 || !near(p.ErrorBar(), 38.2203, 1e-3) {
		t.Errorf("pentanomial: %+v", p)
	}
}

func TestSPRTBoundsAndSign(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	if !near(lo, -2.944, 1e-3) || !near(hi, 2.944, 1e-3) {
		t.Errorf("bounds %v %v, want ±ln(19)", lo, hi)
	}
	// A mean half-way between the hypotheses is (almost) no evidence either way.
	mid := (ScoreOf(0) + ScoreOf(5)) / 2
	if llr := s.gsprtLLR([]float64{0, 1}, []float64{1000 * (1 - mid), 1000 * mid}); !near(llr, 0, 0.02) {
		t.Errorf("LLR at the midpoint %v", llr)
	}
	// Two outcomes: the constrained MLEs are the hypotheses themselves, so
	// the LLR is the plain binomial one, w ln(s1/s0) + l ln((1-s1)/(1-s0)).
	s0, s1 := ScoreOf(0), ScoreOf(5)
	want := 550*math.Log(s1/s0) + 450*math.Log((1-s1)/(1-s0))
	if llr := s.gsprtLLR([]float64{0, 1}, []float64{450, 550}); !near(llr, want, 1e-3) {
		t.Errorf("binomial LLR %v, want %v", llr, want)
	}
	if s.LLRTrinomial(600, 200, 200) <= hi || s.LLRTrinomial(200, 200, 600) >= lo {
		t.Error("clear results do not cross the bounds")
	}
	// 30 won pairs: each is worth about ln(ScoreOf(50)/0.5) against 0..50.
	wide := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	if llr := wide.LLRPentanomial([5]int{0, 0, 0, 0, 30}); wide.Decision(llr) != 1 || !near(llr, 30*math.Log(ScoreOf(50)/0.5), 0.1) {
		t.Errorf("30 won pairs: LLR %v", llr)
	}
}

// TestSPRTErrorRates runs many simulated tests: with the true Elo at H0 or
// beyond it, the wrong hypothesis is accepted about as rarely as alpha and
// beta promise.
func TestSPRTErrorRates(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	rng := rand.New(rand.NewPCG(1, 2))
	const runs = 200
	for _, c := range []struct {
		elo  float64
		want int
	}{{-5, -1}, {30, 1}} {
		sc := ScoreOf(c.elo)
		const draw = 0.3
		win := sc - draw/2
		game := func() int {
			switch u := rng.Float64(); {
			case u < win:
				return 2
			case u < win+draw:
				return 1
			}
			return 0
		}
		wrong := 0
		for r := 0; r < runs; r++ {
			var penta [5]int
			for {
				penta[game()+game()]++
				if d := s.Decision(s.LLRPentanomial(penta)); d != 0 {
					if d != c.want {
						wrong++
					}
					break
				}
			}
		}
		if wrong > runs/10 {
			t.Errorf("true Elo %v: %d of %d tests accepted the wrong hypothesis", c.elo, wrong, runs)
		}
	}
}
