package board

import "testing"

// FuzzSetPieces: any 81 square bytes, hands and side are either refused
// (the position unchanged) or give a position whose SFEN reads back to the
// same position.
func FuzzSetPieces(f *testing.F) {
	start, _ := FromSFEN(StartSFEN)
	sq := start.Squares()
	seed := make([]byte, 0, 81+9)
	for _, pc := range sq {
		seed = append(seed, byte(pc))
	}
	f.Add(append(seed, 0, 0, 0, 0, 0, 0, 0, 0, 0))
	f.Add(make([]byte, 90))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 90 {
			return
		}
		var squares [NumSquares]Piece
		for i := range squares {
			squares[i] = Piece(data[i])
		}
		hands := [2]Hand{
			Hand(uint32(data[81]) | uint32(data[82])<<8 | uint32(data[83])<<16 | uint32(data[84])<<24),
			Hand(uint32(data[85]) | uint32(data[86])<<8 | uint32(data[87])<<16 | uint32(data[88])<<24),
		}
		side := Color(data[89] & 3)
		checkFastAgainstChecked(t, &squares, hands, side) // the branch-light path agrees with the checks
		p := NewPosition()
		before, key := p.SFEN(), p.Key()
		if err := p.SetPieces(&squares, hands, side, 1, SFENOptions{}); err != nil {
			if p.SFEN() != before || p.Key() != key {
				t.Fatalf("refused (%v) but changed to %s", err, p.SFEN())
			}
			// what SFEN text can say of it, SFEN text refuses too
			if text, ok := sfenOfArrays(&squares, hands, side); ok {
				if _, serr := FromSFEN(text); serr == nil {
					t.Fatalf("SetPieces refused %s (%v), SFEN text accepts it", text, err)
				}
			}
			return
		}
		if p.ComputeKey() != p.Key() {
			t.Fatalf("%s: key %x, computeKey %x", p.SFEN(), p.Key(), p.ComputeKey())
		}
		q, err := FromSFEN(p.SFEN())
		if err != nil {
			t.Fatalf("SetPieces accepted %s, which SFEN refuses: %v", p.SFEN(), err)
		}
		if q.Key() != p.Key() || q.SFEN() != p.SFEN() {
			t.Fatalf("%s: key %x, SFEN gives %x", p.SFEN(), p.Key(), q.Key())
		}
		var a, b MoveList
		p.GenerateLegal(&a)
		q.GenerateLegal(&b)
		if a.N != b.N {
			t.Fatalf("%s: %d legal moves, SFEN's position %d", p.SFEN(), a.N, b.N)
		}
	})
}

// sfenOfArrays writes squares, hands and side as SFEN text, unchecked;
// false when the arrays hold what SFEN cannot say (no piece code, hand
// bits outside the counts, a side other than 0 or 1).
func sfenOfArrays(squares *[NumSquares]Piece, hands [2]Hand, side Color) (string, bool) {
	q := newEmptyPosition()
	for s, pc := range squares {
		if pc == NoPiece {
			continue
		}
		if pc.Type() == NoPieceType || pc.Type() >= NumPieceTypes || pc>>4 > 1 {
			return "", false
		}
		q.board[s] = pc
	}
	for c := range hands {
		if hands[c].Set(Pawn, 0).Set(Lance, 0).Set(Knight, 0).Set(Silver, 0).Set(Bishop, 0).Set(Rook, 0).Set(Gold, 0) != 0 {
			return "", false
		}
	}
	if side > White {
		return "", false
	}
	q.hands, q.side = hands, side
	return q.SFEN(), true
}
