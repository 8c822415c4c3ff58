package selfplay

import (
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/search"
)

func TestParseInfoScore(t *testing.T) {
	cases := []struct {
		line string
		want search.Score
		ok   bool
	}{
		{"info depth 3 score cp 100 pv 7g7f", 90, true},
		{"info depth 3 score cp -250", -225, true},
		{"info score mate 3 pv G*5b", search.MateIn(3), true},
		{"info score mate -4", search.MatedIn(4), true},
		{"info score mate +", search.MateIn(search.MaxPly), true},
		{"info depth 3 nodes 10", 0, false},
		{"bestmove 7g7f", 0, false},
		{"info score cp x", 0, false},
		{"info string score cp 500", 0, false},
		{"info depth 2 pv 7g7f score cp 5", 0, false},
	}
	for _, c := range cases {
		got, ok := parseInfoScore(c.line)
		if ok != c.ok || got != c.want {
			t.Errorf("%q: %v %v, want %v %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func FuzzParseInfoScore(f *testing.F) {
	f.Add("info depth 3 score cp 100 pv 7g7f")
	f.Add("info score mate -0")
	f.Add("info score mate 99999999999999999999")
	f.Fuzz(func(t *testing.T, s string) {
		if v, ok := parseInfoScore(s); ok && (v > search.ScoreMate || v < -search.ScoreMate) {
			t.Errorf("%q: score %d out of range", s, v)
		}
	})
}

func FuzzParseStart(f *testing.F) {
	f.Add("startpos moves 7g7f 3c3d")
	f.Add("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f")
	f.Add("lance")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseStart(s)
		if err == nil && p.SFEN() == "" {
			t.Errorf("%q: empty position", s)
		}
	})
}

// FuzzOptionText feeds option text (what the C ABI and the bindings pass)
// to the three option tables and the player parser: errors, never panics.
func FuzzOptionText(f *testing.F) {
	f.Add("depth=6\nthreads=2;random_moves=8\nformat=both")
	f.Add("a=depth=3,name=x\nb=usi=/bin/engine -v,movetime=100,timeout=500,option:Threads=1\nsprt=0,5,0.05,0.05")
	f.Add("input=x.bin;output=y.bin;nodes=18446744073709551615")
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "net=") || strings.Contains(s, "start=") || strings.Contains(s, "openings=") {
			return // those read files
		}
		g := DefaultGensfenConfig()
		_ = ApplyGensfenOptions(&g, s)
		r := RescoreConfig{}
		_ = ApplyRescoreOptions(&r, s)
		m := DefaultMatchConfig()
		_ = ApplyMatchOptions(&m, s)
		_, _ = ParsePlayerSpec(s)
	})
}
