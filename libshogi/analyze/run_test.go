package analyze

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

func TestRunEndToEnd(t *testing.T) {
	in := `{"id":"start","sfen":"startpos","depth":2}
{"id":"moves","moves":["7g7f","3c3d"],"depth":2,"multipv":3}
{"id":"mate","sfen":"kn7/9/1G7/9/9/9/9/9/4K4 b G 1","depth":3}
{"id":"bad-sfen","sfen":"xyz","depth":1}
{"id":"bad-move","moves":["7g7a"],"depth":1}
not json
{"id":"nodes","nodes":500}
`
	for _, workers := range []int{1, 2} {
		var out bytes.Buffer
		cfg := Config{Workers: workers, Engine: search.DefaultOptions(), ClearBetween: true}
		cfg.Engine.HashMB = 4
		total, failed, err := Run(strings.NewReader(in), &out, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if total != 7 || failed != 3 {
			t.Fatalf("workers=%d: total %d failed %d\n%s", workers, total, failed, out.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var res []Result
		for _, l := range lines {
			var r Result
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("output line %q: %v", l, err)
			}
			res = append(res, r)
		}
		for i, want := range []string{"start", "moves", "mate", "bad-sfen", "bad-move", "", "nodes"} {
			if res[i].ID != want || res[i].Line != i+1 {
				t.Fatalf("workers=%d: result %d is %+v, want id %q line %d (input order)", workers, i, res[i], want, i+1)
			}
		}
		for _, i := range []int{0, 1, 2, 6} {
			r := res[i]
			if r.Error != "" || r.Score == nil || len(r.PV) == 0 {
				t.Fatalf("result %+v", r)
			}
			p, err := board.FromSFEN(r.SFEN)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.ParseMove(r.BestMove); err != nil || r.PV[0] != r.BestMove {
				t.Fatalf("best move %s not legal in %s (pv %v)", r.BestMove, r.SFEN, r.PV)
			}
		}
		if len(res[1].MultiPV) != 3 {
			t.Errorf("multipv lines: %d", len(res[1].MultiPV))
		}
		if res[2].Score.Mate == nil || *res[2].Score.Mate != 1 {
			t.Errorf("mate in 1 not reported: %+v", res[2].Score)
		}
		if res[1].SFEN != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" {
			t.Errorf("position after moves: %s", res[1].SFEN)
		}
		for _, i := range []int{3, 4, 5} {
			if res[i].Error == "" {
				t.Errorf("line %d: no error reported", i+1)
			}
		}
	}
}
