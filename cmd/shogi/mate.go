package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/mate"
	"github.com/libshogi/libshogi/libshogi/search"
)

func init() {
	register("mate", "solve tsume with df-pn: mate [-hash MB] [-time MS] [-nodes N] [-fill] [SFEN]", runMate)
}

// runMate prints one answer per position (the SFEN given as arguments, or
// one per line of standard input): "mate <plies> <USI moves>", "nomate" or
// "unknown"; nodes and time go to standard error.
func runMate(args []string) int {
	fs := flag.NewFlagSet("mate", flag.ContinueOnError)
	hash := fs.Int("hash", mate.DefaultTableMB, "table size in MB")
	ms := fs.Int64("time", 0, "time limit per position in ms (0: none)")
	nodes := fs.Uint64("nodes", 0, "node limit per position (0: none)")
	fill := fs.Bool("fill", false, "give the defender every piece not on the board or in a hand (tsume convention)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o, _ := search.LookupOption("MateHash")
	if int64(*hash) < o.Min || int64(*hash) > o.Max || *ms < 0 {
		fmt.Fprintf(os.Stderr, "mate: -hash must be %d..%d and -time not negative\n", o.Min, o.Max)
		return 2
	}
	s, err := mate.NewChecked(*hash)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mate:", err)
		return 1
	}
	one := func(sfen string) bool {
		p, err := board.FromSFENWith(sfen, board.SFENOptions{Tsume: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, "mate:", err)
			return false
		}
		if *fill {
			p.GiveRemainingPieces(p.SideToMove().Opp())
		}
		res, err := s.Solve(p, mate.Limits{Nodes: *nodes, Time: time.Duration(*ms) * time.Millisecond})
		if err != nil {
			fmt.Fprintln(os.Stderr, "mate:", err)
			return false
		}
		switch res.Status {
		case mate.Mate:
			moves := make([]string, len(res.Line))
			for i, m := range res.Line {
				moves[i] = m.USI()
			}
			fmt.Printf("mate %d %s\n", len(res.Line), strings.Join(moves, " "))
		default:
			fmt.Println(res.Status)
		}
		fmt.Fprintf(os.Stderr, "%d nodes in %v, %d of %d table slots used\n", res.Nodes, res.Time.Round(time.Millisecond), res.TableUsed, res.TableSlots)
		return true
	}
	if fs.NArg() > 0 {
		if !one(strings.Join(fs.Args(), " ")) {
			return 1
		}
		return 0
	}
	return forEachLine(os.Stdin, one)
}
