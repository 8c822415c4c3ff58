// Command brokenengine is a USI engine that misbehaves on purpose, for the
// match tests: it plays the first legal move until its Nth move of a game,
// then, as -mode says, sends an illegal move ("illegal"), exits ("crash"),
// or never answers ("silence"). Mode "ok" never misbehaves.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

func main() {
	mode := flag.String("mode", "ok", "ok, illegal, crash or silence")
	after := flag.Int("after", 1, "misbehave on this move of each game (1: the first)")
	flag.Parse()
	var pos *board.Position
	moves := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			fmt.Println("id name brokenengine-" + *mode)
			fmt.Println("usiok")
		case "isready":
			fmt.Println("readyok")
		case "usinewgame":
			moves = 0
		case "position":
			pos = parsePosition(f[1:])
		case "go":
			moves++
			if moves >= *after {
				switch *mode {
				case "illegal":
					fmt.Println("bestmove 5i5g")
					continue
				case "crash":
					os.Exit(3)
				case "silence":
					time.Sleep(time.Hour)
				}
			}
			var ml board.MoveList
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				fmt.Println("bestmove resign")
				continue
			}
			fmt.Println("info depth 1 score cp 0 pv " + ml.Moves[0].USI())
			fmt.Println("bestmove " + ml.Moves[0].USI())
		case "quit":
			return
		}
	}
}

// parsePosition reads "startpos|sfen <4 fields> [moves …]".
func parsePosition(f []string) *board.Position {
	var sfen string
	rest := f
	if len(f) > 0 && f[0] == "startpos" {
		sfen, rest = "startpos", f[1:]
	} else if len(f) >= 5 && f[0] == "sfen" {
		sfen, rest = strings.Join(f[1:5], " "), f[5:]
	}
	pos, err := board.FromSFEN(sfen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, u := range rest[1:] {
			m, err := pos.ParseMove(u)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(4)
			}
			pos.DoMove(m)
		}
	}
	return pos
}
