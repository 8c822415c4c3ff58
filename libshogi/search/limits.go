package search

import (
	"errors"
	"fmt"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// MaxTime is the longest time a limit holds. Policy: a longer time (a
// clock or movetime of more than 2^40 ms, about 34.8 years) saturates to
// MaxTime instead of wrapping around; sums of a few such times still fit a
// time.Duration.
const MaxTime = time.Duration(1<<40) * time.Millisecond

// Millis converts a count of milliseconds to a duration, saturating at 0
// and MaxTime (a negative count is the caller's error to report).
func Millis(ms int64) time.Duration {
	switch {
	case ms <= 0:
		return 0
	case ms >= int64(MaxTime/time.Millisecond):
		return MaxTime
	}
	return time.Duration(ms) * time.Millisecond
}

// saturate caps a duration that a Go caller set directly at MaxTime.
func saturate(d time.Duration) time.Duration { return min(d, MaxTime) }

// Check reports limits that cannot be meant, for a search of pos. Policy:
// a search never starts unbounded by accident, so
//   - negative depths, times and increments are errors;
//   - a clock given only for the opponent (the side to move has no time,
//     increment or byoyomi, and no depth, nodes, movetime, infinite or
//     ponder limits the search) is an error, not "no limit";
//   - every searchmoves move must be legal in pos, and given once.
//
// All-zero limits stay what they are documented to be: a search until
// Stop (or MaxPly).
func (l *Limits) Check(pos *board.Position) error {
	if l.Depth < 0 {
		return fmt.Errorf("depth %d: must not be negative", l.Depth)
	}
	if l.MoveTime < 0 {
		return errors.New("movetime must not be negative")
	}
	for c := 0; c < 2; c++ {
		if l.Time[c] < 0 || l.Inc[c] < 0 || l.Byoyomi[c] < 0 {
			return errors.New("clock times must not be negative")
		}
	}
	us, them := pos.SideToMove(), pos.SideToMove().Opp()
	ours := l.Time[us] > 0 || l.Inc[us] > 0 || l.Byoyomi[us] > 0
	theirs := l.Time[them] > 0 || l.Inc[them] > 0 || l.Byoyomi[them] > 0
	other := l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Infinite || l.Ponder || l.MateOnly
	if theirs && !ours && !other {
		return fmt.Errorf("only the opponent's clock is set: the side to move (%v) has no time limit", us)
	}
	for i, m := range l.SearchMoves {
		if !pos.IsLegal(m) {
			return fmt.Errorf("searchmoves: %s is not a legal move", m.USI())
		}
		for _, n := range l.SearchMoves[:i] {
			if n == m {
				return fmt.Errorf("searchmoves: %s given twice", m.USI())
			}
		}
	}
	return nil
}

// restrictRoot keeps only the moves of ml that are in moves (nothing to do
// when moves is empty). ml holds every legal move then, so a searchmoves
// move that GenNoUseless would drop is searched too.
func restrictRoot(pos *board.Position, ml *board.MoveList, moves []board.Move) {
	if len(moves) == 0 {
		return
	}
	pos.Generate(board.GenAll, ml)
	n := 0
	for _, m := range ml.Slice() {
		for _, s := range moves {
			if m.Move16() == s.Move16() {
				ml.Moves[n] = m
				n++
				break
			}
		}
	}
	ml.N = n
}
