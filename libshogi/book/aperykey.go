package book

import (
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// Apery's book key table (docs/specs/books.md §3): piece codes 0..30 in
// Apery's numbering, which is this project's board.Piece numbering (type,
// +16 for White), times 81 squares; then the hand keys of P L N S G B R
// for counts 0..18; then the side key. All drawn from MT19937-64 seeded
// with 5489, in that order.
const (
	aperyPieceCodes = 31
	aperyHandCounts = 19
)

var aperyHandOrder = [7]board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Gold, board.Bishop, board.Rook}

type aperyKeyTable struct {
	psq  [aperyPieceCodes][board.NumSquares]uint64
	hand [board.NumPieceTypes][aperyHandCounts]uint64 // by board.PieceType
	side uint64
}

var aperyKeys = func() *aperyKeyTable {
	t := &aperyKeyTable{}
	g := newMT19937_64(5489)
	for pc := 0; pc < aperyPieceCodes; pc++ {
		for sq := 0; sq < board.NumSquares; sq++ {
			t.psq[pc][sq] = g.next()
		}
	}
	for _, pt := range aperyHandOrder {
		for n := 0; n < aperyHandCounts; n++ {
			t.hand[pt][n] = g.next()
		}
	}
	t.side = g.next()
	return t
}()

// aperyKeyOf hashes a board, the hand of the side to move and the side.
func aperyKeyOf(squares *[board.NumSquares]board.Piece, hand board.Hand, side board.Color) uint64 {
	t := aperyKeys
	var k uint64
	for sq, pc := range squares {
		if pc != board.NoPiece {
			k ^= t.psq[pc][sq]
		}
	}
	for _, pt := range aperyHandOrder {
		n := hand.Count(pt)
		if n >= aperyHandCounts { // unreachable with a legal piece set
			n = aperyHandCounts - 1
		}
		k ^= t.hand[pt][n]
	}
	if side == board.White {
		k ^= t.side
	}
	return k
}

// AperyKey is the Apery / dlshogi book.bin key of a position (cshogi's
// Board.book_key()). The move number does not enter it.
func AperyKey(p *board.Position) uint64 {
	sq := p.Squares()
	return aperyKeyOf(&sq, p.Hand(p.SideToMove()), p.SideToMove())
}

// AperyKeyOfDiagram is AperyKey for a record.Diagram.
func AperyKeyOfDiagram(d *record.Diagram) uint64 {
	return aperyKeyOf(&d.Squares, d.Hands[d.Side], d.Side)
}

// AperyKeyAfter is the key of the position after the legal move m
// (cshogi's Board.book_key_after()); p is left unchanged.
func AperyKeyAfter(p *board.Position, m board.Move) uint64 {
	p.DoMove(m)
	k := AperyKey(p)
	p.UndoMove()
	return k
}
