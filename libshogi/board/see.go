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
		var from Square = NoSquare
		var pt PieceType
		for _, t := range seeOrder {
			b := att.And(p.byType[t])
			if b.NonZero() {
				from, pt = b.First(), t
				break
			}
		}
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

// SEEGE reports whether SEE(m) >= threshold.
func (p *Position) SEEGE(m Move, threshold int) bool { return p.SEE(m) >= threshold }
