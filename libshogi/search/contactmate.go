package search

import "github.com/libshogi/libshogi/libshogi/board"

// contactMateInOne looks for a mate in one by a contact check: a drop or a board move
// onto a square next to the enemy king (or a knight's check square). It is
// much cheaper than board.Position.MatingMove (no full generation) and misses
// only mates by distant checks, which the search finds by itself. Pawn-drop
// mates are never returned (IsLegal rejects them).
func contactMateInOne(pos *board.Position) board.Move {
	us := pos.SideToMove()
	them := us.Opp()
	ek := pos.KingSquare(them)
	if ek == board.NoSquare {
		return board.MoveNone
	}
	occ := pos.Occupied()
	hand := pos.Hand(us)
	targets := board.StepAttacks(them, board.King, ek).Or(board.StepAttacks(them, board.Knight, ek)).AndNot(pos.ColorBB(us))
	ourKing := pos.PiecesOf(us, board.King)
	for targets.NonZero() {
		sq := targets.Pop()
		if pos.PieceOn(sq) == board.NoPiece {
			for _, pt := range [...]board.PieceType{board.Rook, board.Bishop, board.Gold, board.Silver, board.Knight, board.Lance} {
				if !hand.Has(pt) {
					continue
				}
				pc := board.NewPiece(us, pt)
				if !board.Attacks(pc, sq, occ).Has(ek) {
					continue
				}
				if dropLeavesEscape(pos, pc, sq, ek) {
					continue
				}
				m := board.NewDrop(pc, sq)
				if pos.IsLegal(m) && matesAfter(pos, m) {
					return m
				}
			}
		}
		att := pos.AttackersTo(us, sq, occ).AndNot(ourKing)
		for att.NonZero() {
			from := att.Pop()
			pc := pos.PieceOn(from)
			pt := pc.Type()
			canProm := pt.CanPromote() && (board.PromotionZone(us).Has(from) || board.PromotionZone(us).Has(sq))
			occ2 := occ
			occ2.Clear(from)
			occ2.Set(sq)
			for k := 0; k < 2; k++ {
				prom := k == 1
				if prom && !canProm {
					break
				}
				npc := pc
				if prom {
					npc = board.NewPiece(us, pt.Promoted())
				}
				// Only direct contact checks; the quick escape test first.
				if !board.Attacks(npc, sq, occ2).Has(ek) || leavesEscape(pos, npc, sq, ek, occ2) {
					continue
				}
				m := board.NewBoardMove(from, sq, prom, pc)
				if !pos.IsLegal(m) {
					continue
				}
				if matesAfter(pos, m) {
					return m
				}
			}
		}
	}
	return board.MoveNone
}

// dropLeavesEscape reports whether, after dropping pc on sq, the enemy king
// on ek still has a safe square (capturing the dropped piece included), so
// that the drop cannot mate. It is exact: a drop only adds attacks.
func dropLeavesEscape(pos *board.Position, pc board.Piece, sq, ek board.Square) bool {
	occ := pos.Occupied()
	occ.Set(sq)
	return leavesEscape(pos, pc, sq, ek, occ)
}

// leavesEscape reports whether the king on ek has a square that neither
// the piece pc arriving on sq nor any other enemy piece attacks, with
// occupancy occ (pc on sq included). For a board move the moving piece is
// still counted on its origin square, which can only hide an escape,
// never invent one, so a true result is exact.
func leavesEscape(pos *board.Position, pc board.Piece, sq, ek board.Square, occ board.Bitboard) bool {
	us := pc.Color()
	them := us.Opp()
	occ.Clear(ek)
	att := board.Attacks(pc, sq, occ)
	esc := board.StepAttacks(them, board.King, ek).AndNot(pos.ColorBB(them))
	for esc.NonZero() {
		e := esc.Pop()
		if e != sq && att.Has(e) {
			continue
		}
		if !pos.Attacked(us, e, occ) {
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
