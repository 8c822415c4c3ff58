package selfplay

import "math"

// Score statistics of a match from one player's view: Elo with a 95%
// interval from the trinomial (game) or pentanomial (game pair)
// distribution, and the generalised SPRT log-likelihood ratio.

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// EloOf is the logistic Elo difference of an expected score s (0 < s < 1).
func EloOf(s float64) float64 {
	s = math.Min(math.Max(s, 1e-9), 1-1e-9)
	return -400 * math.Log10(1/s-1)
}

// ScoreOf is the expected score of an Elo difference.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// meanVar is the mean and variance of a distribution given as counts of
// each value.
func meanVar(values []float64, counts []float64) (mean, variance, n float64) {
	for i, c := range counts {
		n += c
		mean += c * values[i]
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean /= n
	for i, c := range counts {
		d := values[i] - mean
		variance += c * d * d
	}
	return mean, variance / n, n
}

var (
	trinomialValues   = []float64{0, 0.5, 1}             // loss, draw, win
	pentanomialValues = []float64{0, 0.25, 0.5, 0.75, 1} // pair score / 2
)

// EloInterval is the Elo estimate and its 95% interval.
type EloInterval struct {
	Elo, Low, High float64
}

// ErrorBar is half the interval's width.
func (e EloInterval) ErrorBar() float64 { return (e.High - e.Low) / 2 }

func eloInterval(values, counts []float64) EloInterval {
	mean, v, n := meanVar(values, counts)
	if n == 0 {
		return EloInterval{}
	}
	se := math.Sqrt(v / n)
	return EloInterval{EloOf(mean), EloOf(mean - z95*se), EloOf(mean + z95*se)}
}

// TrinomialElo estimates Elo from game counts.
func TrinomialElo(w, d, l int) EloInterval {
	return eloInterval(trinomialValues, []float64{float64(l), float64(d), float64(w)})
}

// PentanomialElo estimates Elo from pair counts: penta[k] is the number of
// pairs scoring k/2 points (k = 0..4).
func PentanomialElo(penta [5]int) EloInterval {
	c := make([]float64, 5)
	for i, v := range penta {
		c[i] = float64(v)
	}
	return eloInterval(pentanomialValues, c)
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 with error rates Alpha (accepting H1 when H0 holds) and
// Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds are the LLR thresholds: below Lower accept H0, above Upper accept H1.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// llrPseudoCount regularises the counts so that categories not seen yet
// keep a small probability (the ratio stays finite).
const llrPseudoCount = 1e-3

// gsprtLLR is the generalised SPRT log-likelihood ratio of samples whose
// values have the given counts: the log-likelihood of the data under the
// most likely distribution with mean s1 minus that under the most likely
// one with mean s0 (s0, s1 the expected sample means of Elo0 and Elo1),
// LLR = N Σ p̂ᵢ ln(p1ᵢ / p0ᵢ) with p̂ the observed frequencies.
func (s SPRT) gsprtLLR(values, counts []float64) float64 {
	freq := make([]float64, len(counts))
	total, reg := 0.0, 0.0
	for i, c := range counts {
		total += c
		freq[i] = c + llrPseudoCount
		reg += freq[i]
	}
	if total == 0 {
		return 0
	}
	for i := range freq {
		freq[i] /= reg
	}
	s0, s1 := ScoreOf(s.Elo0), ScoreOf(s.Elo1)
	p0 := constrainedMLE(values, freq, s0)
	p1 := constrainedMLE(values, freq, s1)
	llr := 0.0
	for i, f := range freq {
		llr += f * math.Log(p1[i]/p0[i])
	}
	return total * llr
}

// constrainedMLE is the distribution over values with mean m that
// maximises Σ fᵢ ln pᵢ: pᵢ = fᵢ / (1 + λ(xᵢ − m)), with λ the root of
// Σ fᵢ (xᵢ − m) / (1 + λ(xᵢ − m)) = 0 (a decreasing function of λ on the
// interval where every denominator is positive), found by bisection.
func constrainedMLE(values, freq []float64, m float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, x := range values {
		d := x - m
		switch {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	g := func(l float64) float64 {
		sum := 0.0
		for i, x := range values {
			d := x - m
			sum += freq[i] * d / (1 + l*d)
		}
		return sum
	}
	for it := 0; it < 200; it++ {
		mid := (lo + hi) / 2
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	l := (lo + hi) / 2
	p := make([]float64, len(values))
	for i, x := range values {
		p[i] = freq[i] / (1 + l*(x-m))
	}
	return p
}

// LLRTrinomial is the LLR of game counts.
func (s SPRT) LLRTrinomial(w, d, l int) float64 {
	return s.gsprtLLR(trinomialValues, []float64{float64(l), float64(d), float64(w)})
}

// LLRPentanomial is the LLR of pair counts (see PentanomialElo).
func (s SPRT) LLRPentanomial(penta [5]int) float64 {
	c := make([]float64, 5)
	for i, v := range penta {
		c[i] = float64(v)
	}
	return s.gsprtLLR(pentanomialValues, c)
}

// Decision is the test's state for an LLR: -1 accept H0, +1 accept H1, 0 go on.
func (s SPRT) Decision(llr float64) int {
	lo, hi := s.Bounds()
	switch {
	case llr <= lo:
		return -1
	case llr >= hi:
		return 1
	}
	return 0
}
