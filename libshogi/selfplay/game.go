package selfplay

import (
	"context"
	"errors"
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// Reason says why a game ended.
type Reason int

const (
	ReasonNone            Reason = iota
	ReasonCheckmate              // the side to move has no legal move
	ReasonResign                 // a player resigned
	ReasonDeclarationWin         // a correct entering-king declaration (or a try)
	ReasonDeclarationDraw        // a declaration in the 24-point rule's draw band
	ReasonBadDeclaration         // a declaration whose conditions were not met
	ReasonRepetition             // fourfold repetition: draw
	ReasonPerpetualCheck         // fourfold repetition with checks on every move: the checker loses
	ReasonMaxPly                 // the move limit: draw
	ReasonEvalLimit              // a score at or beyond the adjudication limit
	ReasonIllegalMove            // a player sent a move that is not legal
	ReasonCrash                  // an external engine died
	ReasonTimeout                // an external engine did not answer in time
	ReasonError                  // a player failed otherwise (protocol, I/O)
	ReasonStopped                // the game was interrupted (no result)
)

var reasonNames = [...]string{"none", "checkmate", "resign", "declaration-win", "declaration-draw",
	"bad-declaration", "repetition", "perpetual-check", "max-ply", "eval-limit", "illegal-move",
	"crash", "timeout", "error", "stopped"}

func (r Reason) String() string {
	if r < 0 || int(r) >= len(reasonNames) {
		return "unknown"
	}
	return reasonNames[r]
}

// Decision is what a player answers for a position.
type Decision struct {
	// Move is a legal move, board.MoveResign or board.MoveWin (declaration).
	Move     board.Move
	Score    search.Score // from the mover's view, when HasScore
	HasScore bool
}

// PlayerError is a player's failure; the game loop makes the player lose
// with Reason (ReasonCrash, ReasonTimeout or ReasonError).
type PlayerError struct {
	Reason Reason
	Err    error
}

func (e *PlayerError) Error() string { return e.Reason.String() + ": " + e.Err.Error() }
func (e *PlayerError) Unwrap() error { return e.Err }

// Player chooses moves. Move is called with the live game position (the
// player must not modify it; Clone it to keep it) and the game so far.
type Player interface {
	Name() string
	// NewGame is called before each game.
	NewGame(ctx context.Context) error
	Move(ctx context.Context, g *GameState) (Decision, error)
}

// GameEnder is a Player that wants to hear the result (a USI engine gets
// "gameover win|lose|draw"). r is final; c is the colour the player had.
type GameEnder interface {
	GameOver(r *GameResult, c board.Color)
}

// GameState is the game seen by a player: the position its history starts
// from, every move since (the start position's own history first: Opening
// of them), and the current position.
type GameState struct {
	StartSFEN string
	Moves     []board.Move
	Opening   int
	Pos       *board.Position
}

// Rules are the adjudication rules of a game.
type Rules struct {
	EnteringKing board.EnteringKingRule
	// MaxPly draws the game when the SFEN move number passes it (the
	// engines' MaxMovesToDraw); 0: no limit.
	MaxPly int
	// EvalLimit ends the game when a mover reports a score of at least this
	// (it wins) or at most minus this (it loses), mate scores included;
	// 0: never.
	EvalLimit int
	// EvalLimitMoves is how many consecutive moves of the same player must
	// reach the limit (0 or 1: one).
	EvalLimitMoves int
}

// GameResult is a finished game.
type GameResult struct {
	// RootSFEN and Opening are the start position's history (Opening is
	// empty when it has none); StartSFEN is where the game itself began.
	RootSFEN  string
	Opening   []board.Move
	StartSFEN string
	Moves     []board.Move
	Scores    []search.Score // per move; ScoreNone where the player gave none
	Outcome   record.Outcome
	Reason    Reason
	Detail    string // a player's fault, in words
	// Loser is the side that lost (meaningful when Outcome is a win).
	Loser board.Color
}

// Winner returns the winning colour and true, or false for a draw or no result.
func (r *GameResult) Winner() (board.Color, bool) {
	switch r.Outcome {
	case record.BlackWin:
		return board.Black, true
	case record.WhiteWin:
		return board.White, true
	}
	return board.Black, false
}

// Play plays one game from start (its history is kept: repetitions count
// from its first position) between players[board.Black] and
// players[board.White]. It returns when the game ends or ctx is cancelled
// (ReasonStopped). A player's error makes it lose; the other errors
// returned are the callers' (a bad start position).
func Play(ctx context.Context, start *board.Position, players [2]Player, rules Rules) (*GameResult, error) {
	r, err := play(ctx, start, players, rules, nil)
	if err == nil && r.Reason != ReasonStopped {
		for c, p := range players {
			if e, ok := p.(GameEnder); ok && (c == 0 || !samePlayer(p, players[0])) {
				e.GameOver(r, board.Color(c))
			}
		}
	}
	return r, err
}

// play is Play with an observer called after each move is decided and
// before it is played (the generator records the searched positions).
func play(ctx context.Context, start *board.Position, players [2]Player, rules Rules,
	observe func(pos *board.Position, d Decision)) (*GameResult, error) {
	if start == nil || players[0] == nil || players[1] == nil {
		return nil, errors.New("selfplay: start position and both players are required")
	}
	pos := start.Clone()
	root, opening := history(start)
	g := &GameState{StartSFEN: root, Moves: opening, Opening: len(opening), Pos: pos}
	res := &GameResult{RootSFEN: root, Opening: opening[:len(opening):len(opening)], StartSFEN: pos.SFEN()}
	for c, p := range players {
		if c == 1 && samePlayer(p, players[0]) {
			break // one player for both sides (self-play): one new game
		}
		if err := p.NewGame(ctx); err != nil {
			res.fault(board.Color(c), err)
			return res, nil
		}
	}
	var overLimit [2]int
	for {
		if ctx.Err() != nil {
			res.end(record.NoResult, ReasonStopped, board.Black)
			return res, nil
		}
		us := pos.SideToMove()
		if res.adjudicate(pos, rules) {
			return res, nil
		}
		d, err := players[us].Move(ctx, g)
		if err != nil {
			if ctx.Err() != nil {
				res.end(record.NoResult, ReasonStopped, us)
				return res, nil
			}
			res.fault(us, err)
			return res, nil
		}
		if observe != nil {
			observe(pos, d)
		}
		switch {
		case d.Move == board.MoveResign:
			res.lose(us, ReasonResign)
			return res, nil
		case d.Move == board.MoveWin:
			switch pos.Declaration(rules.EnteringKing) {
			case board.DeclWin:
				res.lose(us.Opp(), ReasonDeclarationWin)
			case board.DeclDraw:
				res.end(record.Draw, ReasonDeclarationDraw, us)
			default:
				res.lose(us, ReasonBadDeclaration)
			}
			return res, nil
		case !pos.IsLegal(d.Move):
			res.lose(us, ReasonIllegalMove)
			res.Detail = fmt.Sprintf("%s is not legal in %s", d.Move.USI(), pos.SFEN())
			return res, nil
		}
		try := rules.EnteringKing == board.RuleTry && d.Move == pos.TryMove()
		score := search.ScoreNone
		if d.HasScore {
			score = d.Score
		}
		pos.DoMove(d.Move)
		g.Moves = append(g.Moves, pos.LastMove())
		res.Moves = g.Moves[g.Opening:]
		res.Scores = append(res.Scores, score)
		if try {
			res.lose(us.Opp(), ReasonDeclarationWin)
			return res, nil
		}
		if rules.EvalLimit > 0 && d.HasScore {
			switch {
			case d.Score >= search.Score(rules.EvalLimit):
				overLimit[us]++
			case d.Score <= -search.Score(rules.EvalLimit):
				overLimit[us]--
			default:
				overLimit[us] = 0
			}
			need := max(rules.EvalLimitMoves, 1)
			if overLimit[us] >= need {
				res.lose(us.Opp(), ReasonEvalLimit)
				return res, nil
			}
			if -overLimit[us] >= need {
				res.lose(us, ReasonEvalLimit)
				return res, nil
			}
		}
	}
}

// samePlayer reports whether a and b are one player (false for players of
// a type that cannot be compared).
func samePlayer(a, b Player) (same bool) {
	defer func() { _ = recover() }()
	return a == b
}

// history returns the first position of p's history and the moves since.
func history(p *board.Position) (string, []board.Move) {
	n := p.GamePlyFromRoot()
	if n == 0 {
		return p.SFEN(), nil
	}
	q := p.Clone()
	moves := make([]board.Move, n)
	for i := n - 1; i >= 0; i-- {
		moves[i] = q.LastMove()
		q.UndoMove()
	}
	return q.SFEN(), moves
}

// adjudicate ends the game when the position itself decides it.
func (r *GameResult) adjudicate(pos *board.Position, rules Rules) bool {
	us := pos.SideToMove()
	switch pos.Adjudicate(rules.MaxPly) {
	case board.GameCheckmated:
		r.lose(us, ReasonCheckmate)
	case board.GameRepetitionDraw:
		r.end(record.Draw, ReasonRepetition, us)
	case board.GameRepetitionWin:
		r.lose(us.Opp(), ReasonPerpetualCheck)
	case board.GameRepetitionLose:
		r.lose(us, ReasonPerpetualCheck)
	case board.GameMaxMovesDraw:
		r.end(record.Draw, ReasonMaxPly, us)
	default:
		return false
	}
	return true
}

func (r *GameResult) end(o record.Outcome, why Reason, loser board.Color) {
	r.Outcome, r.Reason, r.Loser = o, why, loser
}

func (r *GameResult) lose(c board.Color, why Reason) {
	o := record.BlackWin
	if c == board.Black {
		o = record.WhiteWin
	}
	r.end(o, why, c)
}

// fault makes c lose for a player error.
func (r *GameResult) fault(c board.Color, err error) {
	why := ReasonError
	var pe *PlayerError
	if errors.As(err, &pe) {
		why = pe.Reason
	}
	r.lose(c, why)
	r.Detail = err.Error()
}

// ResultFor is the game result from c's view: +1 win, -1 loss, 0 draw or none.
func (r *GameResult) ResultFor(c board.Color) int8 {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == c:
		return 1
	}
	return -1
}
