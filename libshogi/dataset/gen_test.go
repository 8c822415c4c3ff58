package dataset

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// truth is what a test knows about one written position, from board.Position.
type truth struct {
	sfen   string
	score  int16
	move   board.Move
	result int8 // side to move's view
	ply    int
	cands  []record.MoveVisits
}

// playout plays a random game from the start position and returns the
// positions before each move (as SFEN), the moves and a result.
type playedGame struct {
	start  string
	sfens  []string
	moves  []board.Move
	result uint8 // absolute: 0 draw, 1 Black won, 2 White won
}

func playGames(t testing.TB, rng *rand.Rand, games, maxLen int) []playedGame {
	t.Helper()
	out := make([]playedGame, 0, games)
	for g := 0; g < games; g++ {
		p, err := board.FromSFEN(board.StartSFEN)
		if err != nil {
			t.Fatal(err)
		}
		pg := playedGame{start: p.SFEN(), result: uint8(rng.Intn(3))}
		n := 20 + rng.Intn(maxLen)
		for i := 0; i < n; i++ {
			var ml board.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.Intn(ml.N)]
			// prefer captures now and then so that the capture filter has work
			if rng.Intn(3) == 0 {
				for _, c := range ml.Slice() {
					if !c.IsDrop() && p.PieceOn(c.To()) != board.NoPiece {
						m = c
						break
					}
				}
			}
			pg.sfens = append(pg.sfens, p.SFEN())
			pg.moves = append(pg.moves, m)
			p.DoMove(m)
		}
		out = append(out, pg)
	}
	return out
}

func relResult(abs uint8, side board.Color) int8 {
	switch abs {
	case 1:
		if side == board.Black {
			return 1
		}
		return -1
	case 2:
		if side == board.White {
			return 1
		}
		return -1
	}
	return 0
}

func posOf(t testing.TB, sfen string) *board.Position {
	t.Helper()
	p, err := board.FromSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func writeFile(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writePSV writes the games as PackedSfenValue records.
func writePSV(t testing.TB, rng *rand.Rand, games []playedGame) ([]byte, []truth) {
	var data []byte
	var tr []truth
	for _, g := range games {
		for i, s := range g.sfens {
			p := posOf(t, s)
			d := p.Setup()
			score := int16(rng.Intn(6001) - 3000)
			res := relResult(g.result, p.SideToMove())
			rec, err := record.NewPSV(&d, score, g.moves[i].Move16(), res)
			if err != nil {
				t.Fatal(err)
			}
			data = record.AppendPSV(data, &rec)
			tr = append(tr, truth{sfen: s, score: score, move: g.moves[i], result: res, ply: p.Ply()})
		}
	}
	return data, tr
}

// writeHCPE writes the games as hcpe records (hcp has no move number: ply 1).
func writeHCPE(t testing.TB, rng *rand.Rand, games []playedGame) ([]byte, []truth) {
	var data []byte
	var tr []truth
	for _, g := range games {
		for i, s := range g.sfens {
			p := posOf(t, s)
			d := p.Setup()
			score := int16(rng.Intn(6001) - 3000)
			rec, err := record.NewHCPE(&d, score, g.moves[i].HcpeMove16(), g.result)
			if err != nil {
				t.Fatal(err)
			}
			data = record.AppendHCPE(data, &rec)
			tr = append(tr, truth{sfen: s, score: score, move: g.moves[i], result: relResult(g.result, p.SideToMove()), ply: 1})
		}
	}
	return data, tr
}

// writeHCPE3 writes each game as one hcpe3 game with a few candidates a move.
func writeHCPE3(t testing.TB, rng *rand.Rand, games []playedGame) ([]byte, []truth) {
	var data []byte
	var tr []truth
	for _, g := range games {
		sp := posOf(t, g.start)
		sd := sp.Setup()
		hcp, err := record.EncodeHCP(&sd)
		if err != nil {
			t.Fatal(err)
		}
		hg := record.HCPE3Game{Start: hcp, Result: g.result}
		for i, s := range g.sfens {
			p := posOf(t, s)
			var ml board.MoveList
			p.GenerateLegal(&ml)
			var cands []record.MoveVisits
			for k := 0; k < 1+rng.Intn(4) && k < ml.N; k++ {
				cands = append(cands, record.MoveVisits{Move16: ml.Moves[rng.Intn(ml.N)].HcpeMove16(), Visits: uint16(1 + rng.Intn(500))})
			}
			score := int16(rng.Intn(6001) - 3000)
			hg.Moves = append(hg.Moves, record.HCPE3Move{Move16: g.moves[i].HcpeMove16(), Eval: score, Candidates: cands})
			tr = append(tr, truth{sfen: s, score: score, move: g.moves[i], result: relResult(g.result, p.SideToMove()), ply: 1 + i, cands: cands})
		}
		data = record.AppendHCPE3(data, &hg)
	}
	return data, tr
}

// fixture is one file of each format written from the same games.
type fixture struct {
	paths  map[Format]string
	truths map[Format][]truth
}

func makeFixture(t testing.TB, seed int64, games, maxLen int) fixture {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	played := playGames(t, rng, games, maxLen)
	dir := t.TempDir()
	f := fixture{paths: map[Format]string{}, truths: map[Format][]truth{}}
	var data []byte
	data, f.truths[FormatPSV] = writePSV(t, rng, played)
	f.paths[FormatPSV] = writeFile(t, dir, "a.bin", data)
	data, f.truths[FormatHCPE] = writeHCPE(t, rng, played)
	f.paths[FormatHCPE] = writeFile(t, dir, "a.hcpe", data)
	data, f.truths[FormatHCPE3] = writeHCPE3(t, rng, played)
	f.paths[FormatHCPE3] = writeFile(t, dir, "a.hcpe3", data)
	return f
}
