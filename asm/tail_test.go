package asm

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
)

type tailCase struct {
	t        Tail
	us, them []int16
}

// randTail: random layers (extreme weights for some), biases near the
// limits the layers tolerate, and accumulators that are random, extreme,
// mostly negative (sparse after the clip) or all zero.
func randTail(r *rand.Rand, half int, iter int) tailCase {
	extreme := iter%4 == 1
	w1 := randI8(r, 32*2*half, extreme)
	w2 := randI8(r, 32*32, extreme)
	b1, b2 := make([]int32, 32), make([]int32, 32)
	for i := range b1 {
		b1[i] = int32(r.IntN(400001)) - 200000
		b2[i] = int32(r.IntN(40001)) - 20000
	}
	t := Tail{
		L1Blocked: blockedOf(w1, 32, 2*half), L1Rows: RowChunks(w1, 32, 2*half), L1Bias: b1,
		L1Group: GroupLimit(MaxAbs(w1)), L2Blocked: blockedOf(w2, 32, 32), L2Bias: b2,
		L2Group: GroupLimit(MaxAbs(w2)), Out: randI8(r, 32, extreme), OutBias: int32(r.IntN(2001)) - 1000,
	}
	acc := func() []int16 {
		v := randI16(r, half, iter%3 == 1)
		for i := range v {
			switch iter % 5 {
			case 2: // sparse: most lanes clip to 0
				if r.IntN(8) != 0 {
					v[i] = -int16(r.IntN(300))
				}
			case 3:
				v[i] = 0
			case 4: // dense 1..127
				v[i] = int16(1 + r.IntN(127))
			}
		}
		return v
	}
	return tailCase{t: t, us: acc(), them: acc()}
}

func TestTailForwardVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var cases []tailCase
	var want []int32
	var s TailScratch
	defer func(v bool) { UseAVX2 = v }(UseAVX2)
	UseAVX2 = false
	for iter := 0; iter < 200; iter++ {
		c := randTail(r, []int{32, 64, 256, 512}[iter%4], iter)
		if !c.t.Fits(len(c.us)) {
			t.Fatalf("case %d does not fit", iter)
		}
		cases = append(cases, c)
		want = append(want, c.t.Forward(c.us, c.them, &s))
	}
	levels(t, func(t *testing.T) {
		for i, c := range cases {
			for _, rows := range []bool{true, false} {
				tl := c.t
				if !rows {
					tl.L1Rows = nil
				}
				if got := tl.Forward(c.us, c.them, &s); got != want[i] {
					t.Fatalf("case %d (rows %v): %d, twin %d", i, rows, got, want[i])
				}
			}
		}
	})
}

// TestTailUpdateForwardVsTwin: the update-and-forward kernel against two
// AccUpdateGo calls and the Go forward pass, with random columns (0-3
// removed and added per perspective), extreme column values included.
func TestTailUpdateForwardVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	type ufCase struct {
		c                tailCase
		w                []int16
		lists            [4][]int32
		want             int32
		wantUs, wantThem []int16
	}
	var cases []ufCase
	var s TailScratch
	defer func(v bool) { UseAVX2 = v }(UseAVX2)
	UseAVX2 = false
	for iter := 0; iter < 120; iter++ {
		c := randTail(r, 256, iter)
		const cols = 30
		w := randI16(r, 256*cols, iter%3 == 0)
		if iter%3 == 1 { // small columns: the accumulators stay in the clip range
			for i := range w {
				w[i] = int16(r.IntN(41) - 20)
			}
		}
		var lists [4][]int32
		for i := range lists {
			for k := r.IntN(4); k > 0; k-- {
				lists[i] = append(lists[i], int32(r.IntN(cols)))
			}
		}
		us, them := make([]int16, 256), make([]int16, 256)
		AccUpdateGo(us, c.us, w, lists[0], lists[1])
		AccUpdateGo(them, c.them, w, lists[2], lists[3])
		cases = append(cases, ufCase{c: c, w: w, lists: lists, want: c.t.Forward(us, them, &s), wantUs: us, wantThem: them})
	}
	levels(t, func(t *testing.T) {
		for i, k := range cases {
			us, them := make([]int16, 256), make([]int16, 256)
			got := k.c.t.UpdateForward(us, k.c.us, them, k.c.them, k.w, k.lists[0], k.lists[1], k.lists[2], k.lists[3], &s)
			if got != k.want || !slices.Equal(us, k.wantUs) || !slices.Equal(them, k.wantThem) {
				t.Fatalf("case %d: %d, twin %d (accumulators equal: %v %v)", i, got, k.want,
					slices.Equal(us, k.wantUs), slices.Equal(them, k.wantThem))
			}
		}
	})
}

// BenchmarkTailForward / Steps: the fused forward pass of HalfKP 256 and
// the same through the separate kernels.
func BenchmarkTailForward(b *testing.B) { benchTail(b, (*Tail).Forward) }
func BenchmarkTailSteps(b *testing.B)   { benchTail(b, (*Tail).ForwardSteps) }

func benchTail(b *testing.B, forward func(*Tail, []int16, []int16, *TailScratch) int32) {
	r := rand.New(rand.NewPCG(1, 1))
	c := randTail(r, 256, 4)
	var s TailScratch
	cputime.Measure(b, true, func(int) int {
		forward(&c.t, c.us, c.them, &s)
		return 1
	})
}

func TestTailMustFit(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	c := randTail(r, 64, 0)
	var s TailScratch
	bad := c.t
	bad.L2Blocked = bad.L2Blocked[:100]
	for name, f := range map[string]func(){
		"forward":        func() { bad.Forward(c.us, c.them, &s) },
		"size":           func() { c.t.Forward(c.us[:32], c.them[:32], &s) },
		"update-forward": func() { bad.UpdateForward(c.us, c.us, c.them, c.them, make([]int16, 64), nil, nil, nil, nil, &s) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
