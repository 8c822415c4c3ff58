package selfplay

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// loserToMoveKind is the record ending of a win whose loser is the side to
// move when the game ended.
var loserToMoveKind = map[Reason]record.EndKind{
	ReasonCheckmate:      record.EndMate,
	ReasonResign:         record.EndResign,
	ReasonBadDeclaration: record.EndIllegalMove,
	ReasonIllegalMove:    record.EndIllegalMove,
	ReasonTimeout:        record.EndTimeUp,
	ReasonCrash:          record.EndLossByDefault,
	ReasonError:          record.EndLossByDefault,
	ReasonEvalLimit:      record.EndResign,
	ReasonDeclarationWin: record.EndResign, // the try rule: the king has reached the goal
}

// drawKind is the record ending of a draw.
var drawKind = map[Reason]record.EndKind{
	ReasonRepetition:      record.EndRepetition,
	ReasonMaxPly:          record.EndMaxMoves,
	ReasonDeclarationDraw: record.EndDeclareDraw,
}

// Record converts the game into a record.Game (for CSA/KIF output) with
// the player names, each move's score as an engine comment and the ending.
func (r *GameResult) Record(black, white string) (*record.Game, error) {
	root := r.RootSFEN
	if root == "" {
		root = r.StartSFEN
	}
	d, err := record.ParseDiagram(root)
	if err != nil {
		return nil, err
	}
	g := record.NewGame(d)
	g.Black, g.White = black, white
	n := g.Root
	side := d.Side
	for _, m := range r.Opening {
		n = n.AddChild(m)
		side = side.Opp()
	}
	for i, m := range r.Moves {
		n = n.AddChild(m)
		if i < len(r.Scores) && r.Scores[i] != search.ScoreNone {
			// Engine comments are from Black's view.
			v := r.Scores[i].CP()
			if r.Scores[i].IsMate() {
				v = 100000 - r.Scores[i].MatePly()
				if r.Scores[i] < 0 {
					v = -100000 - r.Scores[i].MatePly()
				}
			}
			if side == board.White {
				v = -v
			}
			n.Comments = append(n.Comments, fmt.Sprintf("* %d", v))
		}
		side = side.Opp()
	}
	if r.Reason == ReasonNone {
		return g, nil
	}
	e := &record.Ending{Side: side, Kind: record.EndInterrupt}
	switch w, ok := r.Winner(); {
	case !ok && r.Outcome == record.Draw:
		e.Kind = drawKind[r.Reason]
	case !ok:
		e.Kind = record.EndInterrupt
	case r.Reason == ReasonDeclarationWin && w == side:
		e.Kind = record.EndDeclareWin
	case r.Loser == side && loserToMoveKind[r.Reason] != record.EndNone:
		e.Kind = loserToMoveKind[r.Reason]
	case r.Loser == board.Black:
		e.Kind = record.EndIllegalBlack
	default:
		e.Kind = record.EndIllegalWhite
	}
	n.End = e
	return g, nil
}
