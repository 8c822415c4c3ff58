package usi

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// goRequest is a parsed "go" command.
type goRequest struct {
	lim      search.Limits
	mate     bool
	mateTime time.Duration // 0: no limit
}

// goKeywords are the tokens that start a part of a go command (they end a
// searchmoves list).
var goKeywords = map[string]bool{
	"btime": true, "wtime": true, "binc": true, "winc": true, "byoyomi": true, "movetime": true,
	"depth": true, "nodes": true, "infinite": true, "ponder": true, "mate": true, "searchmoves": true,
}

// parseGo reads the arguments of "go" for a search of pos. Policy: a bad
// value, an unknown token or limits that cannot be meant reject the whole
// command (the caller searches nothing); times in milliseconds saturate at
// search.MaxTime instead of wrapping; a bare "go" and "go infinite" search
// until stop, as USI says.
func parseGo(args []string, pos *board.Position) (goRequest, error) {
	var g goRequest
	lim := &g.lim
	clock := false // a clock token was given
	for i := 0; i < len(args); i++ {
		tok := args[i]
		switch tok {
		case "btime", "wtime", "binc", "winc", "byoyomi", "movetime":
			d, err := parseMillis(args, i)
			if err != nil {
				return g, err
			}
			i++
			switch tok {
			case "btime":
				lim.Time[board.Black] = d
			case "wtime":
				lim.Time[board.White] = d
			case "binc":
				lim.Inc[board.Black] = d
			case "winc":
				lim.Inc[board.White] = d
			case "byoyomi":
				lim.Byoyomi = [2]time.Duration{d, d}
			case "movetime":
				if d == 0 {
					return g, errors.New("movetime 0: a zero time would mean no limit")
				}
				lim.MoveTime = d
			}
			clock = clock || tok != "movetime"
		case "depth", "nodes":
			x, err := parseCount(args, i)
			if err != nil {
				return g, err
			}
			i++
			if tok == "depth" {
				lim.Depth = int(min(x, search.MaxPly-1))
			} else {
				lim.Nodes = x
			}
		case "infinite":
			lim.Infinite = true
		case "ponder":
			lim.Ponder = true
		case "mate":
			g.mate = true
			if i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				if args[i] != "infinite" {
					d, err := parseMillis(args, i-1)
					if err != nil {
						return g, err
					}
					if d == 0 {
						return g, errors.New("mate 0: a zero time would mean no limit")
					}
					g.mateTime = d
				}
			}
		case "searchmoves":
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				m, err := pos.ParseMove(args[i])
				if err != nil {
					return g, fmt.Errorf("searchmoves: %s: %v", truncate(args[i], 20), err)
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			if len(lim.SearchMoves) == 0 {
				return g, errors.New("searchmoves: no move given")
			}
		default:
			return g, fmt.Errorf("unknown token %q", truncate(tok, 20))
		}
	}
	us := pos.SideToMove()
	if clock && lim.Time[us] == 0 && lim.Inc[us] == 0 && lim.Byoyomi[us] == 0 &&
		lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !lim.Infinite && !lim.Ponder && !g.mate {
		return g, fmt.Errorf("no time on the clock of the side to move (%v) and no other limit", us)
	}
	if err := lim.Check(pos); err != nil {
		return g, err
	}
	return g, nil
}

// parseMillis reads the millisecond value after args[i]: a non-negative
// integer; one beyond int64 saturates like any time over search.MaxTime.
func parseMillis(args []string, i int) (time.Duration, error) {
	if i+1 >= len(args) {
		return 0, fmt.Errorf("%s: missing value", args[i])
	}
	x, err := strconv.ParseInt(args[i+1], 10, 64)
	if err != nil && !(errors.Is(err, strconv.ErrRange) && x > 0) || x < 0 {
		return 0, fmt.Errorf("%s: bad value %q", args[i], truncate(args[i+1], 20))
	}
	return search.Millis(x), nil
}

// parseCount reads the positive count after args[i] (depth, nodes); one
// beyond uint64 saturates.
func parseCount(args []string, i int) (uint64, error) {
	if i+1 >= len(args) {
		return 0, fmt.Errorf("%s: missing value", args[i])
	}
	x, err := strconv.ParseUint(args[i+1], 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || x == 0 {
		return 0, fmt.Errorf("%s: bad value %q", args[i], truncate(args[i+1], 20))
	}
	return x, nil
}
