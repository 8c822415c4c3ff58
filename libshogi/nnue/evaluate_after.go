package nnue

import "github.com/libshogi/libshogi/libshogi/board"

// leafScratch is the working memory of Tail.EvaluateLeaf for the child's
// accumulators (the fused AVX-512 kernel does not write them; the other
// paths do).
type leafScratch [2][maxLeafHalf]int16

// maxLeafHalf is the accumulator size evaluateLeaf handles: the fused
// kernel's (HalfKP 256x2-32-32).
const maxLeafHalf = 256

// evaluateLeaf is EvaluateAfter's common case done without a ply: a HalfKP
// net whose tail runs in one kernel, the parent computed, neither king
// moving nor taken. The move's feature changes go straight to the fused
// update-and-forward kernel of a leaf (Tail.EvaluateLeaf: the child's
// accumulators are not stored); the evaluator's plies are not touched. It
// reports false, doing nothing, where it does not apply.
func (e *Evaluator) evaluateLeaf(pos *board.Position, m board.Move) (int, bool) {
	if !e.net.leafFits || e.plies[e.sp].computed != [2]bool{true, true} {
		return 0, false
	}
	bk, wk := pos.KingSquare(board.Black), pos.KingSquare(board.White)
	if uint(bk) >= NumSquares || uint(wk) >= NumSquares {
		return 0, false
	}
	to := m.To()
	cap := pos.PieceOn(to)
	if !m.IsDrop() && (cap.Type() == board.King || pos.PieceOn(m.From()).Type() == board.King) {
		return 0, false
	}
	var d moveDelta
	recordHalfKP(pos, m, bk, wk, &d)
	us := pos.SideToMove() ^ 1 // the child's side to move
	them := us ^ 1
	nu, nt := d.n[us], d.n[them]
	if e.leaf == nil {
		e.leaf = new(leafScratch)
	}
	raw := e.net.tail.EvaluateLeaf(e.leaf[us][:], e.accOf(e.sp, us), e.leaf[them][:], e.accOf(e.sp, them),
		e.net.FTWeight, d.rem[us][:nu], d.add[us][:nu], d.rem[them][:nt], d.add[them][:nt], &e.s.tail)
	return e.scale(raw), true
}

// pushLeaf is PushAfter's common case in one step, as evaluateLeaf but
// keeping the child: a net with leafFits, the parent computed, neither
// king moving nor taken, and room for the ply without growing the stack.
// It pushes the child ply with the move's feature changes and computes its
// accumulators and output in the fused update-and-forward kernel (the
// accumulators are stored: the next push may build on them). It reports
// false, doing nothing, where it does not apply.
func (e *Evaluator) pushLeaf(pos *board.Position, m board.Move) (int, bool) {
	sp := e.sp
	if !e.net.leafFits || e.plies[sp].computed != [2]bool{true, true} || sp+1 >= len(e.plies) {
		return 0, false
	}
	bk, wk := pos.KingSquare(board.Black), pos.KingSquare(board.White)
	if uint(bk) >= NumSquares || uint(wk) >= NumSquares {
		return 0, false
	}
	if !m.IsDrop() && (pos.PieceOn(m.To()).Type() == board.King || pos.PieceOn(m.From()).Type() == board.King) {
		return 0, false
	}
	st := &e.plies[sp+1]
	st.refresh = [2]bool{}
	recordHalfKP(pos, m, bk, wk, &st.moveDelta)
	st.computed = [2]bool{true, true}
	e.sp = sp + 1
	us := pos.SideToMove() ^ 1 // the child's side to move
	them := us ^ 1
	nu, nt := st.n[us], st.n[them]
	raw := e.net.tail.UpdateForward(e.accOf(sp+1, us), e.accOf(sp, us), e.accOf(sp+1, them), e.accOf(sp, them),
		e.net.FTWeight, st.rem[us][:nu], st.add[us][:nu], st.rem[them][:nt], st.add[them][:nt], &e.s.tail)
	return e.scale(raw), true
}
