package search

import (
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// mateInOneMoves lists the moves of the side to move that checkmate, by
// making every legal move (the brute-force reference).
func mateInOneMoves(pos *board.Position) []board.Move {
	var ml, reply board.MoveList
	pos.GenerateLegal(&ml)
	var mates []board.Move
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		pos.DoMove(m)
		if pos.InCheck() {
			pos.GenerateLegal(&reply)
			if reply.N == 0 {
				mates = append(mates, m)
			}
		}
		pos.UndoMove()
	}
	return mates
}

// TestSeesDistantRookMateThreat: the white king on 1a is shut in by a
// knight and a pawn; a rook dropped anywhere on the 1-file below 1b mates
// (a distant check, which the contact mate-in-one probe does not see),
// and only K1b avoids it. Late-move pruning at the depth-1 nodes skipped
// every later quiet move, the checks among them, so at depth 2 and 3 the
// search did not see the threat and played a pawn move.
func TestSeesDistantRookMateThreat(t *testing.T) {
	pos := mustPos(t, "8k/9/pp4NP1/9/9/9/PPPP5/9/4K4 w R 1")
	// The facts the test rests on, by brute force: after every white move
	// but K1b Black mates in one, only by distant rook drops; after K1b
	// it cannot.
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	defence := board.MoveNone
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		pos.DoMove(m)
		mates := mateInOneMoves(pos)
		if m.USI() == "1a1b" {
			defence = m
			if len(mates) != 0 {
				t.Fatalf("after 1a1b Black mates with %v", mates)
			}
		} else {
			if len(mates) == 0 {
				t.Fatalf("after %v Black has no mate in one", m)
			}
			for _, x := range mates {
				if !x.IsDrop() || x.To().File() != 1 || x.To().Rank() < 3 {
					t.Fatalf("after %v the mate %v is not a distant rook drop", m, x)
				}
			}
			if c := contactMateInOne(pos); c != board.MoveNone {
				t.Fatalf("after %v the contact probe finds %v", m, c)
			}
		}
		pos.UndoMove()
	}
	if defence == board.MoveNone {
		t.Fatal("1a1b is not legal")
	}
	for _, nn := range []bool{false, true} {
		opts := DefaultOptions()
		if nn {
			opts.Eval, opts.EvalID = testNetFactory(t), "test"
		}
		e := NewEngine(opts)
		for depth := 2; depth <= 5; depth++ {
			e.NewGame()
			r := e.Search(pos, Limits{Depth: depth}, nil)
			if r.BestMove != defence || r.Score.IsMate() {
				t.Errorf("net %v depth %d: %v score %v, want 1a1b (every other move is mated in 2)", nn, depth, r.BestMove, r.Score)
			}
		}
	}
}

// TestGenQuietChecksAgreesWithFilter: the quiet checks the picker hands out
// after late-move pruning are exactly the moves of GenQuiets that give
// check, on positions of random games (many with pieces in hand).
func TestGenQuietChecksAgreesWithFilter(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var ml, quiets, checks board.MoveList
	positions, total := 0, 0
	for game := 0; game < 60; game++ {
		pos := board.NewPosition()
		for ply := 0; ply < 200; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			if !pos.InCheck() {
				pos.Generate(board.GenQuiets, &quiets)
				want := map[board.Move]bool{}
				for _, m := range quiets.Moves[:quiets.N] {
					if pos.GivesCheck(m) {
						want[m] = true
					}
				}
				genQuietChecks(pos, &checks)
				got := map[board.Move]bool{}
				for _, m := range checks.Moves[:checks.N] {
					if got[m] {
						t.Fatalf("%s: %v twice", pos.SFEN(), m)
					}
					got[m] = true
					if !want[m] {
						t.Fatalf("%s: %v is not a quiet check of GenQuiets", pos.SFEN(), m)
					}
				}
				if len(got) != len(want) {
					t.Fatalf("%s: %d quiet checks, GenQuiets has %d", pos.SFEN(), len(got), len(want))
				}
				positions++
				total += len(want)
			}
			pos.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	if positions < 5000 || total < 10000 {
		t.Errorf("only %d positions, %d quiet checks", positions, total)
	}
	t.Logf("%d positions, %d quiet checks", positions, total)
}
