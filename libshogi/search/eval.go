package search

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// Evaluator is what the search needs from an evaluation: it follows the
// search's moves (playing them on the position itself) so that it can
// evaluate incrementally, and returns a value for the side to move in the
// evaluation's unit (a pawn is about PawnValue). Each search thread owns
// one; *nnue.Evaluator satisfies it as is.
type Evaluator interface {
	// Reset makes pos the root; the evaluator forgets earlier moves.
	Reset(pos *board.Position)
	// DoMove plays the legal move m on pos and records what it changes.
	DoMove(pos *board.Position, m board.Move)
	// UndoMove takes back the last move on pos.
	UndoMove(pos *board.Position)
	DoNullMove(pos *board.Position)
	UndoNullMove(pos *board.Position)
	// Evaluate returns the value of pos for its side to move.
	Evaluate(pos *board.Position) int
}

// EvalFactory makes one Evaluator per search thread.
type EvalFactory func() Evaluator

// NNUEFactory returns a factory of NNUE evaluators of net with the given
// FV_SCALE (0 means the default, 16). A net with a MaterialMix (the
// default net) is blended with the built-in evaluation (mixedeval.go).
func NNUEFactory(net *nnue.Net, fvScale int) EvalFactory {
	return func() Evaluator {
		ev := nnue.NewEvaluator(net)
		if fvScale != 0 {
			_ = ev.SetFVScale(fvScale)
		}
		if net.MaterialMix > 0 {
			return newMixedEval(ev, net.MaterialMix)
		}
		return ev
	}
}

// MaterialFactory is the factory of the built-in fallback evaluation.
func MaterialFactory() Evaluator { return NewMaterialEval() }

// MaterialEval is the built-in fallback evaluation used when no network is
// loaded: material (board.PieceValue, pieces in hand a little above their
// board value) plus small piece-square terms (advanced pawns and silvers,
// golds and silvers near their king, a king that stays home). It is
// incremental and does not allocate once its stack has grown.
type MaterialEval struct {
	stack []int32 // Black's point of view, one entry per ply
}

// NewMaterialEval returns the fallback evaluator.
func NewMaterialEval() *MaterialEval { return &MaterialEval{stack: make([]int32, 1, 512)} }

var (
	// boardVal[c][pc type][sq]: the value for its owner of a piece of colour c on sq.
	boardVal [2][board.NumPieceTypes][board.NumSquares]int32
	handVal  [board.NumPieceTypes]int32
)

func init() {
	for pt := board.Pawn; pt < board.NumPieceTypes; pt++ {
		handVal[pt] = int32(board.PieceValue[pt]) * 11 / 10
		for c := board.Black; c <= board.White; c++ {
			for sq := board.Square(0); sq < board.NumSquares; sq++ {
				rr := sq.Rank() // 1..9 from Black's side
				if c == board.White {
					rr = 10 - rr
				}
				// rr: 1 = the opponent's back rank, 9 = own back rank.
				fileDist := sq.File() - 5
				if fileDist < 0 {
					fileDist = -fileDist
				}
				v := int32(board.PieceValue[pt])
				switch pt {
				case board.King:
					v = 0
					if rr >= 8 {
						v += 30
					}
					v -= int32(9-rr) * 8
				case board.Pawn:
					if rr <= 5 {
						v += int32(6-rr) * 4
					}
				case board.Silver, board.Gold:
					if rr >= 6 && rr <= 8 {
						v += 10
					}
					v -= int32(fileDist) * 2
				case board.Knight, board.Lance:
					if rr <= 2 {
						v -= 20
					}
				case board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver, board.Horse, board.Dragon:
					v -= int32(rr) * 2
				}
				boardVal[c][pt][sq] = v
			}
		}
	}
}

func materialOf(pos *board.Position) int32 {
	var s int32
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		pc := pos.PieceOn(sq)
		if pc == board.NoPiece {
			continue
		}
		v := boardVal[pc.Color()][pc.Type()][sq]
		if pc.Color() == board.White {
			v = -v
		}
		s += v
	}
	for c := board.Black; c <= board.White; c++ {
		h := pos.Hand(c)
		for _, pt := range board.HandTypes {
			v := int32(h.Count(pt)) * handVal[pt]
			if c == board.White {
				v = -v
			}
			s += v
		}
	}
	return s
}

// Reset implements Evaluator.
func (e *MaterialEval) Reset(pos *board.Position) {
	e.stack = append(e.stack[:0], materialOf(pos))
}

// DoMove implements Evaluator.
func (e *MaterialEval) DoMove(pos *board.Position, m board.Move) {
	e.push(pos, m)
	pos.DoMove(m)
}

// push records the value after the legal move m, not yet played on pos.
func (e *MaterialEval) push(pos *board.Position, m board.Move) {
	us := pos.SideToMove()
	to := m.To()
	var d int32
	if m.IsDrop() {
		pt := m.DropType()
		d = boardVal[us][pt][to] - handVal[pt]
	} else {
		from := m.From()
		pt := pos.PieceOn(from).Type()
		npt := pt
		if m.IsPromotion() {
			npt = pt.Promoted()
		}
		d = boardVal[us][npt][to] - boardVal[us][pt][from]
		if cap := pos.PieceOn(to); cap != board.NoPiece {
			d += boardVal[us.Opp()][cap.Type()][to] + handVal[cap.Type().Unpromoted()]
		}
	}
	if us == board.White {
		d = -d
	}
	e.stack = append(e.stack, e.stack[len(e.stack)-1]+d)
}

// UndoMove implements Evaluator.
func (e *MaterialEval) UndoMove(pos *board.Position) {
	e.pop()
	pos.UndoMove()
}

// DoNullMove implements Evaluator.
func (e *MaterialEval) DoNullMove(pos *board.Position) {
	e.pushNull()
	pos.DoNullMove()
}

// UndoNullMove implements Evaluator.
func (e *MaterialEval) UndoNullMove(pos *board.Position) {
	e.pop()
	pos.UndoNullMove()
}

func (e *MaterialEval) pushNull() { e.stack = append(e.stack, e.stack[len(e.stack)-1]) }
func (e *MaterialEval) pop()      { e.stack = e.stack[:len(e.stack)-1] }

// Evaluate implements Evaluator.
func (e *MaterialEval) Evaluate(pos *board.Position) int {
	v := int(e.stack[len(e.stack)-1])
	if pos.SideToMove() == board.White {
		v = -v
	}
	return v
}
