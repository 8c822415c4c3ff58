package search

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// mixedEval is a net's evaluation blended with the built-in material
// evaluation: (100 − mix)% of the net's value and mix% of the material
// one, truncated toward zero. Both follow the search's moves
// incrementally; the position is played once, by the net's evaluator.
type mixedEval struct {
	net *nnue.Evaluator
	mat *MaterialEval
	mix int
}

func newMixedEval(net *nnue.Evaluator, mix int) *mixedEval {
	return &mixedEval{net: net, mat: NewMaterialEval(), mix: mix}
}

// Reset implements Evaluator.
func (e *mixedEval) Reset(pos *board.Position) {
	e.net.Reset(pos)
	e.mat.Reset(pos)
}

// DoMove implements Evaluator.
func (e *mixedEval) DoMove(pos *board.Position, m board.Move) {
	e.mat.push(pos, m)
	e.net.DoMove(pos, m)
}

// UndoMove implements Evaluator.
func (e *mixedEval) UndoMove(pos *board.Position) {
	e.net.UndoMove(pos)
	e.mat.pop()
}

// DoNullMove implements Evaluator.
func (e *mixedEval) DoNullMove(pos *board.Position) {
	e.mat.pushNull()
	e.net.DoNullMove(pos)
}

// UndoNullMove implements Evaluator.
func (e *mixedEval) UndoNullMove(pos *board.Position) {
	e.net.UndoNullMove(pos)
	e.mat.pop()
}

// Evaluate implements Evaluator.
func (e *mixedEval) Evaluate(pos *board.Position) int {
	return ((100-e.mix)*e.net.Evaluate(pos) + e.mix*e.mat.Evaluate(pos)) / 100
}
