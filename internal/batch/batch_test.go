package batch

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

// Every item is visited once, and the lowest failing index wins, for sizes
// below and above the parallel threshold.
func TestEachVisitsAllAndReportsLowest(t *testing.T) {
	for _, n := range []int{0, 1, 7, 255, 256, 1000, 4097} {
		seen := make([]atomic.Int32, n)
		bad := map[int]bool{n / 2: true, n - 1: true, n / 3: true}
		want := -1
		for i := range bad {
			if i >= 0 && i < n && (want < 0 || i < want) {
				want = i
			}
		}
		i, err := Each(n, 256, func(i int) error {
			seen[i].Add(1)
			if bad[i] {
				return fmt.Errorf("item %d", i)
			}
			return nil
		})
		if i != want || (want >= 0) != (err != nil) || (err != nil && err.Error() != fmt.Sprintf("item %d", want)) {
			t.Errorf("n=%d: %d, %v; want %d", n, i, err, want)
		}
		for j := range seen {
			if seen[j].Load() != 1 {
				t.Fatalf("n=%d: item %d visited %d times", n, j, seen[j].Load())
			}
		}
	}
}

func TestRangesRecoversPanics(t *testing.T) {
	i, err := Ranges(1000, 256, func(lo, hi int) (int, error) {
		if lo <= 700 && 700 < hi {
			panic("boom")
		}
		return -1, nil
	})
	var p *Panic
	if !errors.As(err, &p) || p.Value != "boom" || i > 700 || i < 0 {
		t.Fatalf("%d, %v", i, err)
	}
}
