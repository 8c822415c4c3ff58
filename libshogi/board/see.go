package board

// PieceValue is the material value of each type, used by static exchange
// evaluation and move ordering.
var PieceValue = [NumPieceTypes]int{
	NoPieceType: 0, Pawn: 90, Lance: 315, Knight: 405, Silver: 495, Bishop: 855, Rook: 990,
	Gold: 540, King: 15000, ProPawn: 540, ProLance: 540, ProKnight: 540, ProSilver: 540,
	Horse: 945, Dragon: 1395,
}

// seeOrder lists attacker types from least to most valuable.
var seeOrder = [...]PieceType{Pawn, Lance, Knight, ProPawn, ProLance, ProKnight, Silver, ProSilver, Gold, Bishop, Rook, Horse, Dragon, King}

// leastValuable returns the square and type of the least valuable piece
// in att (not empty), the next capture of an exchange.
func (p *Position) leastValuable(att Bitboard) (Square, PieceType) {
	for _, t := range seeOrder {
		if b := att.And(p.byType[t]); b.NonZero() {
			return b.First(), t
		}
	}
	return NoSquare, NoPieceType
}

// SEE is the material balance of the exchange that m starts on its
// destination square, for the side making m, assuming both sides always
// recapture with their least valuable piece and may stop at any time.
func (p *Position) SEE(m Move) int {
	to := m.To()
	us := p.side
	var gain [40]int
	var moved PieceType
	occ := p.occupied
	if m.IsDrop() {
		moved = m.DropType()
		gain[0] = 0
		occ.Set(to)
	} else {
		from := m.From()
		moved = p.board[from].Type()
		gain[0] = PieceValue[p.board[to].Type()]
		if m.IsPromotion() {
			gain[0] += PieceValue[moved.Promoted()] - PieceValue[moved]
			moved = moved.Promoted()
		}
		occ.Clear(from)
	}
	side := us.Opp()
	d := 0
	// attackers are recomputed from occ each round so that x-rays through
	// removed pieces join in.
	for {
		att := p.AttackersTo(side, to, occ).And(occ)
		if att.IsZero() {
			break
		}
		from, pt := p.leastValuable(att)
		if pt == King && p.AttackersTo(side.Opp(), to, occ.AndNot(squareBB[from])).And(occ).NonZero() {
			break // the king cannot capture into a defended square
		}
		d++
		if d >= len(gain) {
			break
		}
		gain[d] = PieceValue[moved] - gain[d-1]
		moved = pt
		occ.Clear(from)
		side = side.Opp()
	}
	for d > 0 {
		if -gain[d] < gain[d-1] {
			gain[d-1] = -gain[d]
		}
		d--
	}
	return gain[0]
}

// SEEGE reports whether SEE(m) >= threshold, with the exchange SEE plays,
// cut short once its outcome is known: the search asks it of most moves it
// tries, and most are settled by the values of the first two pieces alone.
// swap is, after each capture, how far the side that captured stands above
// the threshold (the other side's view negated) if the exchange stopped
// there less the piece just put en prise; res is whether the side that
// made m reaches the threshold when the exchange stops at this point.
func (p *Position) SEEGE(m Move, threshold int) bool {
	to := m.To()
	occ := p.occupied
	var moved PieceType
	swap := -threshold
	if m.IsDrop() {
		moved = m.DropType()
		occ.Set(to)
	} else {
		from := m.From()
		moved = p.board[from].Type()
		swap += PieceValue[p.board[to].Type()]
		if m.IsPromotion() {
			swap += PieceValue[moved.Promoted()] - PieceValue[moved]
			moved = moved.Promoted()
		}
		occ.Clear(from)
	}
	if swap < 0 { // below the threshold even if nothing recaptures
		return false
	}
	if swap = PieceValue[moved] - swap; swap <= 0 { // at it even if the piece is lost
		return true
	}
	// The other side's attackers first: with none (a quiet move to a
	// square it does not attack, the usual case) ours are not needed.
	attackers := p.AttackersTo(p.side.Opp(), to, occ).And(occ)
	if attackers.IsZero() {
		return true
	}
	attackers = attackers.Or(p.AttackersTo(p.side, to, occ))
	side := p.side
	res := true
	for {
		side = side.Opp()
		att := attackers.And(occ).And(p.byColor[side])
		if att.IsZero() {
			break
		}
		from, pt := p.leastValuable(att)
		if pt == King && p.AttackersTo(side.Opp(), to, occ.AndNot(squareBB[from])).And(occ).NonZero() {
			break // the king cannot capture into a defended square
		}
		res = !res
		swap = PieceValue[pt] - swap
		if swap < 0 || swap == 0 && res {
			break
		}
		occ.Clear(from)
		attackers = attackers.Or(p.xrayAttackers(to, from, occ))
	}
	return res
}

// xrayAttackers returns the sliders of both colours whose line to to runs
// through from (a piece just taken off: occ no longer holds it).
func (p *Position) xrayAttackers(to, from Square, occ Bitboard) Bitboard {
	switch {
	case bishopEmpty[to].Has(from):
		return BishopAttacks(to, occ).And(p.byType[Bishop].Or(p.byType[Horse]))
	case rookEmpty[to].Has(from):
		x := RookAttacks(to, occ).And(p.byType[Rook].Or(p.byType[Dragon]))
		if lanceEmpty[White][to].Has(from) {
			x = x.Or(LanceAttacks(White, to, occ).And(p.byType[Lance]).And(p.byColor[Black]))
		} else if lanceEmpty[Black][to].Has(from) {
			x = x.Or(LanceAttacks(Black, to, occ).And(p.byType[Lance]).And(p.byColor[White]))
		}
		return x
	}
	return Bitboard{}
}
