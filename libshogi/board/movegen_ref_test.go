package board

import (
	"math/rand"
	"testing"
)

// The generator as it was before the move count moved into a register
// (movegen.go's emit and addBoardMoves' count argument), kept as the
// reference the new one must match move for move, in the same order: the
// order is part of the contract (perft's divide, the search's move
// ordering ties, the bindings' lists).

// TestGenerateMatchesRef holds generate to generateRef, list for list and
// move for move, in every class combination the modes use, over the perft
// suite's positions and random games from them (checks, evasions,
// pinned pieces, promotions and drops all come up).
func TestGenerateMatchesRef(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	starts := map[string]bool{}
	for _, r := range readPerftRows(t) {
		starts[r.sfen] = true
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	positions := 0
	check := func(p *Position, stage string) {
		positions++
		compareWithRef(t, p, stage)
	}
	for sfen := range starts {
		for g := 0; g < games; g++ {
			p, err := FromSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			check(p, "start")
			randomGame(t, rng, p, 200, func(stage string) { check(p, stage) })
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions compared", positions)
	}
	t.Logf("%d positions compared", positions)
}

func addBoardMovesRef(ml *MoveList, us Color, pc Piece, from, to Square, capture, capt, quiet, useless bool) {
	pt := pc.Type()
	base := Move(to) | Move(from)<<7 | Move(pc)<<16
	if !pt.CanPromote() || relRank[us][from] > 3 && relRank[us][to] > 3 {
		if (capt && capture) || (quiet && !capture) {
			ml.add(base)
		}
		return
	}
	if (capt && isCaptureClass(capture, pt, true)) || (quiet && !isCaptureClass(capture, pt, true)) {
		ml.add(base | movePromoteFlag)
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
		ml.add(base)
	}
}

func (p *Position) generateRef(ml *MoveList, capt, quiet, useless bool) {
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
		occNoKing := occ.Xor(squareBB[ksq])
		targets := stepAttacks[us][King][ksq].And(classMask)
		kpc := NewPiece(us, King)
		for targets.NonZero() {
			to := targets.Pop()
			if !p.mayAttack(them, to) || !p.Attacked(them, to, occNoKing) { // the filter first: most king squares are out of reach
				ml.add(Move(to) | Move(ksq)<<7 | Move(kpc)<<16)
			}
		}
	}
	if checkers.MoreThanOne() {
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
	for pushes.NonZero() {
		to := pushes.Pop()
		from := to + back
		capture := enemy.Has(to)
		if !zone.Has(to) {
			if (capt && capture) || (quiet && !capture) {
				ml.add(Move(to) | Move(from)<<7 | Move(pawn)<<16)
			}
			continue
		}
		addBoardMovesRef(ml, us, pawn, from, to, capture, capt, quiet, useless)
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
		base := Move(from)<<7 | Move(p.board[from])<<16
		for att.NonZero() {
			ml.add(base | Move(att.Pop()))
		}
	}
	for _, pt := range [...]PieceType{Silver, Knight, Lance, Bishop, Rook, Horse, Dragon} {
		for pieces := p.byType[pt].And(own); pieces.NonZero(); {
			from := pieces.Pop()
			// The loop already knows the type: switching here instead of
			// calling Attacks (which switches again) is 6% faster in perft.
			var att Bitboard
			switch pt {
			case Silver, Knight:
				att = stepAttacks[us][pt][from]
			case Lance:
				att = LanceAttacks(us, from, occ)
			case Bishop:
				att = BishopAttacks(from, occ)
			case Rook:
				att = RookAttacks(from, occ)
			case Horse:
				att = BishopAttacks(from, occ).Or(stepAttacks[Black][Horse][from])
			case Dragon:
				att = RookAttacks(from, occ).Or(stepAttacks[Black][Dragon][from])
			}
			att = att.And(boardMask)
			if pinned.Has(from) {
				att = att.And(lineBB[ksq][from])
			}
			pc := NewPiece(us, pt)
			base := Move(from)<<7 | Move(pc)<<16
			// Moves that cannot promote need no per-move rule checks: the
			// class filter is already in boardMask.
			plain := att
			if pt.CanPromote() {
				if zone.Has(from) {
					plain = Bitboard{}
				} else {
					plain = att.AndNot(zone)
				}
			}
			rest := att.AndNot(plain)
			for plain.NonZero() {
				ml.add(base | Move(plain.Pop()))
			}
			for rest.NonZero() {
				to := rest.Pop()
				addBoardMovesRef(ml, us, pc, from, to, enemy.Has(to), capt, quiet, useless)
			}
		}
	}
	if quiet {
		p.generateDropsRef(ml, us, dropTarget)
	}
}

func (p *Position) generateDropsRef(ml *MoveList, us Color, target Bitboard) {
	h := p.hands[us]
	if h.Empty() || target.IsZero() {
		return
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
		for t.NonZero() {
			ml.add(base | Move(t.Pop()))
		}
	}
}

// compareWithRef fails t unless generate and generateRef give p the same
// list, move for move, in each class combination the modes use (stage
// names the position in the message).
func compareWithRef(t *testing.T, p *Position, stage string) {
	t.Helper()
	var got, want MoveList
	for _, c := range [][3]bool{{true, true, true}, {true, true, false}, {true, false, false}, {false, true, false}} {
		p.generate(&got, c[0], c[1], c[2])
		p.generateRef(&want, c[0], c[1], c[2])
		if got.N != want.N {
			t.Fatalf("%s %s classes %v: %d moves, reference %d", p.SFEN(), stage, c, got.N, want.N)
		}
		for i := 0; i < got.N; i++ {
			if got.Moves[i] != want.Moves[i] {
				t.Fatalf("%s %s classes %v: move %d is %s, reference %s", p.SFEN(), stage, c, i, got.Moves[i].USI(), want.Moves[i].USI())
			}
		}
		got.N, want.N = 0, 0
	}
}

// FuzzGenerateMatchesRef: on any position the relaxed SFEN parser accepts
// (dead pieces, a capturable king, no king for the side to move), and on
// the positions one move on, generate and generateRef give the same lists
// in every class combination.
func FuzzGenerateMatchesRef(f *testing.F) {
	for _, s := range []string{StartSFEN, "4k4/9/9/9/9/9/9/9/4K4 b 2R 1",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"P3k4/1P7/2P6/9/9/9/6p2/7p1/4K3p b - 1", "4k4/9/4P4/9/9/9/9/9/4K4 w - 1", "8k/9/9/9/9/9/9/9/9 b RB2G 1"} {
		f.Add(s)
	}
	opt := SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true, Tsume: true}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := FromSFENWith(s, opt)
		if err != nil {
			return
		}
		var all MoveList
		compareWithRef(t, p, "given")
		p.GenerateLegal(&all)
		for _, m := range all.Slice() {
			p.DoMove(m)
			compareWithRef(t, p, "after "+m.USI())
			p.UndoMove()
		}
	})
}
