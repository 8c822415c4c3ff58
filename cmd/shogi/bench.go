package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

func init() {
	register("bench", "search the bench positions to a fixed depth; prints the node signature and NPS", runBench)
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func runBench(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	netPath := fs.String("net", "", `nn.bin file, or "test" for the built-in test net (seed 1), or "test:ARCH" for the test net of another layout (e.g. test:halfkp_1024x2-8-32), "default" for the net built into the library; none or "builtin": the built-in material evaluation`)
	depth := fs.Int("depth", search.BenchDepth, "search depth per position")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	fvScale := fs.Int("fvscale", nnue.DefaultFVScale, "FV_SCALE of the network")
	mix := mixFlag(fs)
	runs := fs.Int("runs", 1, "repeat the whole bench this many times (prints each run and the median NPS)")
	quiet := fs.Bool("q", false, "print only the totals")
	cpuProf := fs.String("cpuprofile", "", "write a CPU profile to this file")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: shogi bench [-net FILE|test|default] [-mix PERCENT] [-depth D] [-threads N] [-hash MB] [-runs R]")
		fmt.Fprintln(os.Stderr, "Searches the start position and the four standard bench positions from a")
		fmt.Fprintln(os.Stderr, "cleared table. At one thread the total node count is a deterministic")
		fmt.Fprintln(os.Stderr, "signature of the search.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 1 || *depth >= search.MaxPly || *threads < 1 || *hash < 1 || *runs < 1 {
		fmt.Fprintln(os.Stderr, "shogi bench: depth, threads, hash and runs must be positive")
		return 2
	}
	opts := search.DefaultOptions()
	opts.Threads = *threads
	opts.HashMB = *hash
	evalName := "material (built-in fallback)"
	if *netPath != "" && *netPath != nnue.BuiltinEvalName {
		var net *nnue.Net
		var err error
		if *netPath == "test" {
			net, err = nnue.MakeTestNet("test", 1)
			evalName = "NNUE test net (seed 1)"
		} else if arch, ok := strings.CutPrefix(*netPath, "test:"); ok {
			net, err = nnue.MakeTestNetNamed(arch, "test", 1)
			evalName = "NNUE test net " + arch + " (seed 1)"
		} else {
			net, err = nnue.Load(*netPath)
			evalName = "NNUE " + *netPath
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "shogi bench:", err)
			return 1
		}
		if err := nnue.CheckFVScale(*fvScale); err != nil {
			fmt.Fprintln(os.Stderr, "shogi bench:", err)
			return 2
		}
		if *mix >= 0 {
			if net, err = net.WithMaterialMix(*mix); err != nil {
				fmt.Fprintln(os.Stderr, "shogi bench:", err)
				return 2
			}
			evalName += fmt.Sprintf(", material mix %d%%", *mix)
		}
		opts.Eval = search.NNUEFactory(net, *fvScale)
		opts.EvalID = *netPath
	}
	e, err := search.New(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi bench:", err)
		return 1
	}
	if *cpuProf != "" {
		f, err := os.Create(*cpuProf)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shogi bench:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "shogi bench:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Printf("eval: %s, depth %d, threads %d, hash %d MB\n", evalName, *depth, *threads, *hash)
	var npsList []float64
	var sig uint64
	for run := 0; run < *runs; run++ {
		i := 0
		cpu0 := cpuTime()
		nodes, el := search.Bench(e, *depth, func(r search.BenchResult) {
			i++
			if !*quiet && run == 0 {
				fmt.Printf("position %d/%d: %s\n", i, len(search.BenchPositions), r.SFEN)
				fmt.Printf("  bestmove %s score %s depth %d seldepth %d nodes %d time %d ms\n",
					r.Result.BestMove.USI(), r.Result.Score.USI(), r.Result.Depth, r.Result.SelDepth, r.Result.Nodes, r.Result.Time.Milliseconds())
			}
		})
		cpu := cpuTime() - cpu0
		nps := float64(nodes) / el.Seconds()
		npsList = append(npsList, nps)
		sig = nodes
		fmt.Printf("run %d: nodes %d time %d ms nps %.0f (process cpu %d ms, nodes per cpu-second %.0f)\n",
			run+1, nodes, el.Milliseconds(), nps, cpu.Milliseconds(), float64(nodes)/cpu.Seconds())
	}
	fmt.Println("===========================")
	fmt.Printf("Nodes searched  : %d\n", sig)
	fmt.Printf("Nodes/second    : %.0f (median of %d)\n", median(npsList), len(npsList))
	return 0
}

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
