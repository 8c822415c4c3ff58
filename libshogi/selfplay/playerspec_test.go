package selfplay

import (
	"context"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// mix= replaces the net's material mix in the player's search: the
// player's evaluation is the blend of the net and the material evaluation.
func TestPlayerSpecMix(t *testing.T) {
	ps, err := ParsePlayerSpec("net=test,mix=40,nodes=100")
	if err != nil {
		t.Fatal(err)
	}
	if ps.Engine == nil || ps.Engine.MaterialMix == nil || *ps.Engine.MaterialMix != 40 || ps.Engine.Net.MaterialMix != 0 {
		t.Fatalf("mix=40 not in the engine config: %+v", ps.Engine)
	}
	pos, err := board.FromSFEN("lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 11")
	if err != nil {
		t.Fatal(err)
	}
	ev := ps.Engine.Options(Rules{}).Eval()
	ev.Reset(pos)
	mat := search.NewMaterialEval()
	mat.Reset(pos)
	want := (60*ps.Engine.Net.Evaluate(pos, ps.Engine.Net.FVScale) + 40*mat.Evaluate(pos)) / 100
	if got := ev.Evaluate(pos); got != want {
		t.Errorf("mix=40 evaluates %d, want (60 net + 40 material)/100 = %d", got, want)
	}

	plain, err := ParsePlayerSpec("net=test,nodes=100")
	if err != nil {
		t.Fatal(err)
	}
	ev = plain.Engine.Options(Rules{}).Eval()
	ev.Reset(pos)
	if got, net := ev.Evaluate(pos), plain.Engine.Net.Evaluate(pos, plain.Engine.Net.FVScale); got != net || got == want {
		t.Errorf("a file net without mix= evaluates %d, want the net's %d (the blend is %d)", got, net, want)
	}
}

func TestPlayerSpecRefusesBadKeys(t *testing.T) {
	for spec, want := range map[string]string{
		"net=test,mix=101,nodes=10":  "percentage",
		"net=test,mix=x,nodes=10":    "percentage",
		"net=test,nodez=100":         `unknown key "nodez"`,
		"movetime=100,hash=8,mixx=3": `unknown key "mixx"`,
	} {
		_, err := ParsePlayerSpec(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one that says %q", spec, err, want)
		}
	}
}

// A mix without a net is refused when the engine is made: a network
// handle of the C ABI may still give it one after the parse.
func TestMixWithoutANetIsRefused(t *testing.T) {
	cfg := DefaultMatchConfig()
	if err := ApplyMatchOptions(&cfg, "a=mix=20,nodes=100\nb=nodes=100\npairs=1"); err != nil {
		t.Fatal(err)
	}
	if _, err := Match(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "material mix") {
		t.Errorf("a match with mix= on the built-in evaluation: %v", err)
	}
	g := DefaultGensfenConfig()
	g.Dir, g.Positions = t.TempDir(), 10
	if err := ApplyGensfenOptions(&g, "mix=10\ndepth=1"); err != nil {
		t.Fatal(err)
	}
	if _, err := Gensfen(context.Background(), g); err == nil || !strings.Contains(err.Error(), "material mix") {
		t.Errorf("gensfen with mix= on the built-in evaluation: %v", err)
	}
}

func TestGensfenOptionMix(t *testing.T) {
	g := DefaultGensfenConfig()
	if err := ApplyGensfenOptions(&g, "net=test\ndepth=2"); err != nil {
		t.Fatal(err)
	}
	own := g.fingerprint()
	if err := ApplyGensfenOptions(&g, "mix=15"); err != nil {
		t.Fatal(err)
	}
	if g.fingerprint() == own {
		t.Error("a run with mix=15 would resume a run with the net's own mix")
	}
	if g.Engine.MaterialMix == nil || *g.Engine.MaterialMix != 15 {
		t.Fatalf("mix=15 not applied: %+v", g.Engine)
	}
	if err := ApplyGensfenOptions(&g, "mix=-3"); err == nil {
		t.Error("mix=-3 accepted")
	}
}
