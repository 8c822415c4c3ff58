package asm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTailEvaluateLeafVsTwin: EvaluateLeaf returns what the Go twins give
// (two AccUpdateGo calls and the Go forward pass) for random tails,
// accumulators and columns (0-3 removed and added per perspective,
// extreme values included), at every level and with and without the
// row-chunk weights. The fused AVX-512 kernel leaves dst as it was; the
// other paths leave the updated accumulators there.
func TestTailEvaluateLeafVsTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	type leafCase struct {
		c                tailCase
		w                []int16
		lists            [4][]int32
		want             int32
		wantUs, wantThem []int16
	}
	var cases []leafCase
	var s TailScratch
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
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
		cases = append(cases, leafCase{c: c, w: w, lists: lists, want: c.t.ForwardSteps(us, them, &s), wantUs: us, wantThem: them})
	}
	check := func(t *testing.T) {
		fused := use512()
		for i, k := range cases {
			for _, rows := range []bool{true, false} {
				tl := k.c.t
				if !rows {
					tl.L1Rows = nil
				}
				sentinel := slices.Repeat([]int16{0x5a5a}, 256)
				us, them := slices.Clone(sentinel), slices.Clone(sentinel)
				got := tl.EvaluateLeaf(us, k.c.us, them, k.c.them, k.w, k.lists[0], k.lists[1], k.lists[2], k.lists[3], &s)
				if got != k.want {
					t.Fatalf("case %d (rows %v): %d, twin %d", i, rows, got, k.want)
				}
				if fused && rows {
					if !slices.Equal(us, sentinel) || !slices.Equal(them, sentinel) {
						t.Fatalf("case %d: the leaf kernel wrote the accumulators", i)
					}
				} else if !slices.Equal(us, k.wantUs) || !slices.Equal(them, k.wantThem) {
					t.Fatalf("case %d (rows %v): accumulators differ from the twin's", i, rows)
				}
			}
		}
	}
	t.Run("go", check)
	levels(t, check)
}

// EvaluateLeaf panics, as UpdateForward does, on a tail that does not fit
// and on a feature index out of range of w.
func TestTailEvaluateLeafPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	c := randTail(r, 256, 0)
	w := make([]int16, 256*4)
	bad := c.t
	bad.L2Blocked = bad.L2Blocked[:100]
	acc := make([]int16, 256)
	for name, f := range map[string]func(){
		"fit":   func() { bad.EvaluateLeaf(acc, c.us, acc, c.them, w, nil, nil, nil, nil, new(TailScratch)) },
		"index": func() { c.t.EvaluateLeaf(acc, c.us, acc, c.them, w, []int32{4}, nil, nil, nil, new(TailScratch)) },
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
