package dataset_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/dataset"
	"github.com/libshogi/libshogi/libshogi/record"
)

// A PackedSfenValue file of the first positions of a game, streamed as
// HalfKP batches of 4 with the positions in check removed.
func Example() {
	dir, _ := os.MkdirTemp("", "dataset-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "train.bin")
	var data []byte
	p, _ := board.FromSFEN(board.StartSFEN)
	for i, usi := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "5a4b", "4e3d"} {
		m, _ := p.ParseMove(usi)
		d := p.Setup()
		rec, _ := record.NewPSV(&d, int16(10*i), m.Move16(), 0)
		data = record.AppendPSV(data, &rec)
		p.DoMove(m)
	}
	os.WriteFile(path, data, 0o644)

	st, err := dataset.Open([]string{path}, dataset.Options{FeatureSet: "HalfKP", BatchSize: 4, Filters: dataset.Filters{SkipInCheck: true}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	for {
		b, err := st.Next()
		if err != nil {
			break
		}
		fmt.Println(b.N, "positions; scores", b.Score, "first row", len(b.Padded[0])/b.N, "features")
	}
	s := st.Stats()
	fmt.Println("removed in check:", s.Removed[dataset.FilterInCheck], "delivered:", s.Positions)
	// Output:
	// 4 positions; scores [0 10 20 30] first row 38 features
	// 3 positions; scores [40 50 60] first row 38 features
	// removed in check: 0 delivered: 7
}
