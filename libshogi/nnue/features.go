package nnue

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// FeatureKind names a feature set's Go implementation. The evaluator
// switches on it (a closed switch, no interface call per feature); each
// kind's index functions live in a file of their own (halfkp.go, kp.go,
// halfkpe9.go, halfkpvm.go, halfkahm2.go).
type FeatureKind uint8

// The feature sets of docs/specs/nnue-archs.md.
const (
	KindHalfKP FeatureKind = iota
	KindKP
	KindHalfKPE9
	KindHalfKPvm
	KindHalfKAhm2
)

// FeatureSet describes the input features of a network: which kind, how
// many there are, and the hash the file stores for them. Its methods give
// the active features of a position and the features a move changes.
type FeatureSet struct {
	Kind  FeatureKind
	Short string // short name used in architecture names, e.g. "halfkp"
	Name  string // as written in the architecture string, e.g. "HalfKP(Friend)"
	Dims  int    // number of input features, e.g. 125388
	Hash  uint32 // hash of the feature set before mixing in the FT output size
	// MaxActive is the number of active features per perspective.
	MaxActive int
	// Kings is true when the kings themselves are features (KP, HalfKA_hm2).
	Kings bool
	// Stride is the span of the indices that share one own-king offset
	// (the size of the evaluator's per-king feature bit set), or 0 when
	// the indices of one king square are not contiguous (HalfKPE9).
	Stride int
}

// Bona planes of the kings (KP and HalfKA_hm2): the perspective's own king
// at EKingOwn+sq, the other king at EKingOther+sq.
const (
	EKingOwn   = FEEnd              // 1548
	EKingOther = FEEnd + NumSquares // 1629
	EKingEnd   = EKingOther + NumSquares
)

// KingBona returns the BonaPiece of owner's king on sq seen from
// perspective p (KP and HalfKA_hm2 planes).
func KingBona(p, owner board.Color, sq board.Square) uint16 {
	s := uint16(sq)
	if p == board.White {
		s = 80 - s
	}
	if owner == p {
		return EKingOwn + s
	}
	return EKingOther + s
}

// FeatureSets lists the feature sets this package can compute, by the name
// architecture strings use.
var FeatureSets = map[string]FeatureSet{}

func registerFeatureSet(fs FeatureSet) FeatureSet {
	FeatureSets[fs.Name] = fs
	return fs
}

// FeatureSetByName returns a feature set by its short name ("halfkp",
// "kp", "halfkpe9", "halfkpvm", "halfkahm2") or its architecture-string
// name ("HalfKP(Friend)"), case-insensitively.
func FeatureSetByName(name string) (FeatureSet, error) {
	for _, fs := range FeatureSets {
		if strings.EqualFold(name, fs.Short) || strings.EqualFold(name, fs.Name) {
			return fs, nil
		}
	}
	return FeatureSet{}, fmt.Errorf("nnue: unknown feature set %q (known: %s)", name, strings.Join(FeatureSetNames(), ", "))
}

// FeatureSetNames returns the short names of the known feature sets, sorted.
func FeatureSetNames() []string {
	var s []string
	for _, fs := range FeatureSets {
		s = append(s, fs.Short)
	}
	sort.Strings(s)
	return s
}

// kingCtx is what a perspective's feature indices depend on besides the
// piece: the offset of its own king's block and whether the board is
// mirrored left-right for it.
type kingCtx struct {
	base   int32
	mirror bool
}

// kingCtx returns perspective p's context for its king on ksq (0..80).
func (fs *FeatureSet) kingCtx(p board.Color, ksq board.Square) kingCtx {
	switch fs.Kind {
	case KindKP:
		return kingCtx{}
	case KindHalfKPvm:
		return halfKPvmKing(p, ksq)
	case KindHalfKAhm2:
		return halfKAhm2King(p, ksq)
	}
	return kingCtx{base: int32(KingIndex(p, ksq) * FEEnd)} // HalfKP, HalfKPE9
}

// pieceIndex maps a BonaPiece of the perspective (kings on the EKing
// planes) to its feature index; HalfKPE9's attack planes are added by its
// caller.
func (fs *FeatureSet) pieceIndex(k kingCtx, b uint16) int32 {
	switch fs.Kind {
	case KindHalfKPvm:
		return halfKPvmIndex(k, b)
	case KindHalfKAhm2:
		return halfKAhm2Index(k, b)
	}
	return k.base + int32(b) // HalfKP, KP (base 0), HalfKPE9's plane 0
}

// RefreshOnKingMove reports whether a move of mover's king forces a full
// refresh of perspective p's accumulator (every feature index of p
// changes), rather than an update by a few features.
func (fs *FeatureSet) RefreshOnKingMove(p, mover board.Color) bool {
	if fs.Kind == KindKP {
		return false
	}
	return p == mover
}

// AppendActive appends the active feature indices of perspective p of pos
// to dst, and returns false when a king the features need is missing.
func (fs *FeatureSet) AppendActive(dst []int32, pos *board.Position, p board.Color) ([]int32, bool) {
	switch fs.Kind {
	case KindHalfKP:
		return AppendActive(dst, pos, p)
	case KindHalfKPE9:
		return appendActiveE9(dst, pos, p)
	}
	squares := pos.Squares()
	hands := [2]board.Hand{pos.Hand(board.Black), pos.Hand(board.White)}
	return fs.appendActiveBona(dst, &squares, &hands, [2]board.Square{pos.KingSquare(board.Black), pos.KingSquare(board.White)}, p)
}

// AppendActivePieces is AppendActive for a position given as its squares,
// hands and king squares (NoSquare when missing), for callers holding a
// decoded record. HalfKPE9 needs the attacks of a Position: it reports
// false here.
func (fs *FeatureSet) AppendActivePieces(dst []int32, squares *[board.NumSquares]board.Piece, hands *[2]board.Hand, kings [2]board.Square, p board.Color) ([]int32, bool) {
	switch fs.Kind {
	case KindHalfKP:
		return AppendActivePieces(dst, squares, hands, kings[p], p)
	case KindHalfKPE9:
		return dst, false
	}
	return fs.appendActiveBona(dst, squares, hands, kings, p)
}

func validSquare(s board.Square) bool { return s >= 0 && s < NumSquares }

// appendActiveBona is AppendActive for the feature sets whose index is a
// function of the BonaPiece and the own king (all but HalfKPE9).
func (fs *FeatureSet) appendActiveBona(dst []int32, squares *[board.NumSquares]board.Piece, hands *[2]board.Hand, kings [2]board.Square, p board.Color) ([]int32, bool) {
	if !validSquare(kings[p]) || fs.Kings && !validSquare(kings[p^1]) {
		return dst, false
	}
	k := fs.kingCtx(p, kings[p])
	n := 0
	for sq := board.Square(0); sq < NumSquares; sq++ {
		pc := squares[sq]
		if pc == board.NoPiece {
			continue
		}
		if pc.Type() == board.King {
			if fs.Kings {
				dst = append(dst, fs.pieceIndex(k, KingBona(p, pc.Color(), sq)))
			}
			continue
		}
		dst = append(dst, fs.pieceIndex(k, BoardBona(p, pc, sq)))
		n++
	}
	for c := board.Black; c <= board.White; c++ {
		h := hands[c]
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			cnt := h.Count(pt)
			for i := 0; i < cnt; i++ {
				dst = append(dst, fs.pieceIndex(k, HandBona(p, c, pt, i)))
			}
			n += cnt
		}
	}
	for ; n < MaxPieces; n++ {
		dst = append(dst, fs.pieceIndex(k, BonaZero))
	}
	return dst, true
}

// ActiveFeatures returns the active feature indices of both perspectives
// (index 0: Black, 1: White), or false if a king is missing.
func (fs *FeatureSet) ActiveFeatures(pos *board.Position) ([2][]int32, bool) {
	var f [2][]int32
	var ok [2]bool
	for p := board.Black; p <= board.White; p++ {
		f[p], ok[p] = fs.AppendActive(make([]int32, 0, fs.MaxActive), pos, p)
	}
	return f, ok[0] && ok[1]
}

// moveDelta is what a move changes in the features, per perspective:
// refresh when every index changes (the accumulator is recomputed; for
// HalfKPE9 after every move, as attack counts change far from the move), else
// n removed and n added features (at most two: the moved and the captured
// piece).
type moveDelta struct {
	refresh  [2]bool
	n        [2]uint8
	rem, add [2][2]int32 // [perspective][dirty piece]
}

// delta fills d with the feature changes of the legal move m, not yet
// played on pos. A missing king gives garbage entries: callers check the
// kings before using them. HalfKPE9 always refreshes.
func (fs *FeatureSet) delta(pos *board.Position, m board.Move, d *moveDelta) {
	pm := pieceMoveOf(pos, m)
	fs.pieceDelta(&pm, d)
}

// MoveChanges returns the features of perspective p that the legal move m
// (not yet played on pos) removes and adds, or refresh = true when p's
// accumulator must be recomputed from the active features after the move
// (its king moved, for the sets keyed on it). For HalfKPE9, whose attack
// counts change on squares no piece moved to, it plays m on pos, compares
// the active features before and after, and takes m back.
func (fs *FeatureSet) MoveChanges(pos *board.Position, m board.Move, p board.Color) (removed, added []int32, refresh bool) {
	if fs.Kind == KindHalfKPE9 {
		before, ok := fs.AppendActive(nil, pos, p)
		pos.DoMove(m)
		after, ok2 := fs.AppendActive(nil, pos, p)
		pos.UndoMove()
		if !ok || !ok2 || !m.IsDrop() && pos.PieceOn(m.From()) == board.NewPiece(p, board.King) {
			return nil, nil, true
		}
		removed, added = diffSorted(before, after)
		return removed, added, false
	}
	var d moveDelta
	fs.delta(pos, m, &d)
	if d.refresh[p] {
		return nil, nil, true
	}
	return slices.Clone(d.rem[p][:d.n[p]]), slices.Clone(d.add[p][:d.n[p]]), false
}

// diffSorted returns the multiset differences a-b and b-a of two feature
// lists.
func diffSorted(a, b []int32) (onlyA, onlyB []int32) {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return onlyA, onlyB
}
