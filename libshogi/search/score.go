package search

import "strconv"

// Score is a search result from the side to move's point of view, in the
// evaluation's own unit (a pawn is about 90). Mate scores are their own kind:
// a Score in the mate band (IsMate) is not a material value but a distance to
// mate, and MatePly says how far. Ordinary values are clamped to
// ±MaxEval, so they never reach the mate band.
type Score int32

const (
	// MaxPly is the deepest ply the search reaches from the root.
	MaxPly = 246
	// ScoreMate is the score of delivering mate at the root (0 plies).
	ScoreMate Score = 32000
	// ScoreMateInMaxPly is the smallest mate score (mate found at MaxPly).
	ScoreMateInMaxPly Score = ScoreMate - MaxPly
	// MaxEval bounds the evaluations (the engines' VALUE_MAX_EVAL).
	MaxEval Score = ScoreMateInMaxPly - 1
	// ScoreInfinite is above every score the search returns.
	ScoreInfinite Score = 32001
	// ScoreNone marks "no score" (an empty TT slot, an unsearched move).
	ScoreNone Score = 32002
	// ScoreDraw is a drawn position.
	ScoreDraw Score = 0
	// PawnValue is the unit of centipawn conversion (cp = 100*v/PawnValue).
	PawnValue = 90
)

// MateIn is the score of giving mate ply plies from the root.
func MateIn(ply int) Score { return ScoreMate - Score(ply) }

// MatedIn is the score of being mated ply plies from the root.
func MatedIn(ply int) Score { return -ScoreMate + Score(ply) }

// IsMate reports whether s is a mate score (for either side).
func (s Score) IsMate() bool {
	return s >= ScoreMateInMaxPly && s <= ScoreMate || s <= -ScoreMateInMaxPly && s >= -ScoreMate
}

// MatePly is the distance to mate in plies: positive when the side to move
// mates, negative when it is mated, 0 when s is not a mate score. A position
// where the side to move is already checkmated is "mated in 0": MatePly
// returns 0 there too, so test IsMate and the sign of s.
func (s Score) MatePly() int {
	switch {
	case !s.IsMate():
		return 0
	case s > 0:
		return int(ScoreMate - s)
	default:
		return -int(ScoreMate + s)
	}
}

// CP converts a non-mate score to centipawns the way the engines do
// (100*v/90, truncating toward zero).
func (s Score) CP() int { return int(s) * 100 / PawnValue }

// USI formats the score the way an info line writes it: "cp N" or "mate N"
// (plies; negative when mated; "mate -0" when already mated).
func (s Score) USI() string {
	if s.IsMate() {
		if s < 0 {
			return "mate -" + strconv.Itoa(-s.MatePly())
		}
		return "mate " + strconv.Itoa(s.MatePly())
	}
	return "cp " + strconv.Itoa(s.CP())
}

func (s Score) String() string { return s.USI() }

// toTT and fromTT convert mate scores between "from the root" and "from this
// node" so that a stored mate distance stays right at another ply.
func toTT(s Score, ply int) Score {
	switch {
	case s == ScoreNone:
		return s
	case s >= ScoreMateInMaxPly:
		return s + Score(ply)
	case s <= -ScoreMateInMaxPly:
		return s - Score(ply)
	}
	return s
}

func fromTT(s Score, ply int) Score {
	switch {
	case s == ScoreNone:
		return s
	case s >= ScoreMateInMaxPly:
		return s - Score(ply)
	case s <= -ScoreMateInMaxPly:
		return s + Score(ply)
	}
	return s
}

func clampEval(v int) Score {
	if v > int(MaxEval) {
		return MaxEval
	}
	if v < -int(MaxEval) {
		return -MaxEval
	}
	return Score(v)
}
