package nnue

import (
	"testing"
	"unsafe"
)

func TestMakeWeights(t *testing.T) {
	for _, n := range []int{10, 4 << 20, 125388 * 256} {
		w := makeWeights(n)
		if len(w) != n || cap(w) != n {
			t.Fatalf("n %d: len %d cap %d", n, len(w), cap(w))
		}
		if 2*n >= 4*hugePage && uintptr(unsafe.Pointer(&w[0]))%hugePage != 0 {
			t.Errorf("n %d: not on a 2 MB boundary", n)
		}
		for i := 0; i < n; i += 4099 {
			if w[i] != 0 {
				t.Fatalf("n %d: not zeroed at %d", n, i)
			}
		}
	}
}
