package board

import "math/bits"

// MaxMoves bounds the legal moves of any position (the known maximum is 593).
const MaxMoves = 1024

// MoveList is a fixed-size move buffer, so generation allocates nothing.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Slice returns the generated moves.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}

// GenMode selects which legal moves Generate produces.
type GenMode int

const (
	// GenAll is every legal move, useless non-promotions included (what perft counts).
	GenAll GenMode = iota
	// GenNoUseless drops pawn/bishop/rook non-promotions where promotion is
	// possible and lance non-promotions to the second rank.
	GenNoUseless
	// GenCaptures is captures plus pawn promotions (no useless non-promotions).
	GenCaptures
	// GenQuiets is the rest of GenNoUseless: GenCaptures ∪ GenQuiets = GenNoUseless.
	GenQuiets
	// GenEvasions is GenNoUseless when in check (nothing otherwise).
	GenEvasions
	// GenChecks is the legal moves of GenNoUseless that give check.
	GenChecks
)

// GenerateLegal replaces the contents of ml with every legal move
// (Generate with GenAll), useless non-promotions included.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.N = 0
	p.generate(ml, true, true, true)
}

// Generate fills ml with the legal moves of the given mode.
func (p *Position) Generate(mode GenMode, ml *MoveList) {
	ml.N = 0
	switch mode {
	case GenAll:
		p.generate(ml, true, true, true)
	case GenNoUseless:
		p.generate(ml, true, true, false)
	case GenCaptures:
		p.generate(ml, true, false, false)
	case GenQuiets:
		p.generate(ml, false, true, false)
	case GenEvasions:
		if p.InCheck() {
			p.generate(ml, true, true, false)
		}
	case GenChecks:
		p.generate(ml, true, true, false)
		n := 0
		for _, m := range ml.Moves[:ml.N] {
			if p.GivesCheck(m) {
				ml.Moves[n] = m
				n++
			}
		}
		ml.N = n
	}
}

// sliderBlockers returns the pieces (either colour) that stand alone between
// c's king and a slider of colour sniperSide aimed at it.
func (p *Position) sliderBlockers(c, sniperSide Color) Bitboard {
	return p.sliderBlockersOcc(c, sniperSide, p.occupied)
}

// sliderBlockersOcc is sliderBlockers for the occupancy occ.
func (p *Position) sliderBlockersOcc(c, sniperSide Color, occ Bitboard) Bitboard {
	k := p.kingSq[c]
	if k == NoSquare {
		return Bitboard{}
	}
	snipers := p.snipers(c, k, sniperSide)
	var blockers Bitboard
	for snipers.NonZero() {
		s := snipers.Pop()
		b := between[k][s].And(occ)
		if b.NonZero() && !b.MoreThanOne() {
			blockers = blockers.Or(b)
		}
	}
	return blockers
}

// snipers returns the sliders of sniperSide that would attack c's king on
// k on an empty board.
func (p *Position) snipers(c Color, k Square, sniperSide Color) Bitboard {
	snipers := rookEmpty[k].And(p.byType[Rook].Or(p.byType[Dragon]))
	snipers = snipers.Or(bishopEmpty[k].And(p.byType[Bishop].Or(p.byType[Horse])))
	snipers = snipers.Or(lanceEmpty[c][k].And(p.byType[Lance]))
	return snipers.And(p.byColor[sniperSide])
}

// Pinned returns c's pieces pinned to c's king.
func (p *Position) Pinned(c Color) Bitboard {
	return p.sliderBlockers(c, c.Opp()).And(p.byColor[c])
}

// isCaptureClass: captures and pawn promotions go to GenCaptures.
func isCaptureClass(capture bool, pt PieceType, promote bool) bool {
	return capture || (promote && pt == Pawn)
}

// addBoardMoves writes the promotion and non-promotion variants of
// from→to that the rules and the requested classes allow at moves[n:] and
// returns the new count (the count stays in a register across a
// generator's loops instead of a load and store per move).
func addBoardMoves(moves *[MaxMoves]Move, n int, us Color, pc Piece, from, to Square, capture, capt, quiet, useless bool) int {
	pt := pc.Type()
	base := Move(to) | Move(from)<<7 | Move(pc)<<16
	if !pt.CanPromote() || relRank[us][from] > 3 && relRank[us][to] > 3 {
		if (capt && capture) || (quiet && !capture) {
			moves[n] = base
			n++
		}
		return n
	}
	if (capt && isCaptureClass(capture, pt, true)) || (quiet && !isCaptureClass(capture, pt, true)) {
		moves[n] = base | movePromoteFlag
		n++
	}
	rr := relRank[us][to]
	allowed := true
	switch pt {
	case Pawn:
		allowed = rr > 1 && useless
	case Lance:
		allowed = rr > 2 || (rr == 2 && useless)
	case Knight:
		allowed = rr > 2
	case Bishop, Rook:
		allowed = useless
	}
	if allowed && ((capt && capture) || (quiet && !capture)) {
		moves[n] = base
		n++
	}
	return n
}

// emit writes base|s for every square s of b, in square order, at
// moves[n:] and returns the new count: each word's squares by a
// trailing-zero count and a clear of the lowest bit (Pop's branch on the
// word is paid once per word, not once per move).
func emit(moves *[MaxMoves]Move, n int, base Move, b Bitboard) int {
	for x := b.lo; x != 0; x &= x - 1 {
		moves[n] = base | Move(bits.TrailingZeros64(x))
		n++
	}
	for x := b.hi; x != 0; x &= x - 1 {
		moves[n] = base | Move(63+bits.TrailingZeros64(x))
		n++
	}
	return n
}

func (p *Position) generate(ml *MoveList, capt, quiet, useless bool) {
	moves, n := &ml.Moves, ml.N
	us := p.side
	them := us.Opp()
	ksq := p.kingSq[us]
	occ := p.occupied
	enemy := p.byColor[them]
	empty := occ.Not()
	checkers := p.checkers()

	var classMask Bitboard
	if capt {
		classMask = classMask.Or(enemy)
	}
	if quiet {
		classMask = classMask.Or(empty)
	}
	if ksq != NoSquare {
		n = p.kingMoves(moves, n, us, ksq, stepAttacks[us][King][ksq].And(classMask))
	}
	if checkers.MoreThanOne() {
		ml.N = n
		return
	}
	target := AllSquares
	dropTarget := empty
	if checkers.NonZero() {
		chk := checkers.First()
		dropTarget = between[ksq][chk]
		target = dropTarget.Or(squareBB[chk])
	}
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.Pinned(us)
	}
	// Pawns: a non-capture promotion is capture-class, so look at every
	// reachable square when either class is wanted.
	zone := promoZone[us]
	pawnMask := target.AndNot(p.byColor[us])
	pawn := NewPiece(us, Pawn)
	// Every pawn's step at once (a shift), less the steps of pinned pawns
	// off their line; the targets in square order are the pawns in square
	// order, as one pawn at a time listed them.
	pawns := p.PiecesOf(us, Pawn)
	pushes := pawnSteps(pawns, us).And(pawnMask)
	back := Square(1) // from = to + back
	if us == White {
		back = -1
	}
	for pp := pawns.And(pinned).AndNot(lastRank[us]); pp.NonZero(); { // a pawn on its last rank has no step
		from := pp.Pop()
		if to := from - back; !lineBB[ksq][from].Has(to) {
			pushes = pushes.AndNot(squareBB[to])
		}
	}
	// A step off the zone is one move if its class is wanted: those steps
	// are kept in plainSteps, so that the loop writes them with no test
	// but the zone's (the order stays the squares' order).
	plainSteps := pushes.AndNot(zone)
	if !capt {
		plainSteps = plainSteps.AndNot(enemy)
	}
	if !quiet {
		plainSteps = plainSteps.And(enemy)
	}
	// pawnStep+to*129 is the step to to: from<<7 is (to+back)<<7 (modulo
	// 2^32 for white's back of -1; to >= 1 there, so from >= 0). Word by
	// word, so that the plain test is a bit of the same word.
	pawnStep := Move(pawn)<<16 + Move(back)<<7
	if !pushes.Intersects(zone) { // the usual case: no call in the loop, n stays in a register
		for w, x := range [2]uint64{plainSteps.lo, plainSteps.hi} {
			first := Move(63 * w)
			for ; x != 0; x &= x - 1 {
				moves[n] = pawnStep + (first+Move(bits.TrailingZeros64(x)))*129
				n++
			}
		}
	} else {
		for w, x := range [2]uint64{pushes.lo, pushes.hi} {
			plainW, first := plainSteps.lo, Square(0)
			if w == 1 {
				plainW, first = plainSteps.hi, 63
			}
			for ; x != 0; x &= x - 1 {
				k := bits.TrailingZeros64(x)
				to := first + Square(k)
				if plainW>>k&1 != 0 {
					moves[n] = pawnStep + Move(to)*129
					n++
				} else if zone.Has(to) {
					n = addBoardMoves(moves, n, us, pawn, to+back, to, enemy.Has(to), capt, quiet, useless)
				}
			}
		}
	}
	boardMask := target.And(classMask)
	own := p.byColor[us]
	// Step pieces that never promote: golds and the promoted minors.
	golds := p.golds(us)
	for golds.NonZero() {
		from := golds.Pop()
		att := stepAttacks[us][Gold][from].And(boardMask)
		if pinned.Has(from) {
			att = att.And(lineBB[ksq][from])
		}
		n = emit(moves, n, Move(from)<<7|Move(p.board[from])<<16, att)
	}
	n = p.pieceMoves(moves, n, &pieceGen{us: us, ksq: ksq, capt: capt, quiet: quiet, useless: useless,
		own: own, occ: occ, boardMask: boardMask, pinned: pinned, zone: zone, enemy: enemy})
	if quiet {
		n = p.generateDrops(moves, n, us, dropTarget)
	}
	ml.N = n
}

// kingMoves writes the king's moves to the squares of targets that them
// does not attack at moves[n:]. mayAttack's filter comes first (most
// king squares are out of reach), its masks of them's pieces made once
// for all the targets.
func (p *Position) kingMoves(moves *[MaxMoves]Move, n int, us Color, ksq Square, targets Bitboard) int {
	them := us.Opp()
	enemy := p.byColor[them]
	rooks := p.byType[Rook].Or(p.byType[Dragon]).Or(p.byType[Lance]).And(enemy)
	bishops := p.byType[Bishop].Or(p.byType[Horse]).And(enemy)
	occNoKing := p.occupied.Xor(squareBB[ksq])
	base := Move(ksq)<<7 | Move(NewPiece(us, King))<<16
	for targets.NonZero() {
		to := targets.Pop()
		// mayAttack(them, to), with the masks above
		near := stepAttacks[us][King][to].Or(stepAttacks[us][Knight][to]).And(enemy)
		if near.Or(rookEmpty[to].And(rooks)).Or(bishopEmpty[to].And(bishops)).IsZero() || !p.Attacked(them, to, occNoKing) {
			moves[n] = base | Move(to)
			n++
		}
	}
	return n
}

// pieceGen is what pieceMoves needs of generate's state (its own
// function: generate's registers no longer hold the loop's values).
type pieceGen struct {
	us                          Color
	ksq                         Square
	capt, quiet, useless        bool
	own, occ, boardMask, pinned Bitboard
	zone, enemy                 Bitboard
}

// pieceMoves writes the moves of the silvers, knights, lances, bishops,
// rooks, horses and dragons, type by type, at moves[n:].
func (p *Position) pieceMoves(moves *[MaxMoves]Move, n int, g *pieceGen) int {
	for _, pt := range [...]PieceType{Silver, Knight, Lance, Bishop, Rook, Horse, Dragon} {
		pieces := p.byType[pt].And(g.own)
		if pieces.IsZero() {
			continue
		}
		pc := NewPiece(g.us, pt)
		pcBits, promotes := Move(pc)<<16, pt.CanPromote()
		for pieces.NonZero() {
			from := pieces.Pop()
			// The loop already knows the type: switching here instead of
			// calling Attacks (which switches again) is 6% faster in perft.
			// A slider whose lines on an empty board miss every wanted
			// square is skipped before its attacks are computed (in
			// check, most of them: only the checker's square and the
			// squares between count).
			var att Bitboard
			switch pt {
			case Silver, Knight:
				att = stepAttacks[g.us][pt][from]
			case Lance:
				if !lanceEmpty[g.us][from].Intersects(g.boardMask) {
					continue
				}
				att = LanceAttacks(g.us, from, g.occ)
			case Bishop:
				if !bishopEmpty[from].Intersects(g.boardMask) {
					continue
				}
				att = BishopAttacks(from, g.occ)
			case Rook:
				if !rookEmpty[from].Intersects(g.boardMask) {
					continue
				}
				att = RookAttacks(from, g.occ)
			case Horse:
				att = stepAttacks[Black][Horse][from]
				if bishopEmpty[from].Intersects(g.boardMask) {
					att = att.Or(BishopAttacks(from, g.occ))
				}
			case Dragon:
				att = stepAttacks[Black][Dragon][from]
				if rookEmpty[from].Intersects(g.boardMask) {
					att = att.Or(RookAttacks(from, g.occ))
				}
			}
			att = att.And(g.boardMask)
			if g.pinned.Has(from) {
				att = att.And(lineBB[g.ksq][from])
			}
			base := Move(from)<<7 | pcBits
			// Moves that cannot promote need no per-move rule checks: the
			// class filter is already in boardMask.
			if !promotes {
				n = emit(moves, n, base, att)
				continue
			}
			var plain Bitboard
			if !g.zone.Has(from) {
				plain = att.AndNot(g.zone)
			}
			n = emit(moves, n, base, plain)
			if rest := att.AndNot(plain); rest.NonZero() {
				n = g.zoneMoves(moves, n, pc, from, rest)
			}
		}
	}
	return n
}

// zoneMoves writes the moves of pc from from to the squares of rest, each
// with the variants addBoardMoves allows (the moves that may promote).
func (g *pieceGen) zoneMoves(moves *[MaxMoves]Move, n int, pc Piece, from Square, rest Bitboard) int {
	for rest.NonZero() {
		to := rest.Pop()
		n = addBoardMoves(moves, n, g.us, pc, from, to, g.enemy.Has(to), g.capt, g.quiet, g.useless)
	}
	return n
}

// pawnSteps is the square in front of each of us's pawns in b (towards
// the opponent: a square index down for black, up for white). A file's
// ranks are consecutive bits of one word, and a pawn on its last rank
// (only where dead pieces are allowed) has no step, so none leaves its
// file; square 62/63 is where the two words meet.
func pawnSteps(b Bitboard, us Color) Bitboard {
	b = b.AndNot(lastRank[us])
	if us == Black {
		return Bitboard{b.lo>>1 | (b.hi&1)<<62, b.hi >> 1}
	}
	return Bitboard{b.lo << 1 & (1<<63 - 1), b.hi<<1 | b.lo>>62&1}
}

func (p *Position) generateDrops(moves *[MaxMoves]Move, n int, us Color, target Bitboard) int {
	h := p.hands[us]
	if h.Empty() || target.IsZero() {
		return n
	}
	for pt := Pawn; pt <= Gold; pt++ {
		if !h.Has(pt) {
			continue
		}
		t := target
		switch pt {
		case Pawn:
			t = t.AndNot(lastRank[us])
			for pawns := p.PiecesOf(us, Pawn); pawns.NonZero(); {
				t = t.AndNot(fileBB[pawns.Pop().File()])
			}
		case Lance:
			t = t.AndNot(lastRank[us])
		case Knight:
			t = t.AndNot(lastTwoRanks[us])
		}
		pc := NewPiece(us, pt)
		base := Move(pt)<<7 | moveDropFlag | Move(pc)<<16
		if pt == Pawn {
			// Only the square in front of the enemy king can be a pawn-drop mate.
			if ek := p.kingSq[us.Opp()]; ek != NoSquare {
				front := stepAttacks[us.Opp()][Pawn][ek]
				if front.Intersects(t) && p.isPawnDropMate(us, front.First()) {
					t = t.AndNot(front)
				}
			}
		}
		n = emit(moves, n, base, t)
	}
	return n
}

// isPawnDropMate reports whether us dropping a pawn on to mates (uchifuzume).
// It does not touch the position (concurrent readers are safe): the pawn
// only enters through the occupancy, since its own attack is the king's
// square itself and it cannot be anyone's pinned piece.
func (p *Position) isPawnDropMate(us Color, to Square) bool {
	them := us.Opp()
	ek := p.kingSq[them]
	occ := p.occupied.Or(squareBB[to])
	// King escapes (capturing the pawn included when nothing protects it).
	occNoKing := occ.Xor(squareBB[ek])
	for esc := stepAttacks[them][King][ek].AndNot(p.byColor[them]); esc.NonZero(); {
		if !p.Attacked(us, esc.Pop(), occNoKing) {
			return false
		}
	}
	// Another piece captures the pawn, if that capture is itself legal.
	capturers := p.AttackersTo(them, to, occ).AndNot(squareBB[ek])
	if capturers.IsZero() {
		return true
	}
	pinned := p.sliderBlockersOcc(them, us, occ).And(p.byColor[them])
	for capturers.NonZero() {
		c := capturers.Pop()
		if !pinned.Has(c) || lineBB[ek][c].Has(to) {
			return false
		}
	}
	return true
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.generate(&ml, true, true, true)
	return ml.N > 0
}

// GivesCheck reports whether the legal move m checks the opponent. The
// search asks it of every move it tries: the piece's reach is tested square
// to square (attacksSquare) and the slider-blocker scan runs only for a
// piece that leaves a line through the king.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ek := p.kingSq[us.Opp()]
	if ek == NoSquare {
		return false
	}
	to := m.To()
	if m.IsDrop() {
		return attacksSquare(NewPiece(us, m.DropType()), to, ek, p.occupied)
	}
	from := m.From()
	pc := p.board[from]
	if m.IsPromotion() {
		pc |= promoteFlag
	}
	occ := p.occupied.AndNot(squareBB[from])
	occ.Set(to)
	if attacksSquare(pc, to, ek, occ) {
		return true
	}
	line := lineBB[ek][from]
	return line.NonZero() && !line.Has(to) && p.discoversCheck(us, ek, from)
}

// discoversCheck reports whether the piece of us on from is the only one
// between the king on ek and a slider of us aimed at it along their line.
func (p *Position) discoversCheck(us Color, ek, from Square) bool {
	for snipers := p.snipers(us.Opp(), ek, us).And(lineBB[ek][from]); snipers.NonZero(); {
		s := snipers.Pop()
		if b := between[ek][s].And(p.occupied); b == squareBB[from] {
			return true
		}
	}
	return false
}

// IsLegal reports whether m (untrusted: any 32-bit value) is a legal move
// here. It agrees exactly with GenerateLegal; the piece bits of m are
// ignored unless set, in which case they must match. It checks the move
// directly, without generating (cheap enough for a search's TT move).
func (p *Position) IsLegal(m Move) bool {
	if m&0xffff == 0 || m>>21 != 0 {
		return false
	}
	us := p.side
	them := us.Opp()
	to := m.To()
	if to >= NumSquares {
		return false
	}
	ksq := p.kingSq[us]
	checkers := p.checkers()
	if m.IsDrop() {
		pt := m.DropType()
		if m.IsPromotion() || pt < Pawn || pt > Gold || !p.hands[us].Has(pt) || p.board[to] != NoPiece {
			return false
		}
		if pc := m.Piece(); pc != NoPiece && pc != NewPiece(us, pt) {
			return false
		}
		rr := relRank[us][to]
		switch pt {
		case Pawn:
			if rr == 1 || p.PiecesOf(us, Pawn).Intersects(fileBB[to.File()]) {
				return false
			}
		case Lance:
			if rr == 1 {
				return false
			}
		case Knight:
			if rr <= 2 {
				return false
			}
		}
		if checkers.NonZero() {
			if checkers.MoreThanOne() || !between[ksq][checkers.First()].Has(to) {
				return false
			}
		}
		if pt == Pawn {
			if ek := p.kingSq[them]; ek != NoSquare && stepAttacks[them][Pawn][ek].Has(to) && p.isPawnDropMate(us, to) {
				return false
			}
		}
		return true
	}
	from := m.From()
	if from >= NumSquares || from == to {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us || (m.Piece() != NoPiece && m.Piece() != pc) {
		return false
	}
	if p.byColor[us].Has(to) || !Attacks(pc, from, p.occupied).Has(to) {
		return false
	}
	pt := pc.Type()
	inZone := relRank[us][from] <= 3 || relRank[us][to] <= 3
	rr := relRank[us][to]
	if m.IsPromotion() {
		if !pt.CanPromote() || !inZone {
			return false
		}
	} else if (pt == Pawn || pt == Lance) && rr == 1 || pt == Knight && rr <= 2 {
		return false
	}
	if pt == King {
		return !p.Attacked(them, to, p.occupied.Xor(squareBB[from]))
	}
	if ksq == NoSquare {
		return true
	}
	if checkers.NonZero() {
		if checkers.MoreThanOne() {
			return false
		}
		chk := checkers.First()
		if to != chk && !between[ksq][chk].Has(to) {
			return false
		}
	}
	return !p.Pinned(us).Has(from) || lineBB[ksq][from].Has(to)
}

// findLegal returns the legal move equal to m with its piece bits filled,
// or MoveNone.
func (p *Position) findLegal(m Move) Move {
	if !p.IsLegal(m) {
		return MoveNone
	}
	m &= 0xffff
	if m.IsDrop() {
		return m | Move(NewPiece(p.side, m.DropType()))<<16
	}
	return m | Move(p.board[m.From()])<<16
}

// ParseMove reads USI move text and returns the legal move it names.
func (p *Position) ParseMove(usi string) (Move, error) {
	m, err := ParseUSIMoveText(usi)
	if err != nil {
		return MoveNone, err
	}
	g := p.findLegal(m)
	if g == MoveNone {
		return MoveNone, &IllegalMoveError{Move: usi, SFEN: p.SFEN()}
	}
	return g, nil
}

// MoveFromMove16 returns the legal move with YaneuraOu move16 value v.
func (p *Position) MoveFromMove16(v uint16) (Move, error) {
	g := p.findLegal(Move(v))
	if g == MoveNone {
		return MoveNone, &IllegalMoveError{Move: Move(v).USI(), SFEN: p.SFEN()}
	}
	return g, nil
}

// IllegalMoveError says a move is not legal in a position.
type IllegalMoveError struct {
	Move string
	SFEN string
}

func (e *IllegalMoveError) Error() string {
	return "illegal move " + e.Move + " in " + e.SFEN
}

// Perft counts the leaf nodes of the legal move tree, depth plies deep,
// counting the last ply in bulk. The move lists live in a buffer kept on
// the position, so repeated calls allocate nothing (and do not zero 4 KB
// per node).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if len(p.perftLists) < depth {
		p.perftLists = make([]MoveList, depth)
	}
	return p.perft(depth)
}

func (p *Position) perft(depth int) uint64 {
	ml := &p.perftLists[depth-1]
	ml.N = 0
	p.generate(ml, true, true, true)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for i := 0; i < ml.N; i++ {
		p.DoMove(ml.Moves[i])
		n += p.perft(depth - 1)
		p.UndoMove()
	}
	return n
}
