package main

import (
	"os"

	"github.com/libshogi/libshogi/libshogi/usi"
)

func init() {
	register("usi", "USI engine on standard input/output (for ShogiGUI, Shogidokoro, ...)", runUSI)
}

func runUSI(args []string) int {
	u := usi.New(os.Stdout)
	for _, a := range args {
		// Commands given on the command line run first (e.g. `shogi usi "go depth 5"`).
		if !u.Handle(a) {
			return 0
		}
	}
	if err := u.Run(os.Stdin); err != nil {
		return 1
	}
	return 0
}
