package dataset

import (
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// panicky is a feature set with a bug: it panics on every position.
type panicky struct{}

func (panicky) Name() string   { return "test-panicky" }
func (panicky) Dims() int      { return 10 }
func (panicky) MaxActive() int { return 4 }
func (panicky) AppendActive(dst []int32, d *record.Diagram, p board.Color) ([]int32, bool) {
	panic("feature set bug")
}

// TestPanicInFillGoroutine: a panic on a fill goroutine becomes an error
// from Next (a panic there would end the process, with no caller to
// recover it).
func TestPanicInFillGoroutine(t *testing.T) {
	RegisterFeatureSet(panicky{})
	fx := makeFixture(t, 17, 3, 60)
	st := open(t, []string{fx.paths[FormatPSV]}, Options{FeatureSet: "test-panicky", Threads: 2, BatchSize: 128})
	if _, err := st.Next(); err == nil || !strings.Contains(err.Error(), "feature set bug") {
		t.Fatalf("Next: %v", err)
	}
}
