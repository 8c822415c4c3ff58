package selfplay

import (
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestOptionText(t *testing.T) {
	g := DefaultGensfenConfig()
	err := ApplyGensfenOptions(&g, "depth=6\nthreads = 2; random_moves=8\nformat=both\nrule=CSARule24\nnet=test\ndedup=true\nstart=lance")
	if err != nil {
		t.Fatal(err)
	}
	if g.Engine.Limits.Depth != 6 || g.Threads != 2 || g.RandomMoves != 8 || g.Formats != FormatPSV|FormatHCPE ||
		g.Rules.EnteringKing != board.RuleCSA24 || g.Engine.Net == nil || g.EvalName != "test" || !g.Dedup ||
		len(g.Starts) != 1 || g.Starts[0].SideToMove() != board.White {
		t.Errorf("gensfen options not applied: %+v", g)
	}
	for _, bad := range []string{"depth", "depthx=3", "depth=x", "format=zip", "rule=none27", "start=/nonexistent"} {
		c := DefaultGensfenConfig()
		if ApplyGensfenOptions(&c, bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	m := DefaultMatchConfig()
	err = ApplyMatchOptions(&m, "a=depth=3,name=x\nb=usi=/bin/engine -v,movetime=100,timeout=500,option:Threads=1\npairs=7\nsprt=0,5,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	if m.A.Engine == nil || m.A.Engine.Name != "x" || m.A.Engine.Limits.Depth != 3 || m.Pairs != 7 || m.SPRT == nil || m.SPRT.Elo1 != 5 {
		t.Errorf("match options: %+v", m)
	}
	u := m.B.USI
	if u == nil || u.Command != "/bin/engine" || len(u.Args) != 1 || u.Limits.MoveTime != 100*time.Millisecond ||
		u.MoveTimeout != 500*time.Millisecond || u.MoveMargin != 400*time.Millisecond || len(u.Options) != 1 {
		t.Errorf("usi spec: %+v", u)
	}
	c := DefaultMatchConfig()
	if err := ApplyMatchOptions(&c, "a=byoyomi=150\nb=usi=/bin/e,byoyomi=200"); err != nil ||
		c.A.Engine.Limits.Byoyomi != [2]time.Duration{150 * time.Millisecond, 150 * time.Millisecond} ||
		c.B.USI.Limits.Byoyomi[0] != 200*time.Millisecond {
		t.Errorf("byoyomi: %v %+v", err, c)
	}
	for _, bad := range []string{"a=name=x", "a=depth=1,option:X=1", "sprt=5,0,0.05,0.05", "b=usi=,depth=1"} {
		c := DefaultMatchConfig()
		if ApplyMatchOptions(&c, bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
