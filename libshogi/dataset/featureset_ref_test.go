package dataset

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// appendBothOccupancy is the earlier halfKP.AppendBoth, kept as the
// baseline of BenchmarkAppendBothPaired and as a second oracle: it visits
// the occupied squares only (eight a word), with a loop exit per word that
// the branch predictor misses.
func appendBothOccupancy(h halfKP, black, white []int32, d *record.Diagram) ([]int32, []int32, bool, bool) {
	var pcs [board.NumSquares]board.Piece
	var sqs [board.NumSquares]int32
	n := 0
	bk, wk := board.NoSquare, board.NoSquare
	var buf [88]byte // the board and 7 empty squares, a whole number of words
	copy(buf[:], (*[board.NumSquares]byte)(unsafe.Pointer(&d.Squares))[:])
	for base := 0; base < len(buf); base += 8 {
		w := binary.LittleEndian.Uint64(buf[base:])
		for m := occupiedBytes(w); m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			pc, sq := board.Piece(w>>(j&^7)), base+j/8
			if pc.Type() == board.King {
				if pc.Color() == board.Black {
					bk = board.Square(sq)
				} else {
					wk = board.Square(sq)
				}
				continue
			}
			pcs[n], sqs[n] = pc, int32(sq)
			n++
		}
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
	return h.appendHandsBoth(black, white, d, n, bb, wb)
}
