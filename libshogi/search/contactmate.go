package search

import "github.com/libshogi/libshogi/libshogi/board"

// contactDropTypes are the pieces tried as mating drops, the ones covering
// the most squares first. A pawn-drop mate is illegal.
var contactDropTypes = [...]board.PieceType{board.Rook, board.Bishop, board.Gold, board.Silver, board.Knight, board.Lance}

// contactReach[sq] is every square some piece on sq could attack on an
// empty board (a dragon's and a horse's moves together): a checker on sq
// can cover no king's escape outside it. contactLines[sq] is every square
// on a rook's or bishop's line through sq.
var contactReach, contactLines [board.NumSquares]board.Bitboard

// contactFrom[c][pt][ek] holds the squares from which a piece of colour c
// and type pt attacks, on an empty board, some square next to a king on ek.
var contactFrom [2][board.NumPieceTypes][board.NumSquares]board.Bitboard

// stepNear[c][ek] is every square from which some piece of colour c that
// is not a slider (pawn, knight, silver, gold and the promoted small
// pieces, king) attacks a square next to a king on ek on an empty board.
var stepNear [2][board.NumSquares]board.Bitboard

// dropReach[c][i][sq] is what the i-th of contactDropTypes of colour c
// attacks from sq on an empty board: a superset of what a drop there
// attacks, so a drop whose reach misses the king or an open escape is
// rejected without computing its attacks.
var dropReach [2][len(contactDropTypes)][board.NumSquares]board.Bitboard

func init() {
	var empty board.Bitboard
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		contactReach[sq] = board.Attacks(board.NewPiece(board.Black, board.Dragon), sq, empty).
			Or(board.Attacks(board.NewPiece(board.Black, board.Horse), sq, empty))
		contactLines[sq] = board.RookAttacks(sq, empty).Or(board.BishopAttacks(sq, empty))
	}
	for c := board.Black; c <= board.White; c++ {
		for i, pt := range contactDropTypes {
			for sq := board.Square(0); sq < board.NumSquares; sq++ {
				dropReach[c][i][sq] = board.Attacks(board.NewPiece(c, pt), sq, empty)
			}
		}
		for pt := board.Pawn; pt < board.NumPieceTypes; pt++ {
			for x := board.Square(0); x < board.NumSquares; x++ {
				reach := board.Attacks(board.NewPiece(c, pt), x, empty)
				for ek := board.Square(0); ek < board.NumSquares; ek++ {
					if reach.Intersects(board.StepAttacks(c, board.King, ek)) {
						contactFrom[c][pt][ek].Set(x)
						if !isSliderType(pt) {
							stepNear[c][ek].Set(x)
						}
					}
				}
			}
		}
	}
}

// isSliderType: the types whose attacks depend on the occupancy.
func isSliderType(pt board.PieceType) bool {
	switch pt {
	case board.Lance, board.Bishop, board.Rook, board.Horse, board.Dragon:
		return true
	}
	return false
}

// contactSliderTypes are the slider types, looked at type by type.
var contactSliderTypes = [...]board.PieceType{board.Lance, board.Bishop, board.Rook, board.Horse, board.Dragon}

// contactMateInOne looks for a mate in one by a contact check: a drop or a
// board move onto a square next to the enemy king, or onto a knight's check
// square. Mates by a distant check are not looked for (the search finds
// them itself). It is cheap enough for every quiescence node: the squares
// around the king that we already attack are computed once, and each
// candidate is rejected by bitboard tests (an escape its attacks leave
// open, an undefended checker next to the king, a defender that takes it)
// before any move is made. Drops are decided without making them; a board
// move that passes every test is made once to confirm. Every test rejects
// only a move that cannot mate, so no contact mate is missed.
// The side to move must not be in check.
func contactMateInOne(pos *board.Position) board.Move {
	us := pos.SideToMove()
	them := us.Opp()
	ek := pos.KingSquare(them)
	if ek == board.NoSquare {
		return board.MoveNone
	}
	around := board.StepAttacks(them, board.King, ek)
	targets := around.Or(board.StepAttacks(them, board.Knight, ek)).AndNot(pos.ColorBB(us))
	if targets.IsZero() {
		return board.MoveNone
	}
	occ := pos.Occupied()
	occNoKing := occ
	occNoKing.Clear(ek)
	// free: where the king may step; cover: the squares around it that we
	// attack now (the king taken off the board: it cannot shelter behind
	// itself), its escapes and the squares of its pieces we might take.
	free := around.AndNot(pos.ColorBB(them))
	var near nearAttacks
	cover := near.collect(pos, us, ek, occNoKing)
	open := free.AndNot(cover)
	hand := pos.Hand(us)
	// Candidate squares: next to the king only those we attack already
	// (the king takes an unguarded checker, and no piece of ours can move
	// to a square we do not attack); a knight's check square only with a
	// knight to drop there or to move there.
	knightSqs := targets.AndNot(around)
	targets = targets.And(cover)
	if knightSqs.NonZero() {
		var reach board.Bitboard
		if hand.Has(board.Knight) {
			reach = knightSqs.AndNot(occ)
		}
		for kn := pos.PiecesOf(us, board.Knight); kn.NonZero(); {
			reach = reach.Or(board.StepAttacks(us, board.Knight, kn.Pop()))
		}
		targets = targets.Or(knightSqs.And(reach))
	}
	hasDrop := false
	for _, pt := range contactDropTypes {
		if hand.Has(pt) {
			hasDrop = true
			break
		}
	}
	for t := targets; t.NonZero(); {
		sq := t.Pop()
		sqBB := board.SquareBB(sq)
		adjacent := around.Has(sq)
		// The king takes an unguarded checker; and if we do not attack sq,
		// none of our pieces can move there either.
		if adjacent && !cover.Has(sq) {
			continue
		}
		// far: the open escapes no piece on sq could attack (a knight's
		// check covers none of the king's neighbours). Only a board move
		// that opens our lines to all of them through its origin can
		// still mate.
		far := open.AndNot(sqBB)
		if adjacent {
			far = far.AndNot(contactReach[sq])
		}
		var movers board.Bitboard
		if far.NonZero() {
			origins := pos.ColorBB(us)
			for f := far; f.NonZero(); {
				origins = origins.And(contactLines[f.Pop()])
			}
			if origins.IsZero() {
				continue
			}
			movers = origins
		} else {
			movers = pos.ColorBB(us)
		}
		if hasDrop && far.IsZero() && pos.PieceOn(sq) == board.NoPiece {
			occD := occNoKing.Or(sqBB)
			for i, pt := range contactDropTypes {
				if !hand.Has(pt) {
					continue
				}
				if reach := dropReach[us][i][sq]; !reach.Has(ek) || open.AndNot(reach).AndNot(sqBB).NonZero() {
					continue
				}
				pc := board.NewPiece(us, pt)
				att := board.Attacks(pc, sq, occD)
				if !att.Has(ek) || open.AndNot(att).AndNot(sqBB).NonZero() {
					continue
				}
				if dropMates(pos, pc, sq, ek, free.And(cover).AndNot(att).AndNot(sqBB), occD) {
					return board.NewDrop(pc, sq)
				}
			}
		}
		if adjacent {
			movers = movers.And(near.attackersTo(pos, us, sq, occ)).AndNot(pos.PiecesOf(us, board.King))
		} else {
			movers = movers.And(pos.PiecesOf(us, board.Knight)).And(board.StepAttacks(them, board.Knight, sq))
		}
		for movers.NonZero() {
			if m := contactMoveMates(pos, movers.Pop(), sq, ek, adjacent, open, occ); m != board.MoveNone {
				return m
			}
		}
	}
	return board.MoveNone
}

// maxNear is how many of our pieces attacking the king's neighbours
// nearAttacks keeps (more is possible only in composed positions: then
// attackersTo asks the board).
const maxNear = 12

// nearAttacks holds, for each of our pieces that attacks a square next to
// the enemy king (the king taken off the board), the squares next to it
// that the piece attacks: a probe needs them once for the squares we
// cover, and again for the pieces that can move to each candidate square.
type nearAttacks struct {
	n    int
	full bool
	from [maxNear]board.Square
	att  [maxNear]board.Bitboard
}

// collect fills na and returns the squares next to the king on ek that the
// pieces of us attack with occupancy occ: only the pieces that could reach
// one of them on an empty board are looked at (few, near the king, and
// sliders).
func (na *nearAttacks) collect(pos *board.Position, us board.Color, ek board.Square, occ board.Bitboard) board.Bitboard {
	around := board.StepAttacks(us, board.King, ek)
	var cover board.Bitboard
	// The step pieces near the king in one pass over the few squares
	// they can attack from, the sliders type by type.
	for pcs := pos.ColorBB(us).And(stepNear[us][ek]); pcs.NonZero(); {
		sq := pcs.Pop()
		pc := pos.PieceOn(sq)
		if pt := pc.Type(); !isSliderType(pt) && contactFrom[us][pt][ek].Has(sq) {
			if a := board.Attacks(pc, sq, occ).And(around); a.NonZero() {
				cover = cover.Or(a)
				na.add(sq, a)
			}
		}
	}
	for _, pt := range contactSliderTypes {
		for pcs := pos.PiecesOf(us, pt).And(contactFrom[us][pt][ek]); pcs.NonZero(); {
			sq := pcs.Pop()
			if a := board.Attacks(board.NewPiece(us, pt), sq, occ).And(around); a.NonZero() {
				cover = cover.Or(a)
				na.add(sq, a)
			}
		}
	}
	return cover
}

func (na *nearAttacks) add(sq board.Square, a board.Bitboard) {
	if na.n == maxNear {
		na.full = true
		return
	}
	na.from[na.n], na.att[na.n] = sq, a
	na.n++
}

// attackersTo returns the pieces of us that attack sq, a square next to
// the enemy king, with the king on the board: those that collect found
// attacking it. Taking the king off adds no attacker of sq: a slider whose
// line to sq ran through the king would be giving check, and the side not
// to move is never in check. It equals pos.AttackersTo(us, sq, occ), which
// it falls back to if collect ran out of room.
func (na *nearAttacks) attackersTo(pos *board.Position, us board.Color, sq board.Square, occ board.Bitboard) board.Bitboard {
	if na.full {
		return pos.AttackersTo(us, sq, occ)
	}
	var b board.Bitboard
	for i := 0; i < na.n; i++ {
		if na.att[i].Has(sq) {
			b.Set(na.from[i])
		}
	}
	return b
}

// dropMates decides exactly whether dropping pc on sq (checking the king on
// ek, every escape outside covered already attacked before the drop) mates:
// the drop may block one of our lines to a covered escape, and a defender
// other than the king may take the piece unless that exposes its king.
// occD is the occupancy with the piece dropped and the king removed.
func dropMates(pos *board.Position, pc board.Piece, sq, ek board.Square, covered, occD board.Bitboard) bool {
	us := pc.Color()
	them := us.Opp()
	for covered.NonZero() {
		if !pos.Attacked(us, covered.Pop(), occD) {
			return false
		}
	}
	occ := occD
	occ.Set(ek)
	takers := pos.AttackersTo(them, sq, occ)
	takers.Clear(ek)
	for takers.NonZero() {
		o := occ
		o.Clear(takers.Pop())
		// The dropped piece is not on the board: only a line the taker
		// opened can attack the king afterwards.
		if !pos.Attacked(us, ek, o) {
			return false
		}
	}
	return true
}

// contactMoveMates tries the piece on from moving (promoted or not) to the
// contact square sq and returns the move if it mates. open holds the king's
// free neighbours we did not attack before the move.
func contactMoveMates(pos *board.Position, from, sq, ek board.Square, adjacent bool, open, occ board.Bitboard) board.Move {
	us := pos.SideToMove()
	pc := pos.PieceOn(from)
	pt := pc.Type()
	canProm := pt.CanPromote() && (board.PromotionZone(us).Has(from) || board.PromotionZone(us).Has(sq))
	occM := occ
	occM.Clear(from)
	occM.Set(sq)
	occMK := occM
	occMK.Clear(ek)
	sqBB := board.SquareBB(sq)
	guarded := !adjacent // known once tested
	for k := 0; k < 2; k++ {
		prom := k == 1
		if prom && !canProm {
			break
		}
		npc := pc
		if prom {
			npc = board.NewPiece(us, pt.Promoted())
		}
		att := board.Attacks(npc, sq, occMK)
		if !att.Has(ek) {
			continue
		}
		if esc := open.AndNot(att).AndNot(sqBB); esc.NonZero() && escapeRemains(pos, esc, from, occMK) {
			continue
		}
		if !guarded {
			// The king takes the checker unless another piece guards sq
			// (a line through the vacated square included).
			if pos.AttackersTo(us, sq, occMK).AndNot(board.SquareBB(from)).IsZero() {
				return board.MoveNone
			}
			guarded = true
		}
		m := board.NewBoardMove(from, sq, prom, pc)
		if !pos.IsLegal(m) || checkerTaken(pos, sq, ek, occM) {
			continue
		}
		if matesAfter(pos, m) {
			return m
		}
	}
	return board.MoveNone
}

// escapeRemains reports whether one of the squares in esc (not attacked
// before the move, nor by the moved piece) stays unattacked after our piece
// leaves from. Only a line through from can newly reach such a square; the
// piece still counted on from can only hide an escape, so true is exact.
func escapeRemains(pos *board.Position, esc board.Bitboard, from board.Square, occMK board.Bitboard) bool {
	us := pos.SideToMove()
	for esc.NonZero() {
		e := esc.Pop()
		if board.Line(e, from).IsZero() || !pos.Attacked(us, e, occMK) {
			return true
		}
	}
	return false
}

// checkerTaken reports whether a defender other than the king can take the
// piece that moved to sq without exposing its king (occM: the occupancy
// after our move). Our piece still counted on its origin can only make a
// capture look illegal, so true is exact.
func checkerTaken(pos *board.Position, sq, ek board.Square, occM board.Bitboard) bool {
	us := pos.SideToMove()
	takers := pos.AttackersTo(us.Opp(), sq, occM)
	takers.Clear(ek)
	for takers.NonZero() {
		o := occM
		o.Clear(takers.Pop())
		if !pos.Attacked(us, ek, o) {
			return true
		}
	}
	return false
}

func matesAfter(pos *board.Position, m board.Move) bool {
	pos.DoMove(m)
	mated := !kingEscapes(pos) && !pos.HasLegalMove()
	pos.UndoMove()
	return mated
}

// kingEscapes reports whether the side to move's king has a square to go
// to that the opponent does not attack (a quick proof that it is not mated).
func kingEscapes(pos *board.Position) bool {
	us := pos.SideToMove()
	ksq := pos.KingSquare(us)
	if ksq == board.NoSquare {
		return false
	}
	occ := pos.Occupied()
	occ.Clear(ksq)
	to := board.StepAttacks(us, board.King, ksq).AndNot(pos.ColorBB(us))
	them := us.Opp()
	for to.NonZero() {
		sq := to.Pop()
		if !pos.Attacked(them, sq, occ) {
			return true
		}
	}
	return false
}
