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

// BothPerspectives is an optional FeatureSet method set: both
// perspectives in one pass over the position, in the order AppendActive
// gives them (a stream uses it when present; it is faster than two calls).
type BothPerspectives interface {
	AppendBoth(black, white []int32, d *record.Diagram) (b, w []int32, okB, okW bool)
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

// AppendBoth lists both perspectives with one scan for the kings and one
// over the pieces, using nnue's BonaPiece numbering (same order as
// nnue.AppendActivePieces: board squares, then hands, then empty slots).
func (h halfKP) AppendBoth(black, white []int32, d *record.Diagram) ([]int32, []int32, bool, bool) {
	bk, wk := board.NoSquare, board.NoSquare
	for sq, pc := range d.Squares {
		if pc.Type() == board.King {
			if pc.Color() == board.Black {
				bk = board.Square(sq)
			} else {
				wk = board.Square(sq)
			}
		}
	}
	if bk == board.NoSquare || wk == board.NoSquare {
		b, okB := h.AppendActive(black, d, board.Black)
		w, okW := h.AppendActive(white, d, board.White)
		return b, w, okB, okW
	}
	bb := int32(nnue.KingIndex(board.Black, bk) * nnue.FEEnd)
	wb := int32(nnue.KingIndex(board.White, wk) * nnue.FEEnd)
	n := 0
	for sq, pc := range d.Squares {
		if pc == board.NoPiece || pc.Type() == board.King {
			continue
		}
		black = append(black, bb+int32(nnue.BoardBona(board.Black, pc, board.Square(sq))))
		white = append(white, wb+int32(nnue.BoardBona(board.White, pc, board.Square(sq))))
		n++
	}
	for c := board.Black; c <= board.White; c++ {
		hand := d.Hands[c]
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			k := hand.Count(pt)
			for i := 0; i < k; i++ {
				black = append(black, bb+int32(nnue.HandBona(board.Black, c, pt, i)))
				white = append(white, wb+int32(nnue.HandBona(board.White, c, pt, i)))
			}
			n += k
		}
	}
	for ; n < nnue.MaxPieces; n++ {
		black = append(black, bb+nnue.BonaZero)
		white = append(white, wb+nnue.BonaZero)
	}
	return black, white, true, true
}

func init() { RegisterFeatureSet(halfKP{}, nnue.HalfKP.Name) }
