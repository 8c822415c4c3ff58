package search

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// checkContactMate compares contactMateInOne with the brute force on pos
// (not in check) and reports the mate found, if any.
func checkContactMate(t testing.TB, pos *board.Position) board.Move {
	t.Helper()
	key, sfen := pos.Key(), pos.SFEN()
	got := contactMateInOne(pos)
	if pos.Key() != key || pos.SFEN() != sfen {
		t.Fatalf("%s: the probe changed the position to %s", sfen, pos.SFEN())
	}
	want := contactMatesBrute(pos)
	if len(want) == 0 {
		if got != board.MoveNone {
			t.Fatalf("%s: probe returned %v, but no contact check mates", sfen, got)
		}
		return got
	}
	for _, m := range want {
		if m == got {
			return got
		}
	}
	t.Fatalf("%s: probe returned %v; mating contact checks %v", sfen, got, want)
	return got
}

// datasetPositions reads every SFEN of the repository's test data (the
// mate problems with each position of their solutions, the perft and
// NNUE golden positions) and adds every position one legal move away.
func datasetPositions(t testing.TB) []*board.Position {
	var roots []*board.Position
	for _, name := range []string{"mate-long-public.tsv", "perft.tsv", "nnue-golden.tsv", "nnue-archs.tsv"} {
		f, err := os.Open("../../tests/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		seen := map[string]bool{}
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "#") {
				continue
			}
			fields := strings.Split(sc.Text(), "\t")
			for i, fld := range fields {
				pos, err := board.FromSFENWith(fld, board.SFENOptions{Tsume: name == "mate-long-public.tsv"})
				if err != nil || seen[fld] {
					continue
				}
				seen[fld] = true
				roots = append(roots, pos.Clone())
				// A mate problem's solution follows its SFEN and length.
				if name == "mate-long-public.tsv" && i+2 < len(fields) {
					for _, u := range strings.Fields(fields[i+2]) {
						m, err := pos.ParseMove(u)
						if err != nil {
							t.Fatalf("%s: %s: %v", fld, u, err)
						}
						pos.DoMove(m)
						roots = append(roots, pos.Clone())
					}
				}
				break
			}
		}
		f.Close()
	}
	var out []*board.Position
	var ml board.MoveList
	for _, pos := range roots {
		out = append(out, pos)
		pos.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			pos.DoMove(m)
			out = append(out, pos.Clone())
			pos.UndoMove()
		}
	}
	return out
}

// TestContactMateInOneOnDatasets: the probe agrees with the brute force on
// every position of the repository's test data and one move beyond it.
func TestContactMateInOneOnDatasets(t *testing.T) {
	positions := datasetPositions(t)
	n, mates := 0, 0
	for _, pos := range positions {
		if pos.InCheck() || pos.KingSquare(pos.SideToMove().Opp()) == board.NoSquare {
			continue
		}
		n++
		if checkContactMate(t, pos) != board.MoveNone {
			mates++
		}
	}
	t.Logf("%d positions, %d with a contact mate", n, mates)
	if n < 10000 || mates < 20 {
		t.Fatalf("too little to cross-check: %d positions, %d mates", n, mates)
	}
}

// FuzzContactMateInOne plays the moves the input picks (each byte chooses
// among the legal moves, odd bytes among captures and checks first) and
// cross-checks the probe with the brute force after every move.
func FuzzContactMateInOne(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47})
	f.Add([]byte("a game of captures and checks, played out to the end by bytes"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pos := board.NewPosition()
		var ml board.MoveList
		for _, b := range data {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				return
			}
			moves := ml.Slice()
			if b&1 == 1 {
				var sharp []board.Move
				for _, m := range moves {
					if pos.GivesCheck(m) || (!m.IsDrop() && pos.PieceOn(m.To()) != board.NoPiece) {
						sharp = append(sharp, m)
					}
				}
				if len(sharp) > 0 {
					moves = sharp
				}
			}
			pos.DoMove(moves[int(b>>1)%len(moves)])
			if !pos.InCheck() {
				checkContactMate(t, pos)
			}
		}
	})
}
