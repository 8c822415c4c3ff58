package asm

import (
	"math/rand"
	"testing"
)

// TestSquarePlanes holds SquarePlanes at every level this machine runs
// (the Go twin at "avx2") to the definition.
func TestSquarePlanes(t *testing.T) {
	levels(t, func(t *testing.T) { testSquarePlanes(t, SquarePlanes) })
}

// TestSquarePlanesGo holds the twin to the definition on any machine.
func TestSquarePlanesGo(t *testing.T) { testSquarePlanes(t, SquarePlanesGo) }

// testSquarePlanes checks f against each square's bit j, in the board's
// 63/18 split, on random codes: piece codes (below 32) and, in one array
// of four, a code with a high bit on a random square.
func testSquarePlanes(t *testing.T, f func(*[81]uint8, *[10]uint64) uint64) {
	rng := rand.New(rand.NewSource(81))
	for n := 0; n < 20000; n++ {
		var sq [81]uint8
		for s := range sq {
			sq[s] = uint8(rng.Intn(32))
		}
		wantHigh := n%4 == 0
		if wantHigh {
			sq[rng.Intn(81)] |= uint8(32 << rng.Intn(3))
		}
		var got [10]uint64
		high := f(&sq, &got)
		var want [10]uint64
		for s, c := range sq {
			for j := 0; j < 5; j++ {
				if c>>j&1 == 1 {
					if s < 63 {
						want[j] |= 1 << s
					} else {
						want[5+j] |= 1 << (s - 63)
					}
				}
			}
		}
		if got != want || (high != 0) != wantHigh {
			t.Fatalf("codes %v: planes %x, high %x; want %x, high %v", sq, got, high, want, wantHigh)
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
