package training

import (
	"errors"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// RecordFeatures from the decoded records equals PositionRow of the
// positions themselves, for a board-only set and for HalfKPE9 (which needs
// a built position); a bad record and a record without a king get -1 rows
// and the lowest failing index.
func TestRecordFeaturesMatchPositions(t *testing.T) {
	in, sfens := psvs(t, 1500) // over the parallel threshold
	decode := func(b []byte, d *record.Diagram) error {
		var r record.PSV
		return record.DecodePSV(b, &r, d)
	}
	for _, name := range []string{"halfkp", "halfkpe9"} {
		fs, err := nnue.FeatureSetByName(name)
		if err != nil {
			t.Fatal(err)
		}
		k := fs.MaxActive
		n := len(in) / record.PSVSize
		black, white := make([]int32, n*k), make([]int32, n*k)
		if i, err := RecordFeatures(fs, in, record.PSVSize, decode, black, white); err != nil {
			t.Fatalf("%s: record %d: %v", name, i, err)
		}
		wb, ww := make([]int32, k), make([]int32, k)
		for i, sfen := range sfens {
			p, err := board.FromSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			if err := PositionRow(fs, p, wb, ww); err != nil {
				t.Fatal(err)
			}
			for j := 0; j < k; j++ {
				if black[i*k+j] != wb[j] || white[i*k+j] != ww[j] {
					t.Fatalf("%s: record %d (%s) feature %d: %d/%d, want %d/%d", name, i, p.SFEN(), j, black[i*k+j], white[i*k+j], wb[j], ww[j])
				}
			}
		}
	}

	fs, err := nnue.FeatureSetByName("halfkp")
	if err != nil {
		t.Fatal(err)
	}
	k := fs.MaxActive
	bad := append([]byte(nil), in[:3*record.PSVSize]...)
	for j := 0; j < 32; j++ {
		bad[2*record.PSVSize+j] = 0xff // record 2 does not decode
	}
	// Record 1 loses its black king after decoding (PSV cannot hold such
	// a position; a foreign decoder could hand one over).
	kingless := func(b []byte, d *record.Diagram) error {
		if err := decode(b, d); err != nil {
			return err
		}
		if &b[0] == &bad[record.PSVSize] {
			d.Squares[d.KingSquare(board.Black)] = board.NoPiece
		}
		return nil
	}
	black, white := make([]int32, 3*k), make([]int32, 3*k)
	i, err := RecordFeatures(fs, bad, record.PSVSize, kingless, black, white)
	if i != 1 || !errors.Is(err, ErrNoKing) {
		t.Fatalf("lowest failure %d %v, want record 1 without a king", i, err)
	}
	for _, row := range []int{1, 2} {
		for j := row * k; j < (row+1)*k; j++ {
			if black[j] != -1 || white[j] != -1 {
				t.Fatalf("row %d not cleared", row)
			}
		}
	}
	if black[0] < 0 {
		t.Fatal("row 0 cleared")
	}
}
