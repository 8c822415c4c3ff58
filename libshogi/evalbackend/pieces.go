package evalbackend

import (
	"fmt"

	"github.com/libshogi/libshogi/internal/batch"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// Features appends to black and white the active features of both
// perspectives of b in fs (a full refresh's input), using pos as scratch.
func Features(fs *nnue.FeatureSet, b Board, pos *board.Position, black, white []int32) ([]int32, []int32, error) {
	if err := b.Set(pos); err != nil {
		return black, white, err
	}
	black, ok := fs.AppendActive(black, pos, board.Black)
	white, ok2 := fs.AppendActive(white, pos, board.White)
	if !ok || !ok2 {
		return black, white, fmt.Errorf("evalbackend: a king is missing") // Set requires both: not reached
	}
	return black, white, nil
}

// evaluateParallelFrom is the batch size from which EvaluateBoards splits
// the work across goroutines.
const evaluateParallelFrom = 256

// EvaluateBoards evaluates n positions given as codes: squares holds
// n*81 codes, hands n*14 counts (nil: empty hands), sides n colours; out
// receives n values (fvScale 1..128). A bad position's value is 0; the
// first bad index and its error are returned (bad -1 when all are good)
// and the other values are still written. A panic in a worker comes back
// as a *batch.Panic error.
func EvaluateBoards(net *nnue.Net, squares, hands, sides []uint8, fvScale int, out []int32) (bad int, err error) {
	n := len(out)
	if len(squares) != n*board.NumSquares || hands != nil && len(hands) != n*HandSlots || len(sides) != n {
		return -1, fmt.Errorf("evalbackend: %d positions need %d squares, %d hand counts and %d sides (got %d, %d, %d)",
			n, n*board.NumSquares, n*HandSlots, n, len(squares), len(hands), len(sides))
	}
	if err := nnue.CheckFVScale(fvScale); err != nil {
		return -1, err
	}
	return batch.Ranges(n, evaluateParallelFrom, func(lo, hi int) (int, error) {
		bad, first := -1, error(nil)
		pos := board.NewPosition()
		for i := lo; i < hi; i++ {
			out[i] = 0
			b := Board{Squares: (*[board.NumSquares]uint8)(squares[i*board.NumSquares:]), Side: board.Color(sides[i])}
			if hands != nil {
				b.Hands = (*[HandSlots]uint8)(hands[i*HandSlots:])
			}
			if err := b.Set(pos); err != nil {
				if bad < 0 {
					bad, first = i, fmt.Errorf("position %d: %w", i, err)
				}
				continue
			}
			out[i] = int32(net.Evaluate(pos, fvScale))
		}
		return bad, first
	})
}
