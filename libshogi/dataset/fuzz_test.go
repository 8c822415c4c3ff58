package dataset

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzStream feeds arbitrary bytes to the stream as each format: it must
// never panic, must account for every fixed-size record (delivered, removed
// by a filter or counted bad) and must only deliver feature indices in
// range and labels in range.
func FuzzStream(f *testing.F) {
	fx := makeFixture(f, 14, 2, 30)
	for _, p := range fx.paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 400)])
	}
	f.Add([]byte{})
	f.Add(make([]byte, 77))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		for i, name := range []string{"f.bin", "f.hcpe", "f.hcpe3"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			st, err := Open([]string{path}, Options{FeatureSet: "HalfKP", Layout: LayoutPadded | LayoutCSR | LayoutPlanes | LayoutPlanesBits, BatchSize: 7, Threads: 2, ShuffleBuffer: 5, Filters: Filters{SkipInCheck: true, MinPly: 2}})
			if err != nil {
				t.Fatal(err)
			}
			var got int64
			for {
				b, err := st.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got += int64(b.N)
				dims := int32(st.FeatureSet().Dims())
				for p := 0; p < 2; p++ {
					for _, v := range b.Padded[p] {
						if v < -1 || v >= dims {
							t.Fatalf("feature %d out of range", v)
						}
					}
				}
				for _, l := range b.MoveLabel {
					if l < -1 || l >= MoveLabelNum {
						t.Fatalf("label %d out of range", l)
					}
				}
			}
			s := st.Stats()
			st.Close()
			var removed int64
			for _, r := range s.Removed {
				removed += r
			}
			if got != s.Positions || (i < 2 && s.Records != got+removed+s.Bad) {
				t.Fatalf("%s: %d delivered, stats %+v", name, got, s)
			}
		}
	})
}
