package board

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/libshogi/libshogi/asm"
)

// checkFastAgainstChecked sets sq/hands/side with the branch-light path
// and with the square-by-square checks (the reference): the fast path
// either declines, or builds exactly the position the checks build; and
// it declines every input the checks reject.
func checkFastAgainstChecked(t *testing.T, sq *[NumSquares]Piece, hands [2]Hand, side Color) (accepted bool) {
	t.Helper()
	fast, ref := NewPosition(), NewPosition()
	errRef := ref.setPiecesChecked(sq, hands, side, 1, SFENOptions{})
	ok := fast.setPiecesFast(sq, hands, side, 1)
	if ok && errRef != nil {
		t.Fatalf("fast path accepts what the checks reject (%v): %v", errRef, sq)
	}
	if ok && (fast.Key() != ref.Key() || !fast.keyPending) {
		t.Fatalf("fast path: key %x (pending %v), checks: key %x", fast.Key(), fast.keyPending, ref.Key())
	}
	if ok {
		fast.fillKey() // what the first DoMove does: then the two are the same
	}
	if ok && !reflect.DeepEqual(fast, ref) {
		t.Fatalf("fast path builds %s key %x, checks build %s key %x", fast.SFEN(), fast.Key(), ref.SFEN(), ref.Key())
	}
	if !ok && !reflect.DeepEqual(fast, NewPosition()) {
		t.Fatalf("fast path declined but changed the position")
	}
	return ok
}

// TestSetPiecesFastMatchesChecked: the positions of random games (the
// fast path must accept them all), and the same positions with random
// corruptions: a square set to a random byte, a piece moved to a random
// square, a random hand count (it must decline every rejected one and
// agree on the rest).
//
// It runs once per square sorter this machine has (asm.SquareTypes: the
// Go twin, and the AVX-512 kernel where the CPU has it).
func TestSetPiecesFastMatchesChecked(t *testing.T) {
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	for _, wide := range []bool{false, true} {
		if wide && !asm.SupportedAVX512() {
			t.Log("no AVX-512 kernels on this machine/build: the Go planes only")
			continue
		}
		asm.UseAVX2, asm.UseAVX512 = asm.SupportedCPU(), wide
		t.Run(asm.Level(), testSetPiecesFastMatchesChecked)
	}
}

func testSetPiecesFastMatchesChecked(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	accepted, corrupted := 0, 0
	for game := 0; game < 60; game++ {
		p := NewPosition()
		for ply := 0; ply < 150; ply++ {
			sq := p.Squares()
			hands := [2]Hand{p.Hand(Black), p.Hand(White)}
			if !checkFastAgainstChecked(t, &sq, hands, p.SideToMove()) {
				t.Fatalf("fast path declines a game position %s", p.SFEN())
			}
			accepted++
			for k := 0; k < 4; k++ {
				bad, bh := sq, hands
				switch rng.Intn(4) {
				case 0:
					bad[rng.Intn(NumSquares)] = Piece(rng.Intn(256))
				case 1:
					bad[rng.Intn(NumSquares)] = Piece(rng.Intn(32))
				case 2:
					from, to := rng.Intn(NumSquares), rng.Intn(NumSquares)
					bad[to], bad[from] = bad[from], NoPiece
				case 3:
					c, pt := rng.Intn(2), PieceType(1+rng.Intn(7))
					bh[c] = bh[c].Set(pt, rng.Intn(MaxInHand[pt]+2))
				}
				if checkFastAgainstChecked(t, &bad, bh, p.SideToMove()^Color(rng.Intn(2))) {
					corrupted++
				}
			}
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	t.Logf("%d game positions, %d corrupted positions accepted by both", accepted, corrupted)
}

// TestTwoInAFile holds the fill along the files to a count per file, on
// random sets (sparse and dense) and on every pair of squares.
func TestTwoInAFile(t *testing.T) {
	byCount := func(b Bitboard) bool {
		var n [10]int
		for s := Square(0); s < NumSquares; s++ {
			if b.Has(s) {
				if n[s.File()]++; n[s.File()] == 2 {
					return true
				}
			}
		}
		return false
	}
	for a := Square(0); a < NumSquares; a++ {
		for b := Square(0); b < NumSquares; b++ {
			bb := SquareBB(a).Or(SquareBB(b))
			if got, want := twoInAFile(bb), byCount(bb); got != want {
				t.Fatalf("%s %s: twoInAFile %v, count %v", a, b, got, want)
			}
		}
	}
	rng := rand.New(rand.NewSource(5))
	seen := [2]int{}
	for i := 0; i < 20000; i++ {
		var b Bitboard
		for k := rng.Intn(12); k > 0; k-- {
			b.Set(Square(rng.Intn(NumSquares)))
		}
		want := byCount(b)
		if got := twoInAFile(b); got != want {
			t.Fatalf("%v: twoInAFile %v, count %v", b, got, want)
		}
		if want {
			seen[1]++
		} else {
			seen[0]++
		}
	}
	if seen[0] < 1000 || seen[1] < 1000 {
		t.Fatalf("unbalanced cases: %v", seen)
	}
}

// TestMayAttack: the filter never hides an attack (Attacked on every
// square of positions of random games, both colours), and it does filter.
func TestMayAttack(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	filtered, attacked := 0, 0
	for game := 0; game < 30; game++ {
		p := NewPosition()
		for ply := 0; ply < 150; ply++ {
			for c := Black; c <= White; c++ {
				for s := Square(0); s < NumSquares; s++ {
					may := p.mayAttack(c, s)
					if p.Attacked(c, s, p.Occupied()) {
						attacked++
						if !may {
							t.Fatalf("%s: %s attacks %s, mayAttack says no", p.SFEN(), c, s)
						}
					} else if !may {
						filtered++
					}
				}
			}
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.DoMove(ml.Moves[rng.Intn(ml.N)])
		}
	}
	if filtered == 0 || attacked == 0 {
		t.Fatalf("filtered %d, attacked %d", filtered, attacked)
	}
}
