package dataset

import (
	"reflect"
	"testing"
)

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions("format=hcpe batch_size=256; threads=2 shuffle=1000 seed=0x10 shuffle_files=1 epochs=-1 features=HalfKP layout=padded+planes skip_in_check=1 skip_capture=true skip_promotion=0 max_abs_score=3000 min_ply=16 skip_fraction=0.25")
	if err != nil {
		t.Fatal(err)
	}
	want := Options{Format: FormatHCPE, BatchSize: 256, Threads: 2, ShuffleBuffer: 1000, Seed: 16, ShuffleFiles: true, Epochs: -1, FeatureSet: "HalfKP",
		Layout: LayoutPadded | LayoutPlanes, Filters: Filters{SkipInCheck: true, SkipCapture: true, MaxAbsScore: 3000, MinPly: 16, SkipFraction: 0.25}}
	if !reflect.DeepEqual(o, want) {
		t.Fatalf("got %+v\nwant %+v", o, want)
	}
	for _, bad := range []string{"batch_size", "batch_size=x", "colour=1", "layout=dense", "skip_capture=2", "format=kif", "skip_fraction=a"} {
		if _, err := ParseOptions(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if o, err := ParseOptions(""); err != nil || !reflect.DeepEqual(o, Options{}) {
		t.Fatalf("empty: %+v %v", o, err)
	}
}
