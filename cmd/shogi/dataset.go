package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/libshogi/libshogi/libshogi/dataset"
)

func init() {
	register("dataset", "stream training files as batches; print the counts and positions/s ([-o OPTIONS] FILE...)", runDataset)
}

func runDataset(args []string) int {
	fs := flag.NewFlagSet("dataset", flag.ContinueOnError)
	opts := fs.String("o", "features=HalfKP", `stream options, "key=value" separated by spaces (see shogi.h: batch_size, threads, shuffle, seed, shuffle_files, epochs, features, layout, skip_in_check, skip_capture, skip_promotion, max_abs_score, min_ply, skip_fraction, format)`)
	errs := fs.Int("errors", 5, "bad-record messages to print")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi dataset [-o OPTIONS] FILE...")
		fmt.Fprintln(os.Stderr, "Reads PackedSfenValue (.bin), hcpe and hcpe3 files through the training-data")
		fmt.Fprintln(os.Stderr, "stream and prints what it read, removed and delivered, and how fast.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	o, err := dataset.ParseOptions(*opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi dataset:", err)
		return 2
	}
	if o.Epochs < 0 {
		fmt.Fprintln(os.Stderr, "shogi dataset: epochs must be finite here")
		return 2
	}
	st, err := dataset.Open(fs.Args(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi dataset:", err)
		return 1
	}
	defer st.Close()
	start := time.Now()
	code := 0
	for {
		if _, err := st.Next(); err == io.EOF {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "shogi dataset:", err)
			code = 1
			break
		}
	}
	secs := time.Since(start).Seconds()
	s := st.Stats()
	fmt.Printf("records %d\nbad %d\n", s.Records, s.Bad)
	for f := dataset.Filter(0); f < dataset.NumFilters; f++ {
		fmt.Printf("removed.%s %d\n", f, s.Removed[f])
	}
	fmt.Printf("positions %d\nbatches %d\nepochs %d\nseconds %.3f\npositions_per_second %.0f\n",
		s.Positions, s.Batches, s.Epochs, secs, float64(s.Positions)/max(secs, 1e-9))
	for i, e := range s.Errors {
		if i == *errs {
			break
		}
		fmt.Fprintln(os.Stderr, "bad record:", e)
	}
	return code
}
