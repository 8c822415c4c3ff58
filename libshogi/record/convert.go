package record

import (
	"fmt"

	"github.com/libshogi/libshogi/internal/batch"
)

// PSVToHCPE converts one PackedSfenValue record (PSVSize bytes of in) to
// hcpe (HCPESize bytes of out): the result becomes absolute, the move
// changes convention, the move number is dropped (hcpe has none).
func PSVToHCPE(in, out []byte) error {
	var r PSV
	var d Diagram
	if err := DecodePSV(in, &r, &d); err != nil {
		return err
	}
	h, err := NewHCPE(&d, r.Score, Apery.FromYaneuraOu(r.Move), OutcomeFromRelative(r.Result, d.Side).HCPE())
	if err != nil {
		return err
	}
	h.Encode(out)
	return nil
}

// HCPEToPSV converts one hcpe record to PackedSfenValue: the result becomes
// relative to the side to move, and gamePly is 0 (hcpe has no move
// number).
func HCPEToPSV(in, out []byte) error {
	var h HCPE
	var d Diagram
	if err := DecodeHCPE(in, &h, &d); err != nil {
		return err
	}
	p, err := NewPSV(&d, h.Eval, Apery.ToYaneuraOu(h.BestMove16), OutcomeFromHCPE(h.GameResult).Relative(d.Side))
	if err != nil {
		return err
	}
	p.GamePly = 0
	p.Encode(out)
	return nil
}

// bulkParallelFrom is the record count from which the bulk conversions
// run in parallel.
const bulkParallelFrom = 512

// PSVsToHCPEs converts every record of in (a multiple of PSVSize bytes)
// into out (HCPESize bytes each), in parallel for large inputs. A bad
// record's output is zeroed and the others are still converted; the
// lowest bad index and its error are returned (-1, nil when all are good).
func PSVsToHCPEs(in, out []byte) (int, error) {
	return convertAll(in, out, PSVSize, HCPESize, PSVToHCPE)
}

// HCPEsToPSVs is PSVsToHCPEs the other way.
func HCPEsToPSVs(in, out []byte) (int, error) {
	return convertAll(in, out, HCPESize, PSVSize, HCPEToPSV)
}

func convertAll(in, out []byte, inSize, outSize int, one func(in, out []byte) error) (int, error) {
	n := len(in) / inSize
	if len(in)%inSize != 0 || len(out) < n*outSize {
		return 0, fmt.Errorf("record: %d input bytes and %d output bytes do not hold whole records", len(in), len(out))
	}
	return batch.Each(n, bulkParallelFrom, func(i int) error {
		o := out[i*outSize : (i+1)*outSize]
		if err := one(in[i*inSize:(i+1)*inSize], o); err != nil {
			clear(o)
			return err
		}
		return nil
	})
}
