package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/libshogi/libshogi/libshogi/analyze"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

func init() {
	register("analyze", "search NDJSON requests from standard input, write NDJSON results", runAnalyze)
}

func runAnalyze(args []string) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	netPath := fs.String("net", nnue.DefaultNetName, "nn.bin file, default (the net built into the library) or builtin (the material evaluation)")
	fvScale := fs.Int("fvscale", nnue.DefaultFVScale, "FV_SCALE of the network (1..128)")
	workers := fs.Int("workers", 1, "requests searched at once, one engine each")
	threads := fs.Int("threads", 1, "search threads per engine")
	hash := fs.Int("hash", 16, "transposition table per engine, MB")
	clear := fs.Bool("clear", true, "clear the tables before each request (results independent of order)")
	std := fs.Bool("std", false, "parse with encoding/json instead of simdjson-go")
	progress := fs.Duration("progress", 2*time.Second, "progress line interval on standard error (0: none)")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, `usage: shogi analyze [flags] < requests.ndjson > results.ndjson
Each input line is {"id":…, "sfen":…, "moves":[…], "depth"|"nodes"|"movetime":…, "multipv":…};
each output line gives the best move, score (cp or mate), PV, nodes and depth, in input order.`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *workers < 1 || *threads < 1 || *hash < 1 {
		fs.Usage()
		return 2
	}
	opts := search.DefaultOptions()
	opts.Threads, opts.HashMB = *threads, *hash
	if *netPath != "" && *netPath != nnue.BuiltinEvalName {
		if err := nnue.CheckFVScale(*fvScale); err != nil {
			fmt.Fprintln(os.Stderr, "shogi analyze:", err)
			return 2
		}
		net, err := nnue.Load(*netPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shogi analyze:", err)
			return 1
		}
		opts.Eval = search.NNUEFactory(net, *fvScale)
	}
	cfg := analyze.Config{Workers: *workers, Engine: opts, ForceStd: *std, ClearBetween: *clear,
		Progress: os.Stderr, ProgressEvery: *progress}
	total, failed, err := analyze.Run(os.Stdin, os.Stdout, cfg)
	if *progress > 0 {
		fmt.Fprintf(os.Stderr, "analyze: %d requests, %d failed\n", total, failed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi analyze:", err)
		return 1
	}
	return 0
}
