package dataset

import (
	"fmt"
	"sort"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// FeatureSet computes the active sparse features of one perspective of a
// position given as a diagram. New NNUE feature sets join by implementing it
// and calling RegisterFeatureSet.
type FeatureSet interface {
	// Name is the name callers select the set by (e.g. "HalfKP").
	Name() string
	// Dims is the number of features (the width of the input layer).
	Dims() int
	// MaxActive is the most features one perspective can have active.
	MaxActive() int
	// AppendActive appends the active features of perspective p to dst,
	// with false when they cannot be computed (p's king missing).
	AppendActive(dst []int32, d *record.Diagram, p board.Color) ([]int32, bool)
}

var featureSets = map[string]FeatureSet{}

// RegisterFeatureSet makes a feature set selectable by its name and by any
// aliases (names compare case-insensitively).
func RegisterFeatureSet(fs FeatureSet, aliases ...string) {
	for _, n := range append([]string{fs.Name()}, aliases...) {
		featureSets[strings.ToLower(n)] = fs
	}
}

// LookupFeatureSet returns the feature set registered under name.
func LookupFeatureSet(name string) (FeatureSet, error) {
	if fs, ok := featureSets[strings.ToLower(name)]; ok {
		return fs, nil
	}
	return nil, fmt.Errorf("dataset: unknown feature set %q (known: %s)", name, strings.Join(FeatureSetNames(), ", "))
}

// FeatureSetNames lists the registered names (aliases included), sorted.
func FeatureSetNames() []string {
	names := make([]string, 0, len(featureSets))
	for n := range featureSets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// halfKP is nnue's HalfKP(Friend) feature set, computed from a diagram.
type halfKP struct{}

func (halfKP) Name() string   { return "HalfKP" }
func (halfKP) Dims() int      { return nnue.HalfKP.Dims }
func (halfKP) MaxActive() int { return nnue.HalfKP.MaxActive }
func (halfKP) AppendActive(dst []int32, d *record.Diagram, p board.Color) ([]int32, bool) {
	return nnue.AppendActivePieces(dst, &d.Squares, &d.Hands, d.KingSquare(p), p)
}

func init() { RegisterFeatureSet(halfKP{}, nnue.HalfKP.Name) }
