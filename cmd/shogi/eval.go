package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

func init() {
	register("eval", "NNUE evaluation of SFEN positions (-net FILE [-fvscale N] [SFEN])", runEval)
}

func runEval(args []string) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	netPath := fs.String("net", "", "nn.bin file (any layout of docs/specs/nnue-archs.md)")
	testNet := fs.String("testnet", "", "use a built-in deterministic test net instead of -net: KIND:SEED (test, stress or zero)")
	arch := fs.String("arch", "", "layout: with -net, read the file as this layout whatever its description says; with -testnet, the test net's layout (default halfkp_256x2-32-32)")
	mmap := fs.Bool("mmap", false, "with -net: map the file's feature transformer read-only instead of reading it")
	fvScale := fs.Int("fvscale", 0, "FV_SCALE: the raw output is divided by it (1..128; 0: the net's, 16 unless its description says)")
	raw := fs.Bool("raw", false, "print the raw network output (no FV_SCALE, no clamp)")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi eval -net FILE [-fvscale N] [SFEN]")
		fmt.Fprintln(os.Stderr, "Prints the static evaluation (side to move's view). Without an SFEN,")
		fmt.Fprintln(os.Stderr, "reads one SFEN per line from standard input and prints one value per line.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *fvScale != 0 {
		if err := nnue.CheckFVScale(*fvScale); err != nil {
			fmt.Fprintln(os.Stderr, "shogi eval:", err)
			return 2
		}
	}
	var net *nnue.Net
	var err error
	switch {
	case *netPath != "" && *testNet != "":
		fmt.Fprintln(os.Stderr, "shogi eval: give -net or -testnet, not both")
		return 2
	case *netPath != "":
		net, err = nnue.LoadWith(*netPath, nnue.LoadOptions{Arch: *arch, FVScale: *fvScale, Mmap: *mmap})
	case *testNet != "":
		kind, seed, _ := strings.Cut(*testNet, ":")
		s, perr := strconv.ParseUint(seed, 10, 64)
		if perr != nil {
			fmt.Fprintf(os.Stderr, "shogi eval: -testnet %q: want KIND:SEED\n", *testNet)
			return 2
		}
		net, err = nnue.MakeTestNetNamed(cmp.Or(*arch, "halfkp_256x2-32-32"), kind, s)
	default:
		fmt.Fprintln(os.Stderr, "shogi eval: -net FILE is required")
		fs.Usage()
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi eval:", err)
		return 1
	}
	if *fvScale == 0 {
		*fvScale = net.FVScale
	}
	for _, w := range net.Warnings {
		fmt.Fprintln(os.Stderr, "shogi eval: warning:", w)
	}
	evalOne := func(line string) (string, error) {
		pos, err := parseEvalPosition(line)
		if err != nil {
			return "", err
		}
		if *raw {
			v, ok := net.RawPosition(pos)
			if !ok {
				return "", fmt.Errorf("position has no king: %q", line)
			}
			return strconv.Itoa(int(v)), nil
		}
		if pos.KingSquare(board.Black) == board.NoSquare || pos.KingSquare(board.White) == board.NoSquare {
			return "", fmt.Errorf("position has no king: %q", line)
		}
		return strconv.Itoa(net.Evaluate(pos, *fvScale)), nil
	}
	if fs.NArg() > 0 {
		out, err := evalOne(strings.Join(fs.Args(), " "))
		if err != nil {
			fmt.Fprintln(os.Stderr, "shogi eval:", err)
			return 1
		}
		fmt.Println(out)
		return 0
	}
	return evalStream(os.Stdin, os.Stdout, evalOne)
}

// evalStream evaluates one SFEN per input line; a bad line prints an error
// on stderr and an empty output line, so that outputs stay aligned.
func evalStream(r io.Reader, w io.Writer, evalOne func(string) (string, error)) int {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	status := 0
	err := eachLine(r, func(lineNo int, line string, err error) {
		line = strings.TrimSpace(line)
		if err == nil && (line == "" || strings.HasPrefix(line, "#")) {
			return
		}
		out := ""
		if err == nil {
			out, err = evalOne(line)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "shogi eval: line %d: %v\n", lineNo, err)
			status = 1
		}
		fmt.Fprintln(bw, out)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi eval:", err)
		return 1
	}
	return status
}

// parseEvalPosition accepts an SFEN, optionally prefixed by "sfen", or "startpos".
func parseEvalPosition(s string) (*board.Position, error) {
	s = strings.TrimSpace(s)
	if s == "startpos" {
		return board.NewPosition(), nil
	}
	s = strings.TrimSpace(strings.TrimPrefix(s, "sfen "))
	return board.FromSFEN(s)
}
