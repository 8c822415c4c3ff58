// Package batch is the library's one parallel batch runner: the bulk
// calls (evaluation, features and conversions of many positions) split
// their items into contiguous chunks, one goroutine each, and report the
// lowest failing index, so that the answer does not depend on how the
// work was split.
package batch

import (
	"runtime"
	"sync"
)

// Panic is a panic recovered in a chunk; Value is what was panicked.
type Panic struct{ Value any }

func (p *Panic) Error() string { return "panic in a batch chunk" }

// Ranges runs body over [0, n) in contiguous chunks: one chunk below
// parallelFrom items, else up to GOMAXPROCS chunks of at least
// parallelFrom/2 items, run in parallel. body handles [lo, hi) (with its
// own state, e.g. one reused position) and returns the first index of its
// range that failed and why (-1, nil when none). Ranges returns the lowest
// such index over all chunks, or -1 and nil. A panic in a chunk is
// reported at the chunk's first index as a *Panic.
func Ranges(n, parallelFrom int, body func(lo, hi int) (int, error)) (int, error) {
	if n <= 0 {
		return -1, nil
	}
	workers := 1
	if parallelFrom > 0 && n >= parallelFrom {
		workers = max(1, min(runtime.GOMAXPROCS(0), n/max(parallelFrom/2, 1)))
	}
	type failure struct {
		index int
		err   error
	}
	fails := make([]failure, workers)
	chunk := (n + workers - 1) / workers
	run := func(w, lo, hi int) {
		fails[w].index = -1
		defer func() {
			if r := recover(); r != nil {
				fails[w] = failure{lo, &Panic{r}}
			}
		}()
		i, err := body(lo, hi)
		if err != nil {
			fails[w] = failure{i, err}
		}
	}
	if workers == 1 {
		run(0, 0, n)
	} else {
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			lo, hi := w*chunk, min((w+1)*chunk, n)
			if lo >= hi {
				fails[w].index = -1
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(w, lo, hi)
			}()
		}
		wg.Wait()
	}
	for _, f := range fails {
		if f.index >= 0 {
			return f.index, f.err
		}
	}
	return -1, nil
}

// Each runs body(i) for every i in [0, n) through Ranges: every item is
// visited even after a failure, and the lowest failing index is returned.
func Each(n, parallelFrom int, body func(i int) error) (int, error) {
	return Ranges(n, parallelFrom, func(lo, hi int) (int, error) {
		bad, first := -1, error(nil)
		for i := lo; i < hi; i++ {
			if err := body(i); err != nil && bad < 0 {
				bad, first = i, err
			}
		}
		return bad, first
	})
}
