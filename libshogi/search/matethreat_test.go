package search

import (
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestKingZoneAttacksAgreesWithPieceAttacks: the count equals the squares
// next to the king that some opponent piece attacks, found by asking every
// opponent piece for its attacks.
func TestKingZoneAttacksAgreesWithPieceAttacks(t *testing.T) {
	zoned := 0
	for _, pos := range contactMatePositions(t, 10) {
		us := pos.SideToMove()
		ksq := pos.KingSquare(us)
		occ := pos.Occupied()
		var attacked board.Bitboard
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			if pc := pos.PieceOn(sq); pc != board.NoPiece && pc.Color() != us {
				attacked = attacked.Or(board.Attacks(pc, sq, occ))
			}
		}
		want := attacked.And(board.StepAttacks(us, board.King, ksq)).Count()
		if got := kingZoneAttacks(pos); got != want {
			t.Fatalf("%s: %d attacked squares next to the king, want %d", pos.SFEN(), got, want)
		}
		if want >= mateThreatZoneAttacks {
			zoned++
		}
	}
	if zoned < 100 {
		t.Fatalf("only %d positions reach the threshold", zoned)
	}
}

// TestPassIsMated: after a pass the opponent's contact mate in one, by
// brute force on the passed position; the position is left as it was.
func TestPassIsMated(t *testing.T) {
	threats := 0
	for _, pos := range contactMatePositions(t, 10) {
		sfen := pos.SFEN()
		got := passIsMated(pos)
		if pos.SFEN() != sfen {
			t.Fatalf("%s: changed to %s", sfen, pos.SFEN())
		}
		pos.DoNullMove()
		want := !pos.InCheck() && len(contactMatesBrute(pos)) > 0
		pos.UndoNullMove()
		if got != want {
			t.Fatalf("%s: passIsMated %v, brute force %v", sfen, got, want)
		}
		if got {
			threats++
		}
	}
	if threats < 20 {
		t.Fatalf("only %d threats to cross-check", threats)
	}
}
