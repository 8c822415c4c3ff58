package usi

import (
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/mate"
)

// mateSearch answers "go mate": checkmate <moves>, checkmate nomate, or
// checkmate timeout (the time ran out or stop came first).
func (u *Session) mateSearch(pos *board.Position, limit time.Duration, done chan struct{}) {
	line := "checkmate timeout"
	if pos.KingSquare(pos.SideToMove().Opp()) == board.NoSquare {
		line = "checkmate nomate" // nothing to mate
		u.finish(line, done)
		return
	}
	s, err := mate.NewChecked(u.values.Int("MateHash"))
	var res mate.Result
	if err == nil {
		res, err = s.Solve(pos, mate.Limits{Time: limit, Stop: &u.stopM})
	}
	switch {
	case err != nil:
		u.infoString("go mate: %v", err)
	case res.Status == mate.Mate:
		moves := make([]string, len(res.Line))
		for i, m := range res.Line {
			moves[i] = m.USI()
		}
		line = "checkmate " + strings.Join(moves, " ")
	case res.Status == mate.NoMate:
		line = "checkmate nomate"
	}
	u.finish(line, done)
}
