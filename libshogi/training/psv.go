// Package training holds the bulk operations on training data that need
// both the record formats and the evaluation: checking, evaluating and
// listing the HalfKP features of many PackedSfenValue records at once, in
// parallel through the library's batch runner. The C ABI's bulk PSV calls
// and the bindings' numpy paths are these functions.
package training

import (
	"fmt"

	"github.com/libshogi/libshogi/internal/batch"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// parallelFrom is the record count from which the bulk calls run in
// parallel.
const parallelFrom = 512

func records(in []byte) (int, error) {
	if len(in)%record.PSVSize != 0 {
		return 0, fmt.Errorf("training: %d bytes do not hold whole PSV records", len(in))
	}
	return len(in) / record.PSVSize, nil
}

// CheckPSVs decodes every record of in; bad[i] (bad may be nil) is set for
// each bad one. It returns the lowest bad index and its error (-1, nil when
// all are good).
func CheckPSVs(in []byte, bad []bool) (int, error) {
	n, err := records(in)
	if err != nil {
		return 0, err
	}
	return batch.Each(n, parallelFrom, func(i int) error {
		var r record.PSV
		var d record.Diagram
		if err := record.DecodePSV(in[i*record.PSVSize:(i+1)*record.PSVSize], &r, &d); err != nil {
			if bad != nil {
				bad[i] = true
			}
			return err
		}
		return nil
	})
}

// EvaluatePSVs evaluates the position of every record of in with net at
// fvScale into out (0 for a bad record), with no SFEN text in between.
func EvaluatePSVs(net *nnue.Net, in []byte, fvScale int, out []int32) (int, error) {
	n, err := records(in)
	if err != nil || len(out) < n {
		return 0, fmt.Errorf("training: %d records, %d values: %v", n, len(out), err)
	}
	// Each chunk reuses one Position (SetSetup): no SFEN text and no
	// allocation per record, which had made this path slower than
	// evaluating the same positions given as SFEN text.
	return batch.Ranges(n, parallelFrom, func(lo, hi int) (int, error) {
		p := new(board.Position)
		first, firstErr := -1, error(nil)
		for i := lo; i < hi; i++ {
			out[i] = 0
			var r record.PSV
			var d record.Diagram
			err := record.DecodePSV(in[i*record.PSVSize:(i+1)*record.PSVSize], &r, &d)
			if err == nil {
				err = p.SetSetup(&d, board.SFENOptions{})
			}
			if err != nil {
				if first < 0 {
					first, firstErr = i, err
				}
				continue
			}
			out[i] = int32(net.Evaluate(p, fvScale))
		}
		return first, firstErr
	})
}

// PSVFeatures lists the HalfKP features of every record of in from each
// perspective: record i at black/white[i*k : (i+1)*k], k = nnue.HalfKP.MaxActive,
// in the order of nnue.AppendActive; a bad record's rows are -1. The
// features come from the decoded board, without building a Position.
func PSVFeatures(in []byte, black, white []int32) (int, error) {
	n, err := records(in)
	k := nnue.HalfKP.MaxActive
	if err != nil || len(black) < n*k || len(white) < n*k {
		return 0, fmt.Errorf("training: %d records, %d and %d feature slots: %v", n, len(black), len(white), err)
	}
	outs := [2][]int32{black, white}
	return batch.Each(n, parallelFrom, func(i int) error {
		fail := func(err error) error {
			for c := range outs {
				for j := i * k; j < (i+1)*k; j++ {
					outs[c][j] = -1
				}
			}
			return err
		}
		var r record.PSV
		var d record.Diagram
		if err := record.DecodePSV(in[i*record.PSVSize:(i+1)*record.PSVSize], &r, &d); err != nil {
			return fail(err)
		}
		for c := board.Black; c <= board.White; c++ {
			f, ok := nnue.AppendActivePieces(outs[c][i*k:i*k:(i+1)*k], &d.Squares, &d.Hands, d.KingSquare(c), c)
			if !ok || len(f) != k {
				return fail(fmt.Errorf("%d features for %v, want %d", len(f), c, k))
			}
		}
		return nil
	})
}
