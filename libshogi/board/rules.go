package board

// RepetitionState is the outcome of a repeated position, from the side to
// move's point of view.
type RepetitionState int

const (
	RepNone RepetitionState = iota
	RepDraw                 // ordinary sennichite
	RepWin                  // the opponent gave check on every move of the cycle
	RepLose                 // the side to move gave check on every move of the cycle
)

func (r RepetitionState) String() string {
	return [...]string{"none", "draw", "win", "lose"}[r]
}

// RepetitionCount is how often the current position (board, both hands,
// side to move) has occurred since the object was set up, this one included.
func (p *Position) RepetitionCount() int {
	if p.keyPending { // nothing played since the set-up: its one occurrence
		return 1
	}
	key := p.st().key
	n := 0
	for i := len(p.states) - 1; i >= 0; i -= 2 {
		if p.states[i].key == key {
			n++
		}
	}
	return n
}

// Repetition adjudicates fourfold repetition (rules.md §7): RepNone until
// the position occurs for the fourth time; then a draw, unless one side gave
// check on every one of its moves since the first occurrence.
func (p *Position) Repetition() RepetitionState {
	if p.keyPending { // nothing played since the set-up
		return RepNone
	}
	key := p.st().key
	n := 0
	first := -1
	last := len(p.states) - 1
	for i := last; i >= 0; i -= 2 {
		if p.states[i].key == key {
			n++
			first = i
		}
	}
	if n < 4 {
		return RepNone
	}
	return p.cycleResult(last - first)
}

// cycleResult judges a repetition spanning span plies that ends now.
func (p *Position) cycleResult(span int) RepetitionState {
	st := p.st()
	us := p.side
	// Each side made span/2 moves of the cycle.
	moves := int32(span / 2)
	switch {
	case st.checkRun[us.Opp()] >= moves:
		return RepWin
	case st.checkRun[us] >= moves:
		return RepLose
	}
	return RepDraw
}

// RepetitionInSearch is the search's test: the first repetition (second
// occurrence) within the last maxBack plies, judged over that one cycle.
func (p *Position) RepetitionInSearch(maxBack int) RepetitionState {
	if p.keyPending { // nothing played since the set-up
		return RepNone
	}
	key := p.st().key
	last := len(p.states) - 1
	for i := last - 4; i >= 0 && last-i <= maxBack; i -= 2 {
		if p.states[i].key == key {
			return p.cycleResult(last - i)
		}
	}
	return RepNone
}

// EnteringKingRule selects the declaration rule (rules.md §8).
type EnteringKingRule int

const (
	RuleNone EnteringKingRule = iota
	RuleCSA27
	RuleCSA24
	RuleCSA27H
	RuleCSA24H
	RuleTry
)

var ruleNames = [...]string{"none", "CSARule27", "CSARule24", "CSARule27H", "CSARule24H", "TryRule"}

func (r EnteringKingRule) String() string {
	if r < 0 || int(r) >= len(ruleNames) {
		return "unknown"
	}
	return ruleNames[r]
}

// ParseEnteringKingRule accepts the USI option values (CSARule27, ..., NoEnteringKing/none).
func ParseEnteringKingRule(s string) (EnteringKingRule, bool) {
	for i, n := range ruleNames {
		if n == s {
			return EnteringKingRule(i), true
		}
	}
	if s == "NoEnteringKing" {
		return RuleNone, true
	}
	return RuleNone, false
}

// DeclarationResult is what a declaration by the side to move would give.
type DeclarationResult int

const (
	DeclLose DeclarationResult = iota // conditions not met: the declarer loses
	DeclWin
	DeclDraw // the 24-point rule's 24..30 band
)

func (d DeclarationResult) String() string { return [...]string{"lose", "win", "draw"}[d] }

// declarationPoints: rooks and bishops (promoted or not) 5, others 1, king 0.
func declarationPoints(pt PieceType) int {
	switch pt.Unpromoted() {
	case Bishop, Rook:
		return 5
	case King:
		return 0
	}
	return 1
}

// handicapDeficit is d = 56 − (points of every piece, kings counting 1).
func (p *Position) handicapDeficit() int {
	total := 0
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			if pc.Type() == King {
				total++
			} else {
				total += declarationPoints(pc.Type())
			}
		}
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			total += p.hands[c].Count(pt) * declarationPoints(pt)
		}
	}
	return 56 - total
}

// DeclarationPoints returns the side to move's points and its non-king
// pieces inside the enemy camp (hand pieces count in points only).
func (p *Position) DeclarationPoints() (points, piecesInCamp int) {
	us := p.side
	camp := p.byColor[us].And(promoZone[us]).AndNot(p.byType[King])
	piecesInCamp = camp.Count()
	for camp.NonZero() {
		points += declarationPoints(p.board[camp.Pop()].Type())
	}
	for pt := Pawn; pt <= Gold; pt++ {
		points += p.hands[us].Count(pt) * declarationPoints(pt)
	}
	return points, piecesInCamp
}

// Declaration judges a declaration by the side to move under rule. For
// RuleTry it reports DeclWin when the try move (TryMove) is available.
func (p *Position) Declaration(rule EnteringKingRule) DeclarationResult {
	us := p.side
	k := p.kingSq[us]
	switch rule {
	case RuleNone:
		return DeclLose
	case RuleTry:
		if p.TryMove() != MoveNone {
			return DeclWin
		}
		return DeclLose
	}
	if k == NoSquare || !promoZone[us].Has(k) || p.InCheck() {
		return DeclLose
	}
	points, inCamp := p.DeclarationPoints()
	if inCamp < 10 {
		return DeclLose
	}
	need := 28
	if us == White {
		need = 27
	}
	if rule == RuleCSA24 || rule == RuleCSA24H {
		need = 31
	}
	if us == White && (rule == RuleCSA27H || rule == RuleCSA24H) {
		need -= p.handicapDeficit()
	}
	switch {
	case points >= need:
		return DeclWin
	case rule == RuleCSA24 && points >= 24:
		return DeclDraw
	}
	return DeclLose
}

// TryMove returns the legal king move onto the enemy king's start square
// (5a for Black, 5i for White), or MoveNone.
func (p *Position) TryMove() Move {
	us := p.side
	k := p.kingSq[us]
	goal := NewSquare(5, 1)
	if us == White {
		goal = NewSquare(5, 9)
	}
	if k == NoSquare || !stepAttacks[us][King][k].Has(goal) || p.byColor[us].Has(goal) {
		return MoveNone
	}
	if p.Attacked(us.Opp(), goal, p.occupied.Xor(squareBB[k])) {
		return MoveNone
	}
	return NewBoardMove(k, goal, false, NewPiece(us, King))
}

// DeclarationMove is what an engine plays to claim a declaration win:
// MoveWin under the point rules, the king move under the try rule, or
// MoveNone when the side to move cannot win by declaring.
func (p *Position) DeclarationMove(rule EnteringKingRule) Move {
	if rule == RuleTry {
		return p.TryMove()
	}
	if p.Declaration(rule) == DeclWin {
		return MoveWin
	}
	return MoveNone
}

// MatingMove returns a move that checkmates at once (trying every check),
// or MoveNone. A pawn-drop mate is never returned (it is illegal).
func (p *Position) MatingMove() Move {
	var ml MoveList
	p.generate(&ml, true, true, true)
	for _, m := range ml.Moves[:ml.N] {
		if !p.GivesCheck(m) {
			continue
		}
		p.DoMove(m)
		mated := !p.HasLegalMove()
		p.UndoMove()
		if mated {
			return m
		}
	}
	return MoveNone
}

// GameResult is an adjudicated game state.
type GameResult int

const (
	GameOngoing    GameResult = iota
	GameCheckmated            // side to move has no legal move: it loses
	GameRepetitionDraw
	GameRepetitionWin  // side to move wins (the opponent checked perpetually)
	GameRepetitionLose // side to move loses (it checked perpetually)
	GameMaxMovesDraw
)

func (g GameResult) String() string {
	return [...]string{"ongoing", "checkmated", "repetition-draw", "repetition-win", "repetition-lose", "max-moves-draw"}[g]
}

// Adjudicate returns the game state: checkmate first, then a completed
// fourfold repetition (perpetual check before the move limit), then the
// move limit maxMoves (0 = none): when maxMoves moves have been played the
// game is drawn.
func (p *Position) Adjudicate(maxMoves int) GameResult {
	if !p.HasLegalMove() {
		return GameCheckmated
	}
	switch p.Repetition() {
	case RepDraw:
		if maxMoves > 0 && p.Ply() > maxMoves {
			return GameMaxMovesDraw
		}
		return GameRepetitionDraw
	case RepWin:
		return GameRepetitionWin
	case RepLose:
		return GameRepetitionLose
	}
	if maxMoves > 0 && p.Ply() > maxMoves {
		return GameMaxMovesDraw
	}
	return GameOngoing
}
