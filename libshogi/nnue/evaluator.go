package nnue

import (
	"math/bits"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
)

// Evaluator evaluates the positions of one search thread incrementally. The
// search drives it alongside the position:
//
//	ev := nnue.NewEvaluator(net)
//	ev.Reset(pos)
//	ev.DoMove(pos, m)   // records the feature changes of m, then pos.DoMove(m)
//	v := ev.Evaluate(pos)
//	ev.UndoMove(pos)    // pos.UndoMove() and pops the ply
//
// It keeps one accumulator per ply. Evaluate computes the current one
// lazily from the nearest computed ancestor (applying the recorded feature
// deltas of the plies in between), or by a full refresh for a perspective
// whose king moved (or when the chain is long); a refresh starts from the
// accumulator last refreshed with the same king square and applies the
// difference of the features. DoMove, UndoMove and
// Evaluate do not allocate once the stack is deep enough (it grows by
// doubling beyond 256 plies).
type Evaluator struct {
	net     *Net
	half    int
	fvScale int
	fvShift int8 // log2(fvScale) when it is a power of two, else -1
	plies   []plyState
	acc     []int16 // 2*half per ply: Black's perspective then White's
	sp      int
	s       scratch
	rem     [2][maxChain]int32 // per perspective: gathered feature deltas
	add     [2][maxChain]int32
	feat    [64]int32
	feat2   [64]int32
	// finny caches, per perspective and king square, the last accumulator
	// refreshed there and its features: a refresh applies the difference
	// to the current features instead of adding all of them (int16
	// wrap-around is modular, so the result is identical). Feature sets
	// without a per-king stride (HalfKPE9) have none.
	finny    *[2][NumSquares]finnyEntry
	finnyAcc []int16
	frem     [2 * (MaxPieces + 2)]int32
	fadd     [2 * (MaxPieces + 2)]int32
	leaf     *leafScratch // evaluateLeaf's child accumulators (made on first use)
}

// bonaWords is the size of a bit set of the features of one own-king
// offset (FeatureSet.Stride, at most EKingEnd).
const bonaWords = (EKingEnd + 63) / 64

type finnyEntry struct {
	valid bool
	zeros int // BonaZero features (empty piece slots)
	set   [bonaWords]uint64
}

// maxChain bounds the feature deltas gathered for one lazy update; a longer
// walk back is replaced by a full refresh (38 columns).
const maxChain = 32

// plyState is a ply's computed flags and the feature changes of the move
// that led to it (moveDelta: per perspective, refresh when its king moved,
// else n features removed and added).
type plyState struct {
	computed [2]bool
	moveDelta
}

const initialPlies = 256

// NewEvaluator returns an evaluator for net with the net's FV_SCALE (16
// unless its file or its loader said otherwise).
func NewEvaluator(net *Net) *Evaluator {
	e := &Evaluator{net: net, half: net.Arch.HalfDims}
	e.SetFVScale(DefaultFVScale)
	e.plies = make([]plyState, initialPlies)
	e.acc = make([]int16, initialPlies*2*e.half)
	if net.Arch.Features.Stride > 0 {
		e.finny = new([2][NumSquares]finnyEntry)
		e.finnyAcc = make([]int16, 2*NumSquares*e.half)
	}
	if net.FVScale != 0 {
		e.SetFVScale(net.FVScale)
	}
	return e
}

// Net returns the evaluator's network.
func (e *Evaluator) Net() *Net { return e.net }

// SetFVScale sets FV_SCALE (1..128).
func (e *Evaluator) SetFVScale(v int) error {
	if err := CheckFVScale(v); err != nil {
		return err
	}
	e.fvScale, e.fvShift = v, -1
	if v&(v-1) == 0 {
		e.fvShift = int8(bits.TrailingZeros(uint(v)))
	}
	return nil
}

// FVScale returns the current FV_SCALE.
func (e *Evaluator) FVScale() int { return e.fvScale }

// Reset forgets all plies; pos becomes the root (nothing is computed yet).
func (e *Evaluator) Reset(pos *board.Position) {
	e.sp = 0
	e.plies[0] = plyState{}
}

// Ply returns the number of moves done since Reset.
func (e *Evaluator) Ply() int { return e.sp }

func (e *Evaluator) accOf(i int, p board.Color) []int16 {
	off := (2*i + int(p)) * e.half
	return e.acc[off : off+e.half : off+e.half]
}

func (e *Evaluator) push() *plyState {
	e.sp++
	if e.sp == len(e.plies) {
		n := 2 * len(e.plies)
		plies := make([]plyState, n)
		copy(plies, e.plies)
		acc := make([]int16, n*2*e.half)
		copy(acc, e.acc)
		e.plies, e.acc = plies, acc
	}
	st := &e.plies[e.sp]
	*st = plyState{}
	return st
}

// pop leaves a ply. Undoing past the Reset position leaves a root whose
// accumulators are unknown: they are recomputed when asked for.
func (e *Evaluator) pop() {
	if e.sp > 0 {
		e.sp--
	} else {
		e.plies[0] = plyState{}
	}
}

// DoMove records the feature changes of the legal move m and plays it on pos.
func (e *Evaluator) DoMove(pos *board.Position, m board.Move) {
	e.record(pos, m, &e.push().moveDelta)
	pos.DoMove(m)
}

// record fills d with the feature changes of the legal move m, not yet
// played on pos.
func (e *Evaluator) record(pos *board.Position, m board.Move, d *moveDelta) {
	if e.net.Arch.Features.Kind != KindHalfKP {
		e.net.Arch.Features.delta(pos, m, d)
		return
	}
	// A missing king gives garbage here; compute and kingsOnBoard check
	// the king squares before the entries are used.
	recordHalfKP(pos, m, pos.KingSquare(board.Black)&127%NumSquares, pos.KingSquare(board.White)&127%NumSquares, d)
}

// recordHalfKP is record for HalfKP with the king squares bk, wk (on the
// board) given. It reads the per-piece tables (bonaOfPiece, bonaOfHand):
// both perspectives' features of a piece are one load each, which the
// evaluation-backend's one call per move feels.
func recordHalfKP(pos *board.Position, m board.Move, bk, wk board.Square, d *moveDelta) {
	us := pos.SideToMove() & 1
	to := int32(m.To())
	kb, kw := int32(bk)*FEEnd, (80-int32(wk))*FEEnd // KingIndex of each side times the stride
	if m.IsDrop() {
		pt := m.DropType() & 7
		n := int32(pos.Hand(us).Count(pt))
		h, b := &bonaOfHand[us][pt], &bonaOfPiece[board.NewPiece(us, pt)&31]
		d.rem[0][0], d.add[0][0] = kb+h[0]+n-1, kb+b[0]+to
		d.rem[1][0], d.add[1][0] = kw+h[1]+n-1, kw+b[1]-to
		d.n = [2]uint8{1, 1}
		return
	}
	from := int32(m.From())
	pc := pos.PieceOn(board.Square(from))
	nd := 0
	if pc.Type() == board.King {
		d.refresh[us] = true
	} else {
		after := pc
		if m.IsPromotion() {
			after = board.NewPiece(us, pc.Type().Promoted())
		}
		b, a := &bonaOfPiece[pc&31], &bonaOfPiece[after&31]
		d.rem[0][0], d.add[0][0] = kb+b[0]+from, kb+a[0]+to
		d.rem[1][0], d.add[1][0] = kw+b[1]-from, kw+a[1]-to
		nd = 1
	}
	if cap := pos.PieceOn(board.Square(to)); cap != board.NoPiece {
		raw := cap.Type().Unpromoted() & 7
		n := int32(pos.Hand(us).Count(raw))
		c, h := &bonaOfPiece[cap&31], &bonaOfHand[us][raw]
		d.rem[0][nd], d.add[0][nd] = kb+c[0]+to, kb+h[0]+n
		d.rem[1][nd], d.add[1][nd] = kw+c[1]-to, kw+h[1]+n
		nd++
	}
	d.n = [2]uint8{uint8(nd), uint8(nd)}
}

// EvaluateAfter returns what DoMove(pos, m), Evaluate(pos), UndoMove(pos)
// return, for the legal move m, without playing m where PushAfter can
// (an engine scoring the leaves or the moves of a node saves the make and
// unmake).
func (e *Evaluator) EvaluateAfter(pos *board.Position, m board.Move) int {
	if v, ok := e.evaluateLeaf(pos, m); ok {
		return v
	}
	v, ok := e.PushAfter(pos, m)
	if !ok {
		return e.evaluateDone(pos, m)
	}
	e.pop()
	return v
}

// PushAfter is DoMove(pos, m) then Evaluate(pos) for the legal move m,
// without playing m on pos, where DeferMove can (the parent ply is
// computed first if it is not yet). It reports false, doing nothing,
// where it cannot. After true the caller must, before any other call with
// pos, either play m on pos or take the ply back with PopAfter (see
// DeferMove).
func (e *Evaluator) PushAfter(pos *board.Position, m board.Move) (int, bool) {
	if v, ok := e.pushLeaf(pos, m); ok {
		return v, true
	}
	if e.plies[e.sp].computed != [2]bool{true, true} && e.net.Arch.Kind == Classic && kingsOnBoard(pos) {
		e.computeBoth(pos) // the accumulators only: the parent's output is not asked for
		if v, ok := e.pushLeaf(pos, m); ok {
			return v, true
		}
	}
	if !e.DeferMove(pos, m) {
		return 0, false
	}
	return e.EvaluateDeferred(pos), true
}

// DeferMove is DoMove(pos, m) for the legal move m without playing m on
// pos: when neither king moves nor is taken, the net is a classic one (no
// LayerStack chosen by the kings) and the parent ply is computed, the
// child follows from the parent's accumulators and the move's feature
// changes alone, with the other side to move, so the board is not needed
// to evaluate it. It reports false, doing nothing, where it cannot. After
// true pos is still the parent: the caller may call EvaluateDeferred(pos)
// any number of times, and must, before any other call with pos, either
// play m on pos (pos.DoMove(m): the evaluator then follows pos as after
// DoMove) or take the ply back with PopAfter.
func (e *Evaluator) DeferMove(pos *board.Position, m board.Move) bool {
	if e.net.Arch.Kind != Classic || e.plies[e.sp].computed != [2]bool{true, true} || !kingsOnBoard(pos) ||
		!m.IsDrop() && pos.PieceOn(m.To()).Type() == board.King {
		return false
	}
	st := e.push()
	e.record(pos, m, &st.moveDelta)
	if st.refresh != [2]bool{} {
		e.pop()
		return false
	}
	return true
}

// EvaluateDeferred returns Evaluate of the child after DeferMove, pos
// being the parent still.
func (e *Evaluator) EvaluateDeferred(pos *board.Position) int {
	st := &e.plies[e.sp]
	us := pos.SideToMove() ^ 1 // the child's side to move
	if st.computed == [2]bool{true, true} {
		return e.scale(e.net.propagate(&e.s, e.accOf(e.sp, us), e.accOf(e.sp, us^1), 0))
	}
	nu, nt := st.n[us], st.n[us^1]
	raw, _ := e.updateFrom(pos, e.sp-1, us, st.rem[us][:nu], st.add[us][:nu], st.rem[us^1][:nt], st.add[us^1][:nt])
	return e.scale(raw)
}

// PopAfter takes back a PushAfter or DeferMove whose move was not played
// on the position.
func (e *Evaluator) PopAfter() { e.pop() }

// evaluateDone is EvaluateAfter by playing the move.
func (e *Evaluator) evaluateDone(pos *board.Position, m board.Move) int {
	e.DoMove(pos, m)
	v := e.Evaluate(pos)
	e.UndoMove(pos)
	return v
}

// UndoMove takes back the last move on pos and pops its ply.
func (e *Evaluator) UndoMove(pos *board.Position) {
	pos.UndoMove()
	e.pop()
}

// DoNullMove passes on pos; the accumulators are shared with the parent.
func (e *Evaluator) DoNullMove(pos *board.Position) {
	e.push()
	pos.DoNullMove()
}

// UndoNullMove takes back a null move.
func (e *Evaluator) UndoNullMove(pos *board.Position) {
	pos.UndoNullMove()
	e.pop()
}

// Evaluate returns the evaluation of pos (which must be the position the
// evaluator has followed) for the side to move, after FV_SCALE. A position
// without both kings evaluates to 0.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	raw, ok := e.Raw(pos)
	if !ok {
		return 0
	}
	return e.scale(raw)
}

// scale is ScaleOutput with the evaluator's FV_SCALE. A power of two (the
// default 16) takes a shift that truncates toward zero instead of a
// division, which sat on the critical path of every evaluation.
func (e *Evaluator) scale(raw int32) int {
	if sh := e.fvShift; sh >= 0 {
		v := int((raw + (raw>>31)&(1<<sh-1)) >> sh)
		return min(max(v, -ValueMaxEval), ValueMaxEval)
	}
	return ScaleOutput(raw, e.fvScale)
}

// Raw returns the network output before FV_SCALE, and false if a king is
// missing.
func (e *Evaluator) Raw(pos *board.Position) (int32, bool) {
	st := &e.plies[e.sp]
	stm := pos.SideToMove()
	switch {
	case st.computed == [2]bool{true, true}:
	case st.computed == [2]bool{} && e.fromParent(pos, st):
		// Both perspectives one move on from the parent (the common case
		// of a search that evaluates every node).
		nu, nt := st.n[stm], st.n[stm^1]
		return e.updateFrom(pos, e.sp-1, stm, st.rem[stm][:nu], st.add[stm][:nu], st.rem[stm^1][:nt], st.add[stm^1][:nt])
	default:
		if !kingsOnBoard(pos) {
			return 0, false
		}
		if i, ok := e.commonAncestor(pos, st); ok {
			// Both perspectives follow from ply i by the dirty pieces
			// since (the parent's evaluation came from the table, say).
			n := e.gather(i)
			return e.updateFrom(pos, i, stm, e.rem[stm][:n[stm]], e.add[stm][:n[stm]], e.rem[stm^1][:n[stm^1]], e.add[stm^1][:n[stm^1]])
		}
		if !e.refreshTop(pos, st) {
			return 0, false
		}
	}
	return e.net.propagate(&e.s, e.accOf(e.sp, stm), e.accOf(e.sp, stm^1), e.net.bucketOf(pos)), true
}

// computeBoth brings both accumulators of the top ply up to date, as Raw
// does, without running the network; it reports false if a king is
// missing.
func (e *Evaluator) computeBoth(pos *board.Position) bool {
	st := &e.plies[e.sp]
	if st.computed == [2]bool{true, true} {
		return true
	}
	if !kingsOnBoard(pos) {
		return false
	}
	if i, ok := e.commonAncestor(pos, st); ok {
		n := e.gather(i)
		rem := [2][]int32{e.rem[0][:n[0]], e.rem[1][:n[1]]}
		add := [2][]int32{e.add[0][:n[0]], e.add[1][:n[1]]}
		h2 := 2 * e.half
		asm.AccUpdatePair(e.acc[e.sp*h2:(e.sp+1)*h2], e.acc[i*h2:(i+1)*h2], e.net.FTWeight, &rem, &add)
		st.computed = [2]bool{true, true}
		return true
	}
	return e.refreshTop(pos, st)
}

// refreshTop computes the perspectives of the top ply st that are not yet
// computed from the position itself (no ply to update from); it reports
// false if a king is missing.
func (e *Evaluator) refreshTop(pos *board.Position, st *plyState) bool {
	if e.net.Arch.Features.Kind == KindHalfKPE9 && st.computed == [2]bool{} {
		e.refreshE9(pos) // every move refreshes both: count the attacks once
		return true
	}
	for p := board.Black; p <= board.White; p++ {
		if !st.computed[p] && !e.compute(pos, p) {
			return false
		}
	}
	return true
}

// updateFrom computes both perspectives of the top ply from ply i with the
// feature deltas of the side to move (remUs, addUs) and of the other side,
// in one kernel call that with the usual layout also runs the network, and
// returns the output.
func (e *Evaluator) updateFrom(pos *board.Position, i int, stm board.Color, remUs, addUs, remThem, addThem []int32) (int32, bool) {
	e.plies[e.sp].computed = [2]bool{true, true}
	us, them := stm, stm^1
	if e.net.tailFits {
		return e.net.tail.UpdateForward(e.accOf(e.sp, us), e.accOf(i, us), e.accOf(e.sp, them), e.accOf(i, them),
			e.net.FTWeight, remUs, addUs, remThem, addThem, &e.s.tail), true
	}
	var rem, add [2][]int32
	rem[us], add[us], rem[them], add[them] = remUs, addUs, remThem, addThem
	h2 := 2 * e.half
	asm.AccUpdatePair(e.acc[e.sp*h2:(e.sp+1)*h2], e.acc[i*h2:(i+1)*h2], e.net.FTWeight, &rem, &add)
	return e.net.propagate(&e.s, e.accOf(e.sp, stm), e.accOf(e.sp, stm^1), e.net.bucketOf(pos)), true
}

// fromParent reports whether both perspectives of the top ply follow from
// its parent's by the ply's dirty pieces: the parent has both computed,
// no king moved, and both kings are on the board.
func (e *Evaluator) fromParent(pos *board.Position, st *plyState) bool {
	if e.sp == 0 || st.refresh != [2]bool{} {
		return false
	}
	if par := &e.plies[e.sp-1]; par.computed != [2]bool{true, true} {
		return false
	}
	return kingsOnBoard(pos)
}

// kingsOnBoard reports whether both kings are on the board (the features
// are relative to them).
func kingsOnBoard(pos *board.Position) bool {
	for p := board.Black; p <= board.White; p++ {
		if ksq := pos.KingSquare(p); ksq < 0 || ksq >= NumSquares {
			return false
		}
	}
	return true
}

// commonAncestor returns the nearest ancestor ply with both perspectives
// computed from which the top ply follows by feature deltas alone: no king
// moved in between, at most maxChain columns per perspective, and both
// kings are on the board. (fromParent is its fast case.)
func (e *Evaluator) commonAncestor(pos *board.Position, st *plyState) (int, bool) {
	if st.computed != [2]bool{} || !kingsOnBoard(pos) {
		return 0, false
	}
	cols := 0
	for j := e.sp; j > 0; j-- {
		sj := &e.plies[j]
		if sj.refresh != [2]bool{} {
			return 0, false
		}
		if cols += int(max(sj.n[0], sj.n[1])); cols > maxChain {
			return 0, false
		}
		if e.plies[j-1].computed == [2]bool{true, true} {
			return j - 1, true
		}
	}
	return 0, false
}

// gather collects, per perspective, the removed and added features of the
// plies after ancestor i into the evaluator's buffers and returns how many
// there are per perspective (a perspective whose king moved in between
// gets entries that its caller does not use).
func (e *Evaluator) gather(i int) [2]int {
	return [2]int{e.gatherOf(i, board.Black), e.gatherOf(i, board.White)}
}

// gatherOf is gather for perspective p alone (also what a perspective
// brought up to date by itself needs). Element by element: at most two
// deltas a ply, fewer than a call to copy costs.
func (e *Evaluator) gatherOf(i int, p board.Color) int {
	n := 0
	for j := i + 1; j <= e.sp; j++ {
		st := &e.plies[j]
		m := int(st.n[p])
		rem, add := e.rem[p][n:n+m], e.add[p][n:n+m]
		for x := range rem {
			rem[x], add[x] = st.rem[p][x], st.add[p][x]
		}
		n += m
	}
	return n
}

// activeSet returns the non-zero BonaPieces of perspective p as a bit set
// and the number of BonaZero features.
func activeSet(pos *board.Position, p board.Color, set *[bonaWords]uint64) int {
	*set = [bonaWords]uint64{}
	n := 0
	occ := pos.Occupied()
	for c := board.Black; c <= board.White; c++ {
		if k := pos.KingSquare(c); k >= 0 && k < NumSquares {
			occ.Clear(k)
		}
	}
	step := int32(1 - 2*int(p&1)) // BoardBona: White sees the board turned round
	for occ.NonZero() {           // the pieces, not the 81 squares
		sq := occ.Pop()
		b := bonaOfPiece[pos.PieceOn(sq)&31][p&1] + step*int32(sq)
		set[b>>6] |= 1 << (b & 63)
		n++
	}
	for c := board.Black; c <= board.White; c++ {
		h := pos.Hand(c)
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			k := h.Count(pt)
			hb := handBase[c^p][pt]
			for i := 0; i < k; i++ {
				b := hb + uint16(i)
				set[b>>6] |= 1 << (b & 63)
			}
			n += k
		}
	}
	return max(MaxPieces-n, 0)
}

// activeSetOf is activeSet for any feature set with a per-king stride: the
// active features of perspective p less the own-king offset base, as a bit
// set, and the number of features at offset 0 (empty piece slots).
func (e *Evaluator) activeSetOf(pos *board.Position, p board.Color, base int32, set *[bonaWords]uint64) int {
	*set = [bonaWords]uint64{}
	f, _ := e.net.Arch.Features.AppendActive(e.feat[:0], pos, p)
	zeros := 0
	for _, x := range f {
		if l := x - base; l == 0 {
			zeros++
		} else {
			set[l>>6] |= 1 << (l & 63)
		}
	}
	return zeros
}

// refresh computes perspective p's accumulator of pos from scratch into dst,
// through the cache entry of p's king square.
func (e *Evaluator) refresh(pos *board.Position, p board.Color, ksq board.Square, dst []int16) {
	fs := &e.net.Arch.Features
	if e.finny == nil {
		f, _ := fs.AppendActive(e.feat[:0], pos, p)
		asm.AccUpdate(dst, e.net.FTBias, e.net.FTWeight, nil, f)
		return
	}
	kp := KingIndex(p, ksq)
	ent := &e.finny[p][kp]
	off := (int(p)*NumSquares + kp) * e.half
	cached := e.finnyAcc[off : off+e.half : off+e.half]
	var cur [bonaWords]uint64
	var zeros int
	var base int32
	if fs.Kind == KindHalfKP {
		zeros, base = activeSet(pos, p, &cur), int32(kp*FEEnd)
	} else {
		base = fs.kingCtx(p, ksq).base
		zeros = e.activeSetOf(pos, p, base, &cur)
	}
	nr, na := 0, 0
	if ent.valid {
		for w := range cur {
			for r := ent.set[w] &^ cur[w]; r != 0 && nr < len(e.frem); r &= r - 1 {
				e.frem[nr] = base + int32(w*64+bits.TrailingZeros64(r))
				nr++
			}
			for a := cur[w] &^ ent.set[w]; a != 0 && na < len(e.fadd); a &= a - 1 {
				e.fadd[na] = base + int32(w*64+bits.TrailingZeros64(a))
				na++
			}
		}
		for z := ent.zeros; z > zeros && nr < len(e.frem); z-- {
			e.frem[nr] = base + BonaZero
			nr++
		}
		for z := ent.zeros; z < zeros && na < len(e.fadd); z++ {
			e.fadd[na] = base + BonaZero
			na++
		}
	}
	if !ent.valid || nr+na >= MaxPieces || nr == len(e.frem) || na == len(e.fadd) {
		f, _ := fs.AppendActive(e.feat[:0], pos, p)
		asm.AccUpdate(cached, e.net.FTBias, e.net.FTWeight, nil, f)
	} else {
		asm.AccUpdate(cached, cached, e.net.FTWeight, e.frem[:nr], e.fadd[:na])
	}
	ent.valid, ent.zeros, ent.set = true, zeros, cur
	copy(dst, cached)
}

// refreshE9 computes both perspectives of the top ply of a HalfKPE9 net
// from scratch (its features change all over the board at every move).
func (e *Evaluator) refreshE9(pos *board.Position) {
	both := [2][]int32{e.feat[:0], e.feat2[:0]}
	appendActiveE9Both(&both, pos, 3) // kingsOnBoard was checked
	for p := board.Black; p <= board.White; p++ {
		asm.AccUpdate(e.accOf(e.sp, p), e.net.FTBias, e.net.FTWeight, nil, both[p])
	}
	e.plies[e.sp].computed = [2]bool{true, true}
}

// compute brings the accumulator of perspective p at the top ply up to date.
func (e *Evaluator) compute(pos *board.Position, p board.Color) bool {
	ksq := pos.KingSquare(p)
	if ksq < 0 || ksq >= NumSquares {
		return false
	}
	dst := e.accOf(e.sp, p)
	// Walk back to the nearest computed ancestor with no king move of p.
	i, cols := e.sp, 0
	kingMove := -1 // the ply where p's king moved, if the walk stops there
	for ; ; i-- {
		st := &e.plies[i]
		if st.computed[p] {
			break
		}
		cols += int(st.n[p])
		if st.refresh[p] || i == 0 || cols > maxChain {
			if st.refresh[p] {
				kingMove = i
			}
			i = -1
			break
		}
	}
	if i < 0 {
		e.refresh(pos, p, ksq, dst)
		if j := kingMove; j >= 0 && j < e.sp {
			// The ply where the king moved, taken back from this one by
			// the moves since (their features the other way round): the
			// rest of its subtree then updates from it instead of
			// refreshing again.
			n := e.gatherOf(j, p)
			asm.AccUpdate(e.accOf(j, p), dst, e.net.FTWeight, e.add[p][:n], e.rem[p][:n])
			e.plies[j].computed[p] = true
		}
	} else {
		n := e.gatherOf(i, p)
		asm.AccUpdate(dst, e.accOf(i, p), e.net.FTWeight, e.rem[p][:n], e.add[p][:n])
	}
	e.plies[e.sp].computed[p] = true
	return true
}
