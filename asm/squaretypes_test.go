package asm

import (
	"math/rand"
	"testing"
)

// TestSquareTypes holds SquareTypes at every level this machine runs
// (the Go twin at "avx2") to the definition.
func TestSquareTypes(t *testing.T) {
	levels(t, func(t *testing.T) { testSquareTypes(t, SquareTypes) })
}

// TestSquareTypesGo holds the twin to the definition on any machine.
func TestSquareTypesGo(t *testing.T) { testSquareTypes(t, SquareTypesGo) }

// testSquareTypes checks f against each square's code, in the board's
// 63/18 split, on random codes: codes below 32 (type 15 among them, in
// one array of sixteen on a random square), and in one array of four a
// code with a high bit on a random square.
func testSquareTypes(t *testing.T, f func(*[81]uint8, *[15][2]uint64, *[2][2]uint64) uint64) {
	rng := rand.New(rand.NewSource(81))
	for n := 0; n < 20000; n++ {
		var sq [81]uint8
		for s := range sq {
			sq[s] = uint8(rng.Intn(32))
			if sq[s]&15 == 15 && n%16 != 0 {
				sq[s] &^= 1
			}
		}
		if n%4 == 0 {
			sq[rng.Intn(81)] |= uint8(32 << rng.Intn(3))
		}
		var types, want [15][2]uint64
		var sets, wantSets [2][2]uint64
		types[0] = [2]uint64{0x1234, 0x5678} // not written
		want[0] = types[0]
		bad := f(&sq, &types, &sets)
		wantBad := false
		for s, c := range sq {
			w, bit := 0, uint64(1)<<s
			if s >= 63 {
				w, bit = 1, 1<<(s-63)
			}
			if c&16 != 0 {
				wantSets[0][w] |= bit
			}
			if c&15 != 0 {
				wantSets[1][w] |= bit
			}
			if ty := c & 15; ty >= 1 && ty <= 14 {
				want[ty][w] |= bit
			}
			wantBad = wantBad || c >= 32 || c&15 == 15
		}
		if types != want || sets != wantSets || (bad != 0) != wantBad {
			t.Fatalf("codes %v: types %x sets %x bad %x; want %x, %x, %v", sq, types, sets, bad, want, wantSets, wantBad)
		}
	}
}

// TestGather8: byte i's bit 0 becomes bit i, whatever the other bits hold.
func TestGather8(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 10000; k++ {
		x := rng.Uint64()
		var want uint64
		for i := 0; i < 8; i++ {
			want |= (x >> (8 * i) & 1) << i
		}
		if got := gather8(x); got != want {
			t.Fatalf("gather8(%#x) = %#x, want %#x", x, got, want)
		}
	}
}
