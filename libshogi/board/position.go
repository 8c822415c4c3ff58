package board

// Position is a shogi position with the history needed for undo and for the
// repetition rules. It is not safe for concurrent mutation; Clone it to give
// another goroutine its own copy.
type Position struct {
	board    [NumSquares]Piece
	byType   [NumPieceTypes]Bitboard
	byColor  [2]Bitboard
	occupied Bitboard
	hands    [2]Hand
	kingSq   [2]Square
	side     Color
	startPly int         // move number of the position the object was set up with
	states   []stateInfo // states[0] describes the set-up position

	perftLists []MoveList // scratch move lists for Perft, one per ply

	// keyPending: states[0].key and states[0].checkers are not computed
	// yet. SetPieces leaves the set-up key and checkers to the first DoMove
	// (a loop that sets record after record and reads only the board never
	// pays for them); until then the history is that one state, and reads
	// compute them without storing, so that reading one Position from
	// several goroutines stays safe.
	keyPending bool
}

// stateInfo is what DoMove computes and UndoMove needs.
type stateInfo struct {
	key      uint64
	move     Move
	captured Piece
	checkers Bitboard
	// checkRun[c] counts c's consecutive checking moves ending at this ply.
	checkRun [2]int32
}

// initialStateCap is small: most positions are parsed, looked at and dropped;
// a game or a search grows the slice (amortised) and keeps it.
const initialStateCap = 16

func newEmptyPosition() *Position {
	p := &Position{kingSq: [2]Square{NoSquare, NoSquare}, startPly: 1}
	p.states = make([]stateInfo, 1, initialStateCap)
	return p
}

// Clone returns an independent copy, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.perftLists = nil
	q.states = make([]stateInfo, len(p.states), max(cap(p.states), initialStateCap))
	copy(q.states, p.states)
	return &q
}

// Set makes p a copy of o, reusing p's history buffer.
func (p *Position) Set(o *Position) {
	states, lists := p.states[:0], p.perftLists
	*p = *o
	p.states = append(states, o.states...)
	p.perftLists = lists
}

func (p *Position) st() *stateInfo { return &p.states[len(p.states)-1] }

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Ply is the SFEN move number: 1 at the start of a game, +1 per move.
func (p *Position) Ply() int { return p.startPly + len(p.states) - 1 }

// GamePlyFromRoot is the number of moves done on this object since it was set up.
func (p *Position) GamePlyFromRoot() int { return len(p.states) - 1 }

// PieceOn returns the piece on s (NoPiece when empty).
func (p *Position) PieceOn(s Square) Piece { return p.board[s] }

// Squares returns a copy of the board, indexed by square.
func (p *Position) Squares() [NumSquares]Piece { return p.board }

// Hand returns c's pieces in hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// KingSquare is c's king square, or NoSquare when c has no king.
func (p *Position) KingSquare(c Color) Square { return p.kingSq[c] }

// Occupied is every occupied square.
func (p *Position) Occupied() Bitboard { return p.occupied }

// ColorBB is every square holding a piece of c.
func (p *Position) ColorBB(c Color) Bitboard { return p.byColor[c] }

// TypeBB is every square holding a piece of type pt, either colour.
func (p *Position) TypeBB(pt PieceType) Bitboard { return p.byType[pt] }

// PiecesOf is every square holding c's pieces of type pt.
func (p *Position) PiecesOf(c Color, pt PieceType) Bitboard {
	return p.byType[pt].And(p.byColor[c])
}

// Key is the Zobrist key of board, both hands and side to move.
func (p *Position) Key() uint64 {
	if p.keyPending {
		return p.computeKey()
	}
	return p.st().key
}

// fillKey stores a pending set-up key and checkers (mutations only; see
// keyPending).
func (p *Position) fillKey() {
	p.states[0].key = p.computeKey()
	p.states[0].checkers = p.computeCheckers()
	p.keyPending = false
}

// checkers are the pieces giving check to the side to move (computed
// while the set-up state is pending).
func (p *Position) checkers() Bitboard {
	if p.keyPending {
		return p.computeCheckers()
	}
	return p.st().checkers
}

// Checkers are the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers() }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers().NonZero() }

// LastMove is the move that led here (MoveNone at the set-up position).
func (p *Position) LastMove() Move { return p.st().move }

// CapturedPiece is the piece the last move captured (NoPiece if none).
func (p *Position) CapturedPiece() Piece { return p.st().captured }

func (p *Position) putPiece(pc Piece, s Square) {
	p.board[s] = pc
	p.byType[pc.Type()].Set(s)
	p.byColor[pc.Color()].Set(s)
	p.occupied.Set(s)
	if pc.Type() == King {
		p.kingSq[pc.Color()] = s
	}
}

func (p *Position) removePiece(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.byType[pc.Type()].Clear(s)
	p.byColor[pc.Color()].Clear(s)
	p.occupied.Clear(s)
}

// golds is every gold-moving piece of c (gold and the four promoted minors).
func (p *Position) golds(c Color) Bitboard {
	b := p.byType[Gold].Or(p.byType[ProPawn]).Or(p.byType[ProLance]).Or(p.byType[ProKnight]).Or(p.byType[ProSilver])
	return b.And(p.byColor[c])
}

// AttackersTo returns c's pieces attacking s when the board has occupancy occ.
func (p *Position) AttackersTo(c Color, s Square, occ Bitboard) Bitboard {
	o := c.Opp() // a c-piece on x attacks s iff an o-piece on s would attack x (step pieces)
	b := stepAttacks[o][Pawn][s].And(p.byType[Pawn])
	b = b.Or(stepAttacks[o][Knight][s].And(p.byType[Knight]))
	b = b.Or(stepAttacks[o][Silver][s].And(p.byType[Silver]))
	b = b.Or(stepAttacks[o][Gold][s].And(p.golds(c)))
	b = b.Or(stepAttacks[o][King][s].And(p.byType[King]))
	b = b.Or(stepAttacks[o][Horse][s].And(p.byType[Horse]))
	b = b.Or(stepAttacks[o][Dragon][s].And(p.byType[Dragon]))
	own := p.byColor[c]
	// Slider lookups only when a slider of c stands on a line through s.
	if lances := p.byType[Lance].And(own); lanceEmpty[o][s].Intersects(lances) {
		b = b.Or(LanceAttacks(o, s, occ).And(lances))
	}
	if bishops := p.byType[Bishop].Or(p.byType[Horse]).And(own); bishopEmpty[s].Intersects(bishops) {
		b = b.Or(BishopAttacks(s, occ).And(bishops))
	}
	if rooks := p.byType[Rook].Or(p.byType[Dragon]).And(own); rookEmpty[s].Intersects(rooks) {
		b = b.Or(RookAttacks(s, occ).And(rooks))
	}
	return b.And(own)
}

// mayAttackBy is false when no piece of c (own: c's squares, t: the
// squares by piece type) can attack s whatever stands between: none on a
// step or knight square next to s, no slider on a line through s. Around
// a king that is the usual answer (a record's kings, the squares a king
// may move to), and it is a few ANDs where Attacked and AttackersTo look
// up every piece type.
func mayAttackBy(t *[NumPieceTypes]Bitboard, own Bitboard, c Color, s Square) bool {
	o := c.Opp()
	near := stepAttacks[o][King][s].Or(stepAttacks[o][Knight][s])
	rooks := t[Rook].Or(t[Dragon]).Or(t[Lance])
	bishops := t[Bishop].Or(t[Horse])
	return near.Or(rookEmpty[s].And(rooks)).Or(bishopEmpty[s].And(bishops)).Intersects(own)
}

// mayAttack is mayAttackBy on p.
func (p *Position) mayAttack(c Color, s Square) bool {
	return mayAttackBy(&p.byType, p.byColor[c], c, s)
}

// Attacked reports whether c attacks s with occupancy occ. It tests the
// cheap step attackers first and returns at the first hit.
func (p *Position) Attacked(c Color, s Square, occ Bitboard) bool {
	return attackedBy(&p.byType, p.byColor[c], c, s, occ)
}

// attackedBy is Attacked on a position's bitboards (t: the squares by
// piece type, own: c's squares), which SetPieces tests before it writes
// them to the position.
func attackedBy(t *[NumPieceTypes]Bitboard, own Bitboard, c Color, s Square, occ Bitboard) bool {
	o := c.Opp()
	golds := t[Gold].Or(t[ProPawn]).Or(t[ProLance]).Or(t[ProKnight]).Or(t[ProSilver]).And(own)
	if stepAttacks[o][Gold][s].Intersects(golds) ||
		stepAttacks[o][Silver][s].Intersects(own.And(t[Silver])) ||
		stepAttacks[o][Pawn][s].Intersects(own.And(t[Pawn])) ||
		stepAttacks[o][Knight][s].Intersects(own.And(t[Knight])) ||
		stepAttacks[o][King][s].Intersects(own.And(t[King].Or(t[Horse]).Or(t[Dragon]))) {
		return true
	}
	// The step test above counted horses and dragons as king-movers; their
	// slides are covered below.
	rooks := own.And(t[Rook].Or(t[Dragon]))
	if rookEmpty[s].Intersects(rooks) && RookAttacks(s, occ).Intersects(rooks) {
		return true
	}
	bishops := own.And(t[Bishop].Or(t[Horse]))
	if bishopEmpty[s].Intersects(bishops) && BishopAttacks(s, occ).Intersects(bishops) {
		return true
	}
	lances := own.And(t[Lance])
	return lanceEmpty[o][s].Intersects(lances) && LanceAttacks(o, s, occ).Intersects(lances)
}

func (p *Position) computeCheckers() Bitboard {
	k := p.kingSq[p.side]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.AttackersTo(p.side.Opp(), k, p.occupied)
}

// checkersAfter finds the checkers of the side to move right after our move
// m: the moved (or dropped) piece itself, and for a board move a slider
// uncovered on a line from the king through the vacated square.
func (p *Position) checkersAfter(m Move, to Square) Bitboard {
	k := p.kingSq[p.side]
	if k == NoSquare {
		return Bitboard{}
	}
	us := p.side.Opp()
	occ := p.occupied
	var chk Bitboard
	if attacksSquare(p.board[to], to, k, occ) {
		chk = squareBB[to]
	}
	if m.IsDrop() {
		return chk
	}
	from := m.From()
	if lineBB[k][from].IsZero() {
		return chk
	}
	// Sliders of ours on the line through k and from, beyond from.
	own := p.byColor[us]
	var sliders Bitboard
	if rookEmpty[k].Has(from) {
		sliders = p.byType[Rook].Or(p.byType[Dragon])
		if lanceEmpty[p.side][k].Has(from) {
			sliders = sliders.Or(p.byType[Lance])
		}
		sliders = sliders.And(own).And(lineBB[k][from])
		if sliders.NonZero() {
			sliders = RookAttacks(k, occ).And(sliders)
		}
	} else {
		sliders = p.byType[Bishop].Or(p.byType[Horse]).And(own).And(lineBB[k][from])
		if sliders.NonZero() {
			sliders = BishopAttacks(k, occ).And(sliders)
		}
	}
	// Keep only the slider beyond from: the other side of the king did not change.
	for sliders.NonZero() {
		if c := sliders.Pop(); between[k][c].Has(from) {
			chk.Set(c)
		}
	}
	return chk
}

// computeKey builds the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobPiece[pc][s]
		}
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Gold; pt++ {
			k ^= zobHand[c][pt][p.hands[c].Count(pt)]
		}
	}
	if p.side == White {
		k ^= zobSide
	}
	return k
}

// ComputeKey is the key recomputed from scratch (for tests of the incremental key).
func (p *Position) ComputeKey() uint64 { return p.computeKey() }

// DoMove plays a legal move. Playing an illegal move corrupts the position.
func (p *Position) DoMove(m Move) {
	if p.keyPending {
		p.fillKey()
	}
	prev := p.st()
	key := p.KeyAfter(m)
	us := p.side
	var captured Piece
	to := m.To()
	if m.IsDrop() {
		pt := m.DropType()
		p.hands[us] = p.hands[us].Sub(pt)
		p.putPiece(NewPiece(us, pt), to)
	} else {
		from := m.From()
		pc := p.board[from]
		captured = p.board[to]
		if captured != NoPiece {
			p.removePiece(to)
			p.hands[us] = p.hands[us].Add(captured.Type().Unpromoted())
			if captured.Type() == King {
				p.kingSq[captured.Color()] = NoSquare
			}
		}
		p.removePiece(from)
		if m.IsPromotion() {
			pc |= promoteFlag
		}
		p.putPiece(pc, to)
	}
	p.side = us.Opp()
	run := prev.checkRun // read before pushState: it may move the slice
	st := p.pushState()
	// Field by field: a composite literal is built on the stack and copied
	// with 16-byte loads that cannot forward from its narrower stores (a
	// stall that took a third of DoMove).
	st.key, st.move, st.captured = key, m, captured
	st.checkers = p.checkersAfter(m, to)
	st.checkRun = run
	if st.checkers.NonZero() {
		st.checkRun[us]++
	} else {
		st.checkRun[us] = 0
	}
}

// pushState appends a state whose fields the caller sets (all of them).
func (p *Position) pushState() *stateInfo {
	n := len(p.states)
	if n == cap(p.states) {
		p.states = append(p.states, stateInfo{})
	} else {
		p.states = p.states[:n+1]
	}
	return &p.states[n]
}

// KeyAfter returns the Zobrist key of the position after the legal move m
// without playing it (a search prefetches its table entry with it before
// making the move). DoMove takes its key from here.
func (p *Position) KeyAfter(m Move) uint64 {
	key := p.Key() ^ zobSide
	us := p.side
	to := m.To()
	if m.IsDrop() {
		pt := m.DropType()
		n := p.hands[us].Count(pt)
		return key ^ zobHand[us][pt][n] ^ zobHand[us][pt][n-1] ^ zobPiece[NewPiece(us, pt)][to]
	}
	from := m.From()
	pc := p.board[from]
	if c := p.board[to]; c != NoPiece {
		ht := c.Type().Unpromoted()
		n := p.hands[us].Count(ht)
		key ^= zobPiece[c][to] ^ zobHand[us][ht][n] ^ zobHand[us][ht][n+1]
	}
	key ^= zobPiece[pc][from]
	if m.IsPromotion() {
		pc |= promoteFlag
	}
	return key ^ zobPiece[pc][to]
}

// UndoMove takes back the last DoMove.
func (p *Position) UndoMove() {
	st := p.st()
	m := st.move
	them := p.side
	us := them.Opp()
	to := m.To()
	if m.IsDrop() {
		p.removePiece(to)
		p.hands[us] = p.hands[us].Add(m.DropType())
	} else {
		from := m.From()
		pc := p.board[to]
		p.removePiece(to)
		if m.IsPromotion() {
			pc &^= promoteFlag
		}
		p.putPiece(pc, from)
		if c := st.captured; c != NoPiece {
			p.putPiece(c, to)
			p.hands[us] = p.hands[us].Sub(c.Type().Unpromoted())
		}
	}
	p.side = us
	p.states = p.states[:len(p.states)-1]
}

// DoNullMove passes the turn (search only; not legal in check).
func (p *Position) DoNullMove() {
	if p.keyPending {
		p.fillKey()
	}
	prev := p.st()
	key, run := prev.key^zobSide, prev.checkRun
	st := p.pushState()
	st.key, st.move, st.captured, st.checkers, st.checkRun = key, MoveNull, NoPiece, Bitboard{}, run
	p.side = p.side.Opp()
	p.st().checkers = p.computeCheckers()
}

// UndoNullMove takes back DoNullMove.
func (p *Position) UndoNullMove() {
	p.states = p.states[:len(p.states)-1]
	p.side = p.side.Opp()
}
