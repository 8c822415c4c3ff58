package search

import "github.com/libshogi/libshogi/libshogi/board"

// Continuation history: how often a quiet move cut a node right after a
// given earlier move (one, two and four plies back: the opponent's reply
// pattern and our own follow-ups). A move is keyed by the piece standing on
// its destination after it and that square, so a promotion and a drop of
// the same type share nothing with the unpromoted move.
const contKeys = 32 * board.NumSquares

// contNone keys a null move or no move at all: its row reads zero and is
// never updated.
const contNone = contKeys

// contPlies are the earlier plies a quiet move is scored against.
var contPlies = [...]int{1, 2, 4}

type contHistory [contKeys + 1][contKeys]int16

func contKey(m board.Move) int32 {
	if m == board.MoveNone || m == board.MoveNull {
		return contNone
	}
	pc := m.Piece()
	if m.IsPromotion() {
		pc = board.NewPiece(pc.Color(), pc.Type().Promoted())
	}
	return int32(pc)*board.NumSquares + int32(m.To())
}

// contRows are the rows of the moves contPlies before ply (contNone's row
// before the root).
func (t *thread) contRows(ply int) [len(contPlies)]*[contKeys]int16 {
	var rows [len(contPlies)]*[contKeys]int16
	for i, back := range contPlies {
		k := int32(contNone)
		if ply-back >= 0 {
			k = t.stack[ply-back].contKey
		}
		rows[i] = &t.cont[k]
	}
	return rows
}

// contScore is a move's continuation score: the last move's row counts twice.
func contScore(rows *[len(contPlies)]*[contKeys]int16, k int32) int32 {
	return 2*int32(rows[0][k]) + int32(rows[1][k]) + int32(rows[2][k])
}

// updateCont moves the entries of move key k towards +histMax (b > 0) or
// -histMax, the contNone row excepted.
func (t *thread) updateCont(rows *[len(contPlies)]*[contKeys]int16, k int32, b int32) {
	none := &t.cont[contNone]
	for _, r := range rows {
		if r == none {
			continue
		}
		e := int32(r[k])
		r[k] = int16(e + b - e*abs32(b)/histMax)
	}
}
