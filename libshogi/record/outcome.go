package record

import "github.com/libshogi/libshogi/libshogi/board"

// The one game-result type of the library and its three encodings: the
// Outcome of a text record (absolute), the hcpe/hcpe3 result byte
// (absolute) and the PackedSfenValue game_result (relative to the side to
// move). Record readers, the converters of cmd/shogi and the C ABI convert
// through these functions only.

// Outcome of a game.
type Outcome int8

const (
	NoResult Outcome = iota // unfinished, interrupted or unknown
	BlackWin
	WhiteWin
	Draw
)

func (o Outcome) String() string {
	return [...]string{"none", "black", "white", "draw"}[o]
}

// OutcomeFromHCPE reads the result bits of an hcpe/hcpe3 result byte
// (the flag bits are ignored): 0 draw, 1 Black won, 2 White won; 3 is no
// result.
func OutcomeFromHCPE(b uint8) Outcome {
	switch b & 3 {
	case ResultDraw:
		return Draw
	case ResultBlackWin:
		return BlackWin
	case ResultWhiteWin:
		return WhiteWin
	}
	return NoResult
}

// HCPE is the outcome as an hcpe result byte (no result is written as a
// draw, the only other value the format has).
func (o Outcome) HCPE() uint8 {
	switch o {
	case BlackWin:
		return ResultBlackWin
	case WhiteWin:
		return ResultWhiteWin
	}
	return ResultDraw
}

// OutcomeFromRelative reads a PackedSfenValue game_result: positive when
// side (the side to move) won, negative when it lost, 0 a draw.
func OutcomeFromRelative(r int8, side board.Color) Outcome {
	switch {
	case r > 0:
		return winner(side)
	case r < 0:
		return winner(side.Opp())
	}
	return Draw
}

// Relative is the outcome from side's view, as PackedSfenValue stores it:
// 1 side won, -1 side lost, 0 a draw or no result.
func (o Outcome) Relative(side board.Color) int8 {
	switch o {
	case winner(side):
		return 1
	case winner(side.Opp()):
		return -1
	}
	return 0
}

func winner(c board.Color) Outcome {
	if c == board.Black {
		return BlackWin
	}
	return WhiteWin
}
