package training

import (
	"errors"
	"fmt"

	"github.com/libshogi/libshogi/internal/batch"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// ErrNoKing: a king-relative feature set has no features for a position
// that lacks a king.
var ErrNoKing = errors.New("a king is missing")

// PositionRow writes the active features of p for fs from Black's and
// White's perspective into black and white (fs.MaxActive each, in the
// order of fs.AppendActive). On an error both rows are -1.
func PositionRow(fs nnue.FeatureSet, p *board.Position, black, white []int32) error {
	rows := [2][]int32{black, white}
	for c := board.Black; c <= board.White; c++ {
		f, ok := fs.AppendActive(rows[c][:0], p, c)
		if !ok || len(f) != fs.MaxActive {
			ClearRow(black, white)
			return fmt.Errorf("%w: no %s features", ErrNoKing, fs.Short)
		}
	}
	return nil
}

// ClearRow marks a row pair as holding no position (-1).
func ClearRow(black, white []int32) {
	for j := range black {
		black[j] = -1
	}
	for j := range white {
		white[j] = -1
	}
}

// RecordFeatures writes the features of n records of size bytes each
// (decoded by decode) into black and white (n*fs.MaxActive each): record i
// at [i*k, (i+1)*k). A record that does not decode, or has no king, gets
// -1 rows; the lowest such index and its error are returned (the error
// wraps ErrNoKing for a missing king). Sets other than HalfKPE9 read the
// decoded board; HalfKPE9 needs the attacks of a built position.
func RecordFeatures(fs nnue.FeatureSet, in []byte, size int, decode func([]byte, *record.Diagram) error, black, white []int32) (int, error) {
	n, k := len(in)/size, fs.MaxActive
	if len(in)%size != 0 || len(black) < n*k || len(white) < n*k {
		return 0, fmt.Errorf("training: %d bytes of %d-byte records, %d and %d feature slots", len(in), size, len(black), len(white))
	}
	return batch.Each(n, parallelFrom, func(i int) error {
		rb, rw := black[i*k:(i+1)*k], white[i*k:(i+1)*k]
		var d record.Diagram
		if err := decode(in[i*size:(i+1)*size], &d); err != nil {
			ClearRow(rb, rw)
			return err
		}
		if fs.Kind == nnue.KindHalfKPE9 {
			p, err := board.FromSetup(&d, board.SFENOptions{})
			if err != nil {
				ClearRow(rb, rw)
				return err
			}
			return PositionRow(fs, p, rb, rw)
		}
		kings := [2]board.Square{d.KingSquare(board.Black), d.KingSquare(board.White)}
		rows := [2][]int32{rb, rw}
		for c := board.Black; c <= board.White; c++ {
			f, ok := fs.AppendActivePieces(rows[c][:0], &d.Squares, &d.Hands, kings, c)
			if !ok || len(f) != k {
				ClearRow(rb, rw)
				return fmt.Errorf("%w: no %s features", ErrNoKing, fs.Short)
			}
		}
		return nil
	})
}
