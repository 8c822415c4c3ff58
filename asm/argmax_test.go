package asm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestArgMaxInt32MatchesTwin: the kernel, called directly from 8 scores
// on, and ArgMaxInt32 agree with the twin on random scores with many ties
// (history scores are often equal), on the extremes of int32, and with the
// greatest in each position of a block, the last block's overlap included.
func TestArgMaxInt32MatchesTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	check := func(s []int32) {
		t.Helper()
		want := argMaxGo(s)
		if got := ArgMaxInt32(s); got != want {
			t.Fatalf("ArgMaxInt32(%v) = %d, want %d", s, got, want)
		}
		if hasAVX2 && len(s) >= 8 {
			if got := argMaxAVX2(&s[0], len(s)); got != want {
				t.Fatalf("argMaxAVX2(%v) = %d, want %d", s, got, want)
			}
		}
	}
	for n := 1; n <= 70; n++ {
		for range 200 {
			s := make([]int32, n)
			spread := []int32{3, 1000, math.MaxInt32}[r.IntN(3)]
			for i := range s {
				s[i] = r.Int32N(spread) - spread/2
			}
			check(s)
		}
		for at := range n {
			for _, low := range []int32{math.MinInt32, 0, -1} {
				s := make([]int32, n)
				for i := range s {
					s[i] = low
				}
				s[at] = low + 1
				check(s)
				s[at] = math.MaxInt32
				check(s)
			}
		}
	}
	if argMaxGo([]int32{5, 9, 9, 2}) != 1 {
		t.Fatal("twin: the first of equal greatest is not index 1")
	}
}

func BenchmarkArgMaxInt32(b *testing.B) {
	s := make([]int32, 100)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range s {
		s[i] = r.Int32N(2000) - 1000
	}
	b.Run("kernel", func(b *testing.B) {
		for range b.N {
			ArgMaxInt32(s)
		}
	})
	b.Run("twin", func(b *testing.B) {
		for range b.N {
			argMaxGo(s)
		}
	})
}
