package search

import (
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// contactMatesBrute lists every legal contact check that mates, by making
// each legal move: the independent reference for contactMateInOne.
func contactMatesBrute(pos *board.Position) []board.Move {
	us := pos.SideToMove()
	ek := pos.KingSquare(us.Opp())
	if ek == board.NoSquare {
		return nil
	}
	contact := board.StepAttacks(us.Opp(), board.King, ek).Or(board.StepAttacks(us.Opp(), board.Knight, ek))
	var ml board.MoveList
	pos.GenerateLegal(&ml)
	var mates []board.Move
	for _, m := range ml.Moves[:ml.N] {
		to := m.To()
		if !contact.Has(to) {
			continue
		}
		occ := pos.Occupied()
		var pc board.Piece
		if m.IsDrop() {
			pc = board.NewPiece(us, m.DropType())
		} else {
			pc = pos.PieceOn(m.From())
			if m.IsPromotion() {
				pc = board.NewPiece(us, pc.Type().Promoted())
			}
			occ.Clear(m.From())
		}
		occ.Set(to)
		if !board.Attacks(pc, to, occ).Has(ek) {
			continue // not a contact check by the moved piece
		}
		pos.DoMove(m)
		mated := !pos.HasLegalMove()
		pos.UndoMove()
		if mated {
			mates = append(mates, m)
		}
	}
	return mates
}

// contactMatePositions plays random games biased towards captures and
// checks (so that hands fill and kings get exposed) and returns the
// positions where the side to move is not in check.
func contactMatePositions(t testing.TB, games int) []*board.Position {
	rng := rand.New(rand.NewSource(13))
	var out []*board.Position
	var ml board.MoveList
	for g := 0; g < games; g++ {
		pos := board.NewPosition()
		for ply := 0; ply < 400; ply++ {
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			if !pos.InCheck() {
				out = append(out, pos.Clone())
			}
			var pick []board.Move
			switch r := rng.Intn(10); {
			case r < 4:
				for _, m := range ml.Moves[:ml.N] {
					if !m.IsDrop() && pos.PieceOn(m.To()) != board.NoPiece {
						pick = append(pick, m)
					}
				}
			case r < 6:
				for _, m := range ml.Moves[:ml.N] {
					if pos.GivesCheck(m) {
						pick = append(pick, m)
					}
				}
			}
			if len(pick) == 0 {
				pick = ml.Moves[:ml.N]
			}
			pos.DoMove(pick[rng.Intn(len(pick))])
		}
	}
	if len(out) == 0 {
		t.Fatal("no positions")
	}
	return out
}

// TestContactMateInOneAgreesWithBruteForce: on thousands of random-play
// positions the probe finds a mate exactly when making every legal contact
// check finds one, returns only mating moves, and leaves the position as
// it was.
func TestContactMateInOneAgreesWithBruteForce(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 20
	}
	positions := contactMatePositions(t, games)
	found, drops, moves := 0, 0, 0
	for _, pos := range positions {
		key := pos.Key()
		sfen := pos.SFEN()
		got := contactMateInOne(pos)
		if pos.Key() != key || pos.SFEN() != sfen {
			t.Fatalf("%s: the probe changed the position to %s", sfen, pos.SFEN())
		}
		want := contactMatesBrute(pos)
		if len(want) == 0 {
			if got != board.MoveNone {
				t.Fatalf("%s: probe returned %v, but no contact check mates", sfen, got)
			}
			continue
		}
		if got == board.MoveNone {
			t.Fatalf("%s: probe found nothing; mating contact checks %v", sfen, want)
		}
		ok := false
		for _, m := range want {
			ok = ok || m == got
		}
		if !ok {
			t.Fatalf("%s: probe returned %v, not among the mates %v", sfen, got, want)
		}
		found++
		if got.IsDrop() {
			drops++
		} else {
			moves++
		}
	}
	t.Logf("%d positions, %d with a contact mate (%d found by a drop, %d by a board move)", len(positions), found, drops, moves)
	// The cross-check means something only if mates of both kinds occur.
	if drops < 20 || moves < 20 {
		t.Fatalf("too few mates to cross-check: %d by drops, %d by board moves", drops, moves)
	}
}

// TestContactMateInOneCases: hand-made mates and near-mates.
func TestContactMateInOneCases(t *testing.T) {
	cases := []struct {
		sfen, want string // want "" when no contact mate exists
	}{
		// Head gold drop, protected by the pawn: mate.
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b"},
		// The same without the guard: the king takes the gold.
		{"4k4/9/9/9/9/9/9/9/4K4 b G 1", ""},
		// A pawn drop would mate, but that is illegal; nothing else in hand.
		{"3rkr3/3p1p3/9/9/9/9/9/9/4K4 b P 1", ""},
		// Gold moving to the head of the king, guarded by a lance through
		// the square it leaves.
		{"4k4/9/4G4/9/9/9/9/9/4L3K b - 1", "5c5b"},
		// The same, but the king's silvers take the gold.
		{"3sks3/9/4G4/4L4/9/9/9/9/8K b - 1", ""},
		// A knight check, the king boxed in by its own pieces: mate when
		// nothing takes the knight, not when the silvers do.
		{"3gkg3/3bpb3/9/9/9/9/9/9/8K b N 1", "N*4c"},
		{"3gkg3/3sps3/9/9/9/9/9/9/8K b N 1", ""},
	}
	for _, c := range cases {
		pos, err := board.FromSFEN(c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.sfen, err)
		}
		got := contactMateInOne(pos)
		want := contactMatesBrute(pos)
		if c.want == "" {
			if got != board.MoveNone || len(want) != 0 {
				t.Errorf("%s: probe %v, brute force %v; want no mate", c.sfen, got, want)
			}
			continue
		}
		if got.USI() != c.want {
			t.Errorf("%s: probe %v, want %s (brute force %v)", c.sfen, got, c.want, want)
		}
	}
}

func BenchmarkContactMateInOne(b *testing.B) {
	positions := contactMatePositions(b, 20)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		contactMateInOne(positions[i%len(positions)])
	}
}

// TestNearAttacksAgreeWithBoard: the attackers of each square next to the
// enemy king that the probe reads from its own record equal the board's
// AttackersTo, and the squares it covers are those attacked with the king
// off the board, on random-play
// positions and on a composed one with more attackers than the record
// holds, where it falls back to the board; the probe agrees with brute
// force there too.
func TestNearAttacksAgreeWithBoard(t *testing.T) {
	crowded, err := board.FromSFEN("9/9/2S+P+P+PS2/2+P3+P2/2+P1k1+P2/2+P3+P2/3+P+P+P3/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	positions := append(contactMatePositions(t, 10), crowded)
	checked := 0
	for i, pos := range positions {
		us := pos.SideToMove()
		ek := pos.KingSquare(us.Opp())
		if ek == board.NoSquare {
			continue
		}
		occ := pos.Occupied()
		occNoKing := occ
		occNoKing.Clear(ek)
		var near nearAttacks
		cover := near.collect(pos, us, ek, occNoKing)
		if last := i == len(positions)-1; last != near.full {
			t.Fatalf("%s: record full = %v with %d pieces", pos.SFEN(), near.full, near.n)
		}
		var want board.Bitboard
		for around := board.StepAttacks(us, board.King, ek); around.NonZero(); {
			sq := around.Pop()
			if pos.Attacked(us, sq, occNoKing) {
				want.Set(sq)
			}
			if got, w := near.attackersTo(pos, us, sq, occ), pos.AttackersTo(us, sq, occ); got != w {
				t.Fatalf("%s: attackers of %v: %v, board says %v", pos.SFEN(), sq, got, w)
			}
			checked++
		}
		if cover != want {
			t.Fatalf("%s: covered squares %v, want %v", pos.SFEN(), cover, want)
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d squares checked", checked)
	}
	got, want := contactMateInOne(crowded), contactMatesBrute(crowded)
	if (got == board.MoveNone) != (len(want) == 0) {
		t.Fatalf("crowded: probe %v, brute force %v", got, want)
	}
}
