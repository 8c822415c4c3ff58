package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func init() {
	register("perft", "count leaf nodes of the legal move tree: perft -depth D [SFEN]", runPerft)
}

// runPerft prints one node count per position: the SFEN given as arguments,
// or one SFEN per line of standard input ("startpos" accepted).
func runPerft(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	depth := fs.Int("depth", 1, "depth in plies (>= 0)")
	timing := fs.Bool("time", false, "also print elapsed time and leaves/s on standard error")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 0 || *depth > 20 {
		fmt.Fprintln(os.Stderr, "perft: -depth must be 0..20")
		return 2
	}
	one := func(sfen string) bool {
		p, err := board.FromSFEN(sfen)
		if err != nil {
			fmt.Fprintln(os.Stderr, "perft:", err)
			return false
		}
		start := time.Now()
		n := p.Perft(*depth)
		fmt.Println(n)
		if *timing {
			el := time.Since(start)
			fmt.Fprintf(os.Stderr, "%d nodes in %v (%.1f M leaves/s)\n", n, el.Round(time.Millisecond), float64(n)/el.Seconds()/1e6)
		}
		return true
	}
	if fs.NArg() > 0 {
		if !one(strings.Join(fs.Args(), " ")) {
			return 1
		}
		return 0
	}
	return forEachLine(os.Stdin, func(line string) bool { return one(line) })
}

// forEachLine calls f for each non-empty line of r; the exit status is 1 if
// any call failed or a line could not be read (later lines still run).
func forEachLine(r io.Reader, f func(string) bool) int {
	status := 0
	err := eachLine(r, func(lineNo int, line string, err error) {
		if err != nil {
			fmt.Fprintf(os.Stderr, "perft: line %d: %v\n", lineNo, err)
			status = 1
			return
		}
		if line = strings.TrimSpace(line); line != "" && !f(line) {
			status = 1
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "read:", err)
		return 1
	}
	return status
}
