package record

import (
	"encoding/binary"

	"github.com/libshogi/libshogi/libshogi/board"
)

// encodeFast is encode's one pass for the usual diagram (to_hcp /
// to_psfen once per record): each square's code, piece count and king
// come from one table read with no branch per square, the stream is kept
// in a 64-bit accumulator, and the header (side, king squares) is written
// last. It returns false whenever anything is unusual (a piece value that
// has no code, a king count other than one each, too many pieces of a
// type, a side other than black or white, a stream that is not exactly
// 256 bits); encodeChecked then finds the first fault and says what it is,
// so its output and errors are encodeChecked's
// (TestEncodeFastMatchesChecked).
func (f *packFormat) encodeFast(d *Diagram, out *[32]byte) bool {
	t := f.fast
	var words [4]uint64
	var ks [4]int // by fastEnc king index: 1 black, 2 white (0: not a king)
	acc, sh, wi, counts, kings := t.boardCodes(&d.Squares, &words, &ks)
	w := fastWriter{acc, sh, wi}
	for c := board.Black; c <= board.White; c++ {
		h := d.Hands[c]
		for i, pt := range packOrder {
			k := h.Count(pt)
			counts += uint64(k) << (8 * (pt - 1))
			for e := t.hand[c][i]; k > 0; k-- {
				w.put(e, &words)
			}
		}
	}
	for i, pt := range packOrder {
		k := standardCount[pt] - int(counts>>(8*(pt-1))&0xff)
		if k < 0 {
			return false
		}
		for e := t.box[i]; k > 0; k-- {
			w.put(e, &words)
		}
	}
	if counts&fastFaults != 0 || kings != fastKings || d.Side > board.White || w.wi != 4 || w.sh != 0 {
		return false
	}
	words[0] |= uint64(d.Side) | uint64(ks[1])<<1 | uint64(ks[2])<<8
	for i, x := range words {
		binary.LittleEndian.PutUint64(out[8*i:], x)
	}
	return true
}

// boardCodes is encodeFast's loop over the squares: the codes go to the
// stream from bit 15 (acc holds the bits of word wi below bit sh; words
// wrap past the fourth in a broken diagram), each king's square to
// ks[its index], and it returns the packed piece counts (a fault adds to
// the top byte) and the king counts (black's in the low byte, white's in
// the next). A function of its own, not inlined,
// with few values live, so that they stay in registers (with the rest of
// encodeFast around it the compiler spilled the loop's values every
// square); the shifts are masked to 63, which they never pass, so that Go
// adds no test for larger ones.
//
//go:noinline
func (t *fastEnc) boardCodes(sq *[board.NumSquares]board.Piece, words *[4]uint64, ks *[4]int) (acc uint64, sh uint, wi int, counts, kings uint64) {
	sh = 15                                      // after the header
	_, _, _, _ = sq[0], t.sq[0], words[0], ks[0] // the nil checks, here and not every square
	for s, p := range sq {
		e := t.sq[p]
		counts += t.counts[p]
		k := e >> fastKingShift & 3
		ks[k] = s
		kings += e >> fastKingCount
		n := uint(e >> fastLenShift & 15)
		v := e & 0xff
		acc |= v << (sh & 63)
		sh += n
		if sh >= 64 {
			words[wi&3] = acc
			wi++
			sh -= 64
			acc = v >> ((n - sh) & 63) // sh 0: n bits, all of v, were stored
		}
	}
	return
}

// fastWriter is encodeFast's stream: acc holds the bits of word wi below
// bit sh. wi may pass 3 in a broken diagram (the words wrap; encodeFast
// then refuses it).
type fastWriter struct {
	acc uint64
	sh  uint
	wi  int
}

func (w *fastWriter) put(e uint64, words *[4]uint64) {
	n := uint(e >> fastLenShift & 15)
	v := e & 0xff
	w.acc |= v << (w.sh & 63)
	w.sh += n
	if w.sh >= 64 {
		words[w.wi&3] = w.acc
		w.wi++
		w.sh -= 64
		w.acc = v >> ((n - w.sh) & 63)
	}
}

// A fastEnc entry: the code's bits (first bit lowest; codes are at most 8
// bits) and length, for a king its index (1 black, 2 white) and its
// count increment (black 1, white 1<<8; at fastKingCount). A piece value
// with no code (32 or more included) has an entry of length 0 and adds
// fastFault to the counts, whose top byte (fastFaults) no piece count
// reaches.
const (
	fastLenShift  = 8
	fastKingShift = 12
	fastKingCount = 48
	fastKings     = 1 | 1<<8 // one king each
	fastFault     = 1 << 56
	fastFaults    = 0xff << 56
)

// fastEnc holds encodeFast's tables: by piece value the board entry and
// its count increment (codeCountInc of its base type; kings and empty
// squares add none), by colour and packOrder index the hand codes, by
// packOrder index the box codes.
type fastEnc struct {
	sq     [256]uint64 // by piece value (uint8: no bounds check)
	counts [256]uint64
	hand   [2][7]uint64
	box    [7]uint64
}

func fastEntry(c code) uint64 { return uint64(c.v) | uint64(c.n)<<fastLenShift }

// newFastEnc builds the tables from f's encoding tables (after f.init).
func newFastEnc(f *packFormat) *fastEnc {
	t := new(fastEnc)
	for i := range t.sq {
		p := board.Piece(i)
		switch {
		case p == board.NoPiece:
			t.sq[p] = fastEntry(code{0, 1})
		case p >= board.NumPieces || f.boardEnc[p].n == 0 && p.Type() != board.King:
			t.counts[p] = fastFault
		case p.Type() == board.King: // not coded: its square is in the header
			t.sq[p] = uint64(1+p.Color())<<fastKingShift | uint64(1)<<(8*p.Color())<<fastKingCount
		default:
			t.sq[p] = fastEntry(f.boardEnc[p])
			t.counts[p] = codeCountInc[p&7]
		}
	}
	for i, pt := range packOrder {
		t.hand[board.Black][i] = fastEntry(f.handEnc[board.Black][pt])
		t.hand[board.White][i] = fastEntry(f.handEnc[board.White][pt])
		t.box[i] = fastEntry(f.boxEnc[pt])
	}
	return t
}
