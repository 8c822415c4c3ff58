package book

import (
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Every prober may be probed from several goroutines at once (the C ABI
// promises it); run with -race.
func TestConcurrentProbes(t *testing.T) {
	b, _ := genBook(2000, 13)
	dir := t.TempDir()
	var ps []*board.Position
	for i, e := range b.Entries() {
		if i%10 == 0 {
			p, _ := board.FromSFEN(e.SFEN)
			ps = append(ps, p)
		}
	}
	for _, f := range []Format{FormatDB2016, FormatYBB, FormatAperyBin} {
		path := filepath.Join(dir, "c."+f.String())
		if err := WriteFile(path, b, f); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{ModeMemory, ModeOnDisk} {
			pr, err := Open(path, OpenOptions{Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			want := make([][]Move, len(ps))
			for i, p := range ps {
				want[i], _ = pr.Probe(p)
			}
			var wg sync.WaitGroup
			errs := make(chan string, 8)
			for g := 0; g < 8; g++ {
				wg.Add(1)
				go func(g int) {
					defer wg.Done()
					for i := range ps {
						j := (i + g*37) % len(ps)
						got, err := Lookup(pr, ps[j], true)
						if err != nil || !reflect.DeepEqual(got, want[j]) {
							errs <- f.String() + ": concurrent probe differs"
							return
						}
					}
				}(g)
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Fatal(e)
			}
			pr.Close()
		}
	}
}
