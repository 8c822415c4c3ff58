package nnue

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

const archGoldenPath = "../../tests/testdata/nnue-archs.tsv"

// archRow is one row of nnue-archs.tsv: YaneuraOu's static evaluation of a
// position with the test net of arch (make_test_net.py --arch).
type archRow struct {
	arch, mode string
	seed       uint64
	fvScale    int
	sfen       string
	eval       int
}

type archNetKey struct {
	arch, mode string
	seed       uint64
}

// archRows returns the golden rows grouped by net, in file order of the nets.
func archRows(t testing.TB) ([]archNetKey, map[archNetKey][]archRow) {
	f, err := os.Open(archGoldenPath)
	if err != nil {
		t.Fatalf("golden data: %v", err)
	}
	defer f.Close()
	var keys []archNetKey
	rows := map[archNetKey][]archRow{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			t.Fatalf("bad golden line %q", line)
		}
		seed, err1 := strconv.ParseUint(c[1], 10, 64)
		fv, err2 := strconv.Atoi(c[3])
		ev, err3 := strconv.Atoi(c[5])
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("bad golden line %q", line)
		}
		k := archNetKey{c[0], c[2], seed}
		if rows[k] == nil {
			keys = append(keys, k)
		}
		rows[k] = append(rows[k], archRow{c[0], c[2], seed, fv, c[4], ev})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return keys, rows
}

// TestArchGolden checks every row of nnue-archs.tsv (7 architectures, a
// test and a stress net each) bit-exactly through Net.Evaluate, the
// incremental Evaluator and the low-level Accumulator, at every kernel
// level.
func TestArchGolden(t *testing.T) {
	keys, rows := archRows(t)
	archs := map[string]bool{}
	total := 0
	for _, k := range keys {
		archs[k.arch] = true
		net, err := MakeTestNetNamed(k.arch, k.mode, k.seed)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		forLevels(t, func(t *testing.T) {
			ev := NewEvaluator(net)
			acc := NewAccumulator(net)
			for i, r := range rows[k] {
				pos, err := board.FromSFEN(r.sfen)
				if err != nil {
					t.Fatalf("%v row %d: %v", k, i, err)
				}
				if got := net.Evaluate(pos, r.fvScale); got != r.eval {
					t.Errorf("%s %s fv %d %s: Net.Evaluate %d, want %d", k.arch, k.mode, r.fvScale, r.sfen, got, r.eval)
				}
				ev.SetFVScale(r.fvScale)
				ev.Reset(pos)
				if got := ev.Evaluate(pos); got != r.eval {
					t.Errorf("%s %s fv %d %s: Evaluator %d, want %d", k.arch, k.mode, r.fvScale, r.sfen, got, r.eval)
				}
				f, ok := net.Arch.Features.ActiveFeatures(pos)
				if !ok {
					t.Fatalf("%v row %d: no features", k, i)
				}
				acc.Refresh(board.Black, f[0])
				acc.Refresh(board.White, f[1])
				acc.SetKings(pos.KingSquare(board.Black), pos.KingSquare(board.White))
				if got := acc.Evaluate(pos.SideToMove(), r.fvScale); got != r.eval {
					t.Errorf("%s %s fv %d %s: Accumulator %d, want %d", k.arch, k.mode, r.fvScale, r.sfen, got, r.eval)
				}
				total++
			}
		})
	}
	if len(archs) != 7 || total < 7*120 {
		t.Fatalf("%d architectures, %d checks", len(archs), total)
	}
	t.Logf("%d architectures, %d row checks", len(archs), total)
}

// TestArchIncremental plays random games with the test and the stress net
// of every architecture (those with goldens and the two HalfKP sizes
// without) and checks that the incremental evaluator equals a full refresh
// after every do and undo, at every kernel level.
func TestArchIncremental(t *testing.T) {
	games, plies := 3, 300
	if testing.Short() {
		games, plies = 1, 150
	}
	for _, k := range KnownArchs {
		if k.Name == "halfkp_256x2-32-32" {
			continue // TestIncrementalRandomGames
		}
		for _, m := range []struct {
			mode string
			seed uint64
		}{{"test", 1}, {"stress", 7}} {
			net, err := MakeTestNetArch(k.Arch, m.mode, m.seed)
			if err != nil {
				t.Fatal(err)
			}
			checks := 0
			forLevels(t, func(t *testing.T) {
				checks += checkRandomGames(t, k.Name+" "+m.mode, net, games, plies)
			})
			t.Logf("%s %s: %d checks", k.Name, m.mode, checks)
		}
	}
}
