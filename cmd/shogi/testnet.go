package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/libshogi/libshogi/libshogi/nnue"
)

func init() {
	register("testnet", "write a deterministic test net (make_test_net.py --arch): -arch NAME -kind test|stress|zero -seed N -out FILE", runTestNet)
}

func runTestNet(args []string) int {
	fs := flag.NewFlagSet("testnet", flag.ContinueOnError)
	arch := fs.String("arch", "halfkp_256x2-32-32", "layout")
	kind := fs.String("kind", "test", "test, stress or zero")
	seed := fs.Uint64("seed", 1, "SplitMix64 seed (the goldens use test 1, stress 7)")
	out := fs.String("out", "", "output file")
	list := fs.Bool("list", false, "list the known layouts")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *list {
		for _, k := range nnue.KnownArchs {
			fmt.Println(k.Name)
		}
		return 0
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "shogi testnet: -out FILE is required; layouts:", strings.Join(archNames(), ", "))
		return 2
	}
	net, err := nnue.MakeTestNetNamed(*arch, *kind, *seed)
	if err == nil {
		err = net.Save(*out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi testnet:", err)
		return 1
	}
	return 0
}

func archNames() []string {
	var s []string
	for _, k := range nnue.KnownArchs {
		s = append(s, k.Name)
	}
	return s
}
