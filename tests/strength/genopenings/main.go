// Command genopenings writes the openings of the strength bench
// (tests/strength/openings.sfen) and, with -net, the seed-1 test network
// the bench plays with. The openings are made once and committed; the
// recipe is here so that they can be checked and remade:
//
//   - from the start position, play 8 to 16 plies (uniformly drawn); each
//     ply picks at random among the moves whose MultiPV-6, depth-4 score
//     (built-in evaluation) is within 40 of the best, so the lines are
//     varied but plausible;
//   - keep the line when a depth-8 search scores it within ±100 for the
//     side to move with both the built-in evaluation and the test net, and
//     its final position is new.
//
// Lines are written as "startpos moves ..." (what shogi match -openings
// reads). The seed fixes the output: openings.sfen is -n 50 -seed 13,
// openings-200.sfen (for fixed-node matches) -n 200 -seed 14.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

func main() {
	count := flag.Int("n", 50, "openings to write")
	seed := flag.Int64("seed", 13, "random seed")
	out := flag.String("o", "", "openings file to write (none: skip)")
	netOut := flag.String("net", "", "also write the seed-1 test net (nn.bin) to this file")
	flag.Parse()
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		fail(err)
	}
	if *netOut != "" {
		f, err := os.Create(*netOut)
		if err != nil {
			fail(err)
		}
		if err := net.Write(f); err != nil {
			fail(err)
		}
		if err := f.Close(); err != nil {
			fail(err)
		}
	}
	if *out == "" {
		return
	}
	lines := generate(*count, *seed, net)
	if err := os.WriteFile(*out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genopenings:", err)
	os.Exit(1)
}

func engine(eval search.EvalFactory, id string, multiPV int) *search.Engine {
	o := search.DefaultOptions()
	o.HashMB = 16
	o.MultiPV = multiPV
	o.Eval, o.EvalID = eval, id
	return search.NewEngine(o)
}

func generate(count int, seed int64, net *nnue.Net) []string {
	rng := rand.New(rand.NewSource(seed))
	picker := engine(nil, "", 6)
	judges := []*search.Engine{engine(nil, "", 1), engine(search.NNUEFactory(net, 0), "test", 1)}
	seen := map[string]bool{}
	var lines []string
	for tries := 0; len(lines) < count && tries < 100*count; tries++ {
		pos := board.NewPosition()
		plies := 8 + rng.Intn(9)
		var moves []string
		for len(moves) < plies {
			picker.NewGame()
			r := picker.Search(pos, search.Limits{Depth: 4}, nil)
			var cands []board.Move
			for _, l := range r.Lines {
				if len(l.PV) > 0 && l.Score >= r.Lines[0].Score-40 {
					cands = append(cands, l.PV[0])
				}
			}
			if len(cands) == 0 {
				break
			}
			m := cands[rng.Intn(len(cands))]
			moves = append(moves, m.USI())
			pos.DoMove(m)
		}
		key := pos.SFEN()
		key = key[:strings.LastIndexByte(key, ' ')] // without the move number
		if len(moves) < plies || seen[key] {
			continue
		}
		balanced := true
		for _, j := range judges {
			j.NewGame()
			if r := j.Search(pos, search.Limits{Depth: 8}, nil); r.Score < -100 || r.Score > 100 {
				balanced = false
				break
			}
		}
		if balanced {
			seen[key] = true
			lines = append(lines, "startpos moves "+strings.Join(moves, " "))
		}
	}
	return lines
}
