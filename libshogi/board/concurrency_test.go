package board

import (
	"sync"
	"testing"
)

// TestConcurrentReaders: generation, IsLegal, MatingMove and GivesCheck only
// read the position, so goroutines may share one (the C ABI and the
// bindings promise it). U1/U4 exercise the pawn-drop-mate test, which must
// not place its pawn on the shared board.
func TestConcurrentReaders(t *testing.T) {
	for _, c := range []struct {
		sfen  string
		count int
	}{{"4R2gk/9/7S1/9/9/9/9/9/4K4 b P 1", 112}, {"kn7/9/1G7/9/9/9/9/9/4K4 b P 1", 80}} {
		p, err := FromSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var ml MoveList
				for i := 0; i < 300; i++ {
					p.GenerateLegal(&ml)
					if ml.N != c.count {
						errs <- c.sfen
						return
					}
					for _, m := range ml.Slice() {
						if !p.IsLegal(m) {
							errs <- "IsLegal " + c.sfen
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("concurrent readers disagree: %s", e)
		}
	}
}
