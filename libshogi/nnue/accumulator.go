package nnue

import (
	"fmt"
	"sync"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// Accumulator is the low-level API for engines with their own board: two
// feature-transformer accumulators (index 0: Black's perspective, 1:
// White's) that the caller refreshes from feature lists and updates with
// removed/added feature deltas, then evaluates for a side to move. Feature
// indices are those of the network's feature set (HalfKP: K_p*1548 +
// BonaPiece, see FeatureIndex), computed per perspective.
type Accumulator struct {
	net   *Net
	v     [2][]int16
	kings [2]board.Square // for the SFNN LayerStack; see SetKings
	s     scratch
}

// NewAccumulator returns an accumulator for net, both perspectives set to
// the biases (no features). Feature indices are those of
// net.Arch.Features.
func NewAccumulator(net *Net) *Accumulator {
	h := net.Arch.HalfDims
	buf := make([]int16, 2*h)
	a := &Accumulator{net: net, v: [2][]int16{buf[:h:h], buf[h:]}, kings: [2]board.Square{board.NoSquare, board.NoSquare}}
	copy(a.v[0], net.FTBias)
	copy(a.v[1], net.FTBias)
	return a
}

func (a *Accumulator) check(persp board.Color, lists ...[]int32) error {
	if persp > board.White {
		return fmt.Errorf("nnue: perspective %d (must be 0 for Black or 1 for White)", persp)
	}
	dims := uint32(a.net.Arch.Features.Dims)
	for _, l := range lists {
		for _, f := range l {
			if uint32(f) >= dims {
				return fmt.Errorf("nnue: feature index %d out of range 0..%d", f, dims-1)
			}
		}
	}
	return nil
}

// Refresh sets perspective persp to biases + the columns of features.
func (a *Accumulator) Refresh(persp board.Color, features []int32) error {
	if err := a.check(persp, features); err != nil {
		return err
	}
	asm.AccUpdate(a.v[persp], a.net.FTBias, a.net.FTWeight, nil, features)
	return nil
}

// Update subtracts the removed and adds the added feature columns to
// perspective persp (int16 wrap-around, like the engines).
func (a *Accumulator) Update(persp board.Color, removed, added []int32) error {
	if err := a.check(persp, removed, added); err != nil {
		return err
	}
	asm.AccUpdate(a.v[persp], a.v[persp], a.net.FTWeight, removed, added)
	return nil
}

// CopyFrom copies the values of o (same network size) into a.
func (a *Accumulator) CopyFrom(o *Accumulator) {
	copy(a.v[0], o.v[0])
	copy(a.v[1], o.v[1])
}

// Values returns the accumulator of perspective persp (not a copy).
func (a *Accumulator) Values(persp board.Color) []int16 { return a.v[persp&1] }

// SetKings gives the king squares (Black's, White's) that choose the
// LayerStack of an SFNN net; classic nets ignore them. Until they are set
// (or when one is not a board square) an SFNN net uses LayerStack 0.
func (a *Accumulator) SetKings(black, white board.Square) { a.kings = [2]board.Square{black, white} }

// Raw returns the network output for side to move stm, before FV_SCALE.
func (a *Accumulator) Raw(stm board.Color) int32 {
	stm &= 1
	bucket := 0
	if a.net.Arch.Kind == SFNN && validSquare(a.kings[0]) && validSquare(a.kings[1]) {
		bucket = SFNNBucket(stm, a.kings)
	}
	return a.net.propagate(&a.s, a.v[stm], a.v[stm^1], bucket)
}

// Evaluate returns the evaluation for side to move stm: Raw divided by
// fvScale (truncating toward zero) and clamped to ±ValueMaxEval.
func (a *Accumulator) Evaluate(stm board.Color, fvScale int) int {
	if fvScale < MinFVScale {
		fvScale = MinFVScale
	}
	return ScaleOutput(a.Raw(stm), fvScale)
}

// refreshScratch is the working memory of RawPosition, pooled so that a
// full evaluation neither allocates nor clears tens of kilobytes.
type refreshScratch struct {
	scratch
	f   [2][64]int32
	acc [2][4096]int16
}

var refreshPool = sync.Pool{New: func() any { return new(refreshScratch) }}

// RawPosition returns the network output of pos by a full refresh, and
// false if a king is missing. It is safe for concurrent use.
func (n *Net) RawPosition(pos *board.Position) (int32, bool) {
	s := refreshPool.Get().(*refreshScratch)
	defer refreshPool.Put(s)
	h := n.Arch.HalfDims
	if !kingsOnBoard(pos) {
		return 0, false
	}
	for p := board.Black; p <= board.White; p++ {
		f, ok := n.Arch.Features.AppendActive(s.f[p][:0], pos, p)
		if !ok {
			return 0, false
		}
		asm.AccUpdate(s.acc[p][:h], n.FTBias, n.FTWeight, nil, f)
	}
	stm := pos.SideToMove()
	return n.propagate(&s.scratch, s.acc[stm][:h], s.acc[stm^1][:h], n.bucketOf(pos)), true
}

// Evaluate returns the evaluation of pos (full refresh, no state kept) for
// the side to move, with the given FV_SCALE (1..128; 16 is the default).
// A position without both kings evaluates to 0.
func (n *Net) Evaluate(pos *board.Position, fvScale int) int {
	if fvScale < MinFVScale {
		fvScale = MinFVScale
	}
	raw, ok := n.RawPosition(pos)
	if !ok {
		return 0
	}
	return ScaleOutput(raw, fvScale)
}

// RefreshPosition sets both perspectives from the active features of pos
// (in the net's feature set) and takes its king squares for the SFNN
// LayerStack. It fails when a king is missing.
func (a *Accumulator) RefreshPosition(pos *board.Position) error {
	if !kingsOnBoard(pos) {
		return fmt.Errorf("nnue: the position lacks a king")
	}
	var buf [64]int32
	for p := board.Black; p <= board.White; p++ {
		f, _ := a.net.Arch.Features.AppendActive(buf[:0], pos, p)
		asm.AccUpdate(a.v[p], a.net.FTBias, a.net.FTWeight, nil, f)
	}
	a.SetKings(pos.KingSquare(board.Black), pos.KingSquare(board.White))
	return nil
}

// UpdateMove brings the accumulator of pos (which it must hold) to the
// position after the legal move m, by the features m removes and adds, or
// by a refresh for a perspective whose features all change; pos is left
// as it was.
func (a *Accumulator) UpdateMove(pos *board.Position, m board.Move) error {
	if !kingsOnBoard(pos) {
		return fmt.Errorf("nnue: the position lacks a king")
	}
	fs := &a.net.Arch.Features
	var refresh [2]bool
	for p := board.Black; p <= board.White; p++ {
		rem, add, r := fs.MoveChanges(pos, m, p)
		if refresh[p] = r; !r {
			asm.AccUpdate(a.v[p], a.v[p], a.net.FTWeight, rem, add)
		}
	}
	pos.DoMove(m)
	defer pos.UndoMove()
	var buf [64]int32
	for p := board.Black; p <= board.White; p++ {
		if refresh[p] {
			f, _ := fs.AppendActive(buf[:0], pos, p)
			asm.AccUpdate(a.v[p], a.net.FTBias, a.net.FTWeight, nil, f)
		}
	}
	a.SetKings(pos.KingSquare(board.Black), pos.KingSquare(board.White))
	return nil
}
