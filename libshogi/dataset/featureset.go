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

// AppendBoth lists both perspectives in one pass over the squares, with
// BonaPiece bases from tables (same order as nnue.AppendActivePieces:
// board squares, then hands, then empty slots). The pass has no branch
// per square: every square is written to the list and kept by advancing
// its length by 0 or 1, and a king's square lands in its colour's slot
// (an occupancy scan mispredicted its loop exits, a quarter of the cost).
// When dst has room for MaxActive more it writes by index, else appends.
func (h halfKP) AppendBoth(black, white []int32, d *record.Diagram) ([]int32, []int32, bool, bool) {
	var pcs [board.NumSquares + 1]board.Piece
	var sqs [board.NumSquares + 1]int32
	n := 0
	ks := [3]int32{-1, -1, -1} // Black's king, White's king, any other square
	for sq, pc := range &d.Squares {
		pcs[n], sqs[n] = pc, int32(sq)
		n += int(scanKeep[pc])
		ks[scanKingSlot[pc]] = int32(sq)
	}
	bk, wk := board.Square(ks[0]), board.Square(ks[1])
	if ks[0] < 0 {
		bk = board.NoSquare
	}
	if ks[1] < 0 {
		wk = board.NoSquare
	}
	const m = nnue.MaxPieces
	if bk == board.NoSquare || wk == board.NoSquare || n > m ||
		cap(black)-len(black) < m || cap(white)-len(white) < m {
		b, okB := h.AppendActive(black, d, board.Black)
		w, okW := h.AppendActive(white, d, board.White)
		return b, w, okB, okW
	}
	bb := int32(nnue.KingIndex(board.Black, bk) * nnue.FEEnd)
	wb := int32(nnue.KingIndex(board.White, wk) * nnue.FEEnd)
	rb, rw := black[len(black):len(black)+m], white[len(white):len(white)+m]
	for i := 0; i < n; i++ {
		pc, sq := pcs[i], sqs[i]
		rb[i] = bb + halfKPBoard[board.Black][pc] + sq
		rw[i] = wb + halfKPBoard[board.White][pc] - sq
	}
	for c := board.Black; c <= board.White; c++ {
		hand := d.Hands[c]
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			k := hand.Count(pt)
			if n+k > m { // more pieces than a set holds: AppendActive's word
				b, okB := h.AppendActive(black, d, board.Black)
				w, okW := h.AppendActive(white, d, board.White)
				return b, w, okB, okW
			}
			hb, hw := bb+halfKPHand[board.Black][c][pt], wb+halfKPHand[board.White][c][pt]
			for i := int32(0); i < int32(k); i++ {
				rb[n], rw[n] = hb+i, hw+i
				n++
			}
		}
	}
	for ; n < m; n++ {
		rb[n], rw[n] = bb+nnue.BonaZero, wb+nnue.BonaZero
	}
	return black[:len(black)+m], white[:len(white)+m], true, true
}

// scanKeep[pc] is 1 for a piece AppendBoth lists (any non-empty square
// but a king); scanKingSlot[pc] is where it notes pc's square: 0 Black's
// king, 1 White's, 2 anything else.
var scanKeep, scanKingSlot = func() (keep, slot [256]uint8) {
	for pc := range keep {
		keep[pc], slot[pc] = 1, 2
		switch {
		case pc == 0:
			keep[pc] = 0
		case board.Piece(pc).Type() == board.King:
			keep[pc], slot[pc] = 0, 1
			if board.Piece(pc).Color() == board.Black {
				slot[pc] = 0
			}
		}
	}
	return
}()

// halfKPBoard[p][pc] + sq (Black) or - sq (White) is the BonaPiece of pc
// on sq seen from p; halfKPHand[p][owner][pt] is the first hand BonaPiece
// of pt held by owner, seen from p (the i-th adds i).
var halfKPBoard [2][board.NumPieces]int32
var halfKPHand [2][2][board.Gold + 1]int32

func init() {
	for pc := board.Piece(0); pc < board.NumPieces; pc++ {
		if pt := pc.Type(); pt == board.NoPieceType || pt == board.King || pt >= board.NumPieceTypes {
			continue
		}
		halfKPBoard[board.Black][pc] = int32(nnue.BoardBona(board.Black, pc, 0))
		halfKPBoard[board.White][pc] = int32(nnue.BoardBona(board.White, pc, 0))
	}
	for p := board.Black; p <= board.White; p++ {
		for c := board.Black; c <= board.White; c++ {
			for pt := board.Pawn; pt <= board.Gold; pt++ {
				halfKPHand[p][c][pt] = int32(nnue.HandBona(p, c, pt, 0))
			}
		}
	}
}

func init() { RegisterFeatureSet(halfKP{}, nnue.HalfKP.Name) }
