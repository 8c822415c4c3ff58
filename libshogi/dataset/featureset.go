package dataset

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

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

// AppendBoth lists both perspectives with BonaPiece bases from tables
// (same order as nnue.AppendActivePieces: board squares, then hands, then
// empty slots). The squares are classified eight a word (pieces, kings of
// each colour) into square masks, so that the features are written by a
// loop over the pieces alone, with the kings already known: no branch per
// square and no list to copy (a scan of the occupied bytes of each word
// mispredicted its loop exits; a branch-free pass over all 81 squares
// paid ~17 instructions a square).
// When dst has room for MaxActive more it writes by index, else appends.
func (h halfKP) AppendBoth(black, white []int32, d *record.Diagram) ([]int32, []int32, bool, bool) {
	var buf [88]byte // the board and 7 empty squares, a whole number of words
	copy(buf[:], (*[board.NumSquares]byte)(unsafe.Pointer(&d.Squares))[:])
	var pieces, bKings, wKings [2]uint64 // square masks: squares 0-63, 64-80
	for k := 0; k < len(buf)/8; k++ {
		w := binary.LittleEndian.Uint64(buf[8*k:])
		occ := occupiedBytes(w)
		king := occ &^ occupiedBytes(w&0x0f0f0f0f0f0f0f0f^0x0808080808080808) // type King, any colour
		bKing := occ &^ occupiedBytes(w^0x0808080808080808)                   // Black's king
		sh := uint(8*k) & 63
		pieces[k>>3] |= gatherTopBits(occ&^king) << sh
		bKings[k>>3] |= gatherTopBits(bKing) << sh
		wKings[k>>3] |= gatherTopBits(king&^bKing) << sh
	}
	// The last king of a colour in square order, as the earlier scans kept.
	bk, wk := lastSquare(bKings), lastSquare(wKings)
	const m = nnue.MaxPieces
	if bk == board.NoSquare || wk == board.NoSquare ||
		bits.OnesCount64(pieces[0])+bits.OnesCount64(pieces[1]) > m ||
		cap(black)-len(black) < m || cap(white)-len(white) < m {
		b, okB := h.AppendActive(black, d, board.Black)
		w, okW := h.AppendActive(white, d, board.White)
		return b, w, okB, okW
	}
	bb := int32(nnue.KingIndex(board.Black, bk) * nnue.FEEnd)
	wb := int32(nnue.KingIndex(board.White, wk) * nnue.FEEnd)
	rb, rw := black[len(black):len(black)+m], white[len(white):len(white)+m]
	n := 0
	for half, base := range [2]int32{0, 64} {
		for mask := pieces[half]; mask != 0; mask &= mask - 1 {
			sq := base + int32(bits.TrailingZeros64(mask))
			pc := d.Squares[sq]
			rb[n] = bb + halfKPBoard[board.Black][pc] + sq
			rw[n] = wb + halfKPBoard[board.White][pc] - sq
			n++
		}
	}
	return h.appendHandsBoth(black, white, d, n, bb, wb)
}

// appendHandsBoth ends AppendBoth and its test twin: with the n board
// features of both perspectives written (by index, from len(black) and
// len(white) on, kings' bases bb and wb), it adds the hands and pads the
// set to MaxActive with empty slots.
func (h halfKP) appendHandsBoth(black, white []int32, d *record.Diagram, n int, bb, wb int32) ([]int32, []int32, bool, bool) {
	const m = nnue.MaxPieces
	rb, rw := black[len(black):len(black)+m], white[len(white):len(white)+m]
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

// lastSquare is the highest square of a two-word square mask, NoSquare
// when it is empty.
func lastSquare(m [2]uint64) board.Square {
	switch {
	case m[1] != 0:
		return board.Square(63 + bits.Len64(m[1]))
	case m[0] != 0:
		return board.Square(bits.Len64(m[0]) - 1)
	}
	return board.NoSquare
}

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
