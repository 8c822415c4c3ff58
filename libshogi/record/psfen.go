package record

import (
	"encoding/binary"
	"math/bits"

	"github.com/libshogi/libshogi/libshogi/board"
)

// PackedSfen is YaneuraOu's 32-byte Huffman-coded position (the first field
// of a PackedSfenValue). See specs/formats.md §2.
type PackedSfen [32]byte

// packFormat describes one of the two 256-bit position codes (PackedSfen
// and hcp). They share the stream layout and differ in their code tables.
type packFormat struct {
	name       string
	colorFirst bool // hcp: colour bit before the promotion bit on the board
	lenientBox bool // psfen: any hand code with promotion bit 1 is a boxed piece

	// Codes in stream order ("10" = bit 1 then bit 0), by base type.
	board [8]string
	hand  [8]string // complete hand code without the colour bit
	box   [8]string // complete box code

	// Encoding tables: value (LSB = first bit) and length.
	boardEnc [board.NumPieces]code // by piece (type with promotion, colour)
	handEnc  [2][8]code
	boxEnc   [8]code

	// Decoding tables indexed by the next 8 bits of the stream.
	boardDec            [256]decEntry
	handDec             [256]decEntry
	handInc             [256]board.Hand // what a hand code adds to its colour's hand (0: boxed)
	boardCode, handCode [256]uint32     // the tables in decode's form (codeTable)
	boardStep           *stepTable      // boardCode, every code that ends within stepBits bits (newStepTable)
	handStep            *handStepTable  // handCode and handInc likewise (newHandStepTable)
	fast                *fastEnc        // encodeFast's tables (newFastEnc)
}

type code struct {
	v uint32
	n uint8
}

const (
	decInvalid = iota
	decEmpty
	decPiece
	decHand
	decBox
)

type decEntry struct {
	n    uint8
	kind uint8
	pc   board.Piece // piece (board), or colour|type (hand), or type (box)
}

// packOrder is the order of hand and box pieces: P L N S G B R.
var packOrder = [7]board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Gold, board.Bishop, board.Rook}

func bitsOf(s string) code {
	var c code
	for i := 0; i < len(s); i++ {
		if s[i] == '1' {
			c.v |= 1 << uint(i)
		}
	}
	c.n = uint8(len(s))
	return c
}

func fillDec(tab *[256]decEntry, bits string, e decEntry) {
	c := bitsOf(bits)
	e.n = c.n
	mask := uint32(1)<<c.n - 1
	for i := uint32(0); i < 256; i++ {
		if i&mask == c.v {
			if tab[i].kind != decInvalid {
				panic("record: code table is not prefix-free: " + bits)
			}
			tab[i] = e
		}
	}
}

func (f *packFormat) init() {
	fillDec(&f.boardDec, "0", decEntry{kind: decEmpty})
	for _, pt := range packOrder {
		for c := board.Black; c <= board.White; c++ {
			cb := string("01"[c])
			if pt == board.Gold {
				s := f.board[pt] + cb
				f.boardEnc[board.NewPiece(c, pt)] = bitsOf(s)
				fillDec(&f.boardDec, s, decEntry{kind: decPiece, pc: board.NewPiece(c, pt)})
				continue
			}
			for prom := 0; prom < 2; prom++ {
				t := pt
				if prom == 1 {
					t = pt.Promoted()
				}
				pb := string("01"[prom])
				var s string
				if f.colorFirst {
					s = f.board[pt] + cb + pb
				} else {
					s = f.board[pt] + pb + cb
				}
				f.boardEnc[board.NewPiece(c, t)] = bitsOf(s)
				fillDec(&f.boardDec, s, decEntry{kind: decPiece, pc: board.NewPiece(c, t)})
			}
		}
	}
	for _, pt := range packOrder {
		for c := board.Black; c <= board.White; c++ {
			s := f.hand[pt] + string("01"[c])
			f.handEnc[c][pt] = bitsOf(s)
			fillDec(&f.handDec, s, decEntry{kind: decHand, pc: board.NewPiece(c, pt)})
		}
		f.boxEnc[pt] = bitsOf(f.box[pt])
		fillDec(&f.handDec, f.box[pt], decEntry{kind: decBox, pc: board.Piece(pt)})
	}
	defer func() {
		f.boardCode, f.handCode = codeTable(&f.boardDec), codeTable(&f.handDec)
		f.boardStep = newStepTable(&f.boardCode)
		f.handStep = newHandStepTable(&f.handCode, &f.handInc)
		f.fast = newFastEnc(f)
	}()
	for i, e := range f.handDec {
		if e.kind == decHand {
			f.handInc[i] = board.Hand(0).Add(e.pc.Type())
		}
	}
	if f.lenientBox {
		// YaneuraOu's rule: a hand code whose promotion bit is 1 is a boxed
		// piece whatever its colour bit says.
		for _, pt := range packOrder {
			if pt == board.Gold {
				continue
			}
			base := f.hand[pt][:len(f.hand[pt])-1] + "1"
			for c := 0; c < 2; c++ {
				s := base + string("01"[c])
				if f.handDec[bitsOf(s).v].kind == decInvalid {
					fillDec(&f.handDec, s, decEntry{kind: decBox, pc: board.Piece(pt)})
				}
			}
		}
	}
}

var psfenFormat = &packFormat{
	name:       "psfen",
	lenientBox: true,
	board:      [8]string{board.Pawn: "10", board.Lance: "1100", board.Knight: "1101", board.Silver: "1110", board.Gold: "11110", board.Bishop: "111110", board.Rook: "111111"},
	hand:       [8]string{board.Pawn: "00", board.Lance: "1000", board.Knight: "1010", board.Silver: "1100", board.Gold: "1110", board.Bishop: "111100", board.Rook: "111110"},
	box:        [8]string{board.Pawn: "010", board.Lance: "10010", board.Knight: "10110", board.Silver: "11010", board.Gold: "11011", board.Bishop: "1111010", board.Rook: "1111110"},
}

func init() {
	psfenFormat.init()
	hcpFormat.init()
}

// bitWriter appends codes to a 256-bit stream, least significant bit
// first, a 64-bit word at a time (a record is encoded once per to_hcp or
// to_psfen call: bit by bit it was most of the call).
type bitWriter struct {
	buf [32]byte
	pos int
	bad bool
	acc uint64 // the stream's bits from pos&^63 up to pos
}

func (w *bitWriter) write(c code) {
	if w.pos+int(c.n) > 256 {
		w.bad = true
		return
	}
	sh := uint(w.pos & 63)
	v := uint64(c.v) & (1<<c.n - 1)
	w.acc |= v << sh
	if sh+uint(c.n) >= 64 { // the word is full: store it, keep what spills over
		binary.LittleEndian.PutUint64(w.buf[w.pos>>6*8:], w.acc)
		w.acc = v >> (64 - sh) // sh == 0: a shift by 64, which is 0
	}
	w.pos += int(c.n)
}

// packCounts is, in one pass over the squares, what encode checks:
// pieceCounts, each side's number of kings (kingCount) and the square of
// its first king (KingSquare).
func packCounts(d *Diagram) (n [board.NumPieceTypes]int, kings [2]int, ks [2]board.Square) {
	ks = [2]board.Square{board.NoSquare, board.NoSquare}
	bk, wk := board.NewPiece(board.Black, board.King), board.NewPiece(board.White, board.King)
	for s, p := range d.Squares {
		if p == board.NoPiece {
			continue
		}
		n[p.Type().Unpromoted()]++
		switch p {
		case bk:
			if kings[0]++; kings[0] == 1 {
				ks[0] = board.Square(s)
			}
		case wk:
			if kings[1]++; kings[1] == 1 {
				ks[1] = board.Square(s)
			}
		}
	}
	for c := 0; c < 2; c++ {
		for pt := board.Pawn; pt <= board.Gold; pt++ {
			n[pt] += d.Hands[c].Count(pt)
		}
	}
	return
}

// encode packs a diagram: encodeFast's one pass, or for any fault the
// checked encoder (the first fault as the error).
func (f *packFormat) encode(d *Diagram) ([32]byte, error) {
	var out [32]byte
	if f.encodeFast(d, &out) {
		return out, nil
	}
	return f.encodeChecked(d)
}

// encodeChecked packs a diagram code by code, checking each in turn.
func (f *packFormat) encodeChecked(d *Diagram) ([32]byte, error) {
	var w bitWriter
	fail := func(m string, a ...any) ([32]byte, error) {
		return [32]byte{}, recErr(f.name, -1, m, a...)
	}
	n, kings, ks := packCounts(d)
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if n[pt] > standardCount[pt] {
			return fail("%d pieces of type %c, at most %d can be packed", n[pt], sfenPieceLetter[pt], standardCount[pt])
		}
	}
	for c := board.Black; c <= board.White; c++ {
		if kings[c] != 1 {
			return fail("%v has %d kings; packed positions need exactly one each", c, kings[c])
		}
	}
	if d.Side > board.White {
		return fail("bad side to move %d", d.Side)
	}
	w.write(code{uint32(d.Side), 1})
	w.write(code{uint32(ks[0]), 7})
	w.write(code{uint32(ks[1]), 7})
	for s := 0; s < board.NumSquares; s++ {
		p := d.Squares[s]
		switch {
		case p == board.NoPiece:
			w.write(code{0, 1})
		case p.Type() == board.King:
		default:
			c := f.boardEnc[p&31]
			if c.n == 0 {
				return fail("bad piece %d on square %v", p, board.Square(s))
			}
			w.write(c)
		}
	}
	for c := board.Black; c <= board.White; c++ {
		for _, pt := range packOrder {
			for i := d.Hands[c].Count(pt); i > 0; i-- {
				w.write(f.handEnc[c][pt])
			}
		}
	}
	for _, pt := range packOrder {
		for i := standardCount[pt] - n[pt]; i > 0; i-- {
			w.write(f.boxEnc[pt])
		}
	}
	if w.bad || w.pos != 256 {
		return fail("position does not fill exactly 256 bits")
	}
	return w.buf, nil // pos 256: the last word is stored
}

// bitStream reads a 256-bit stream as four little-endian words plus zero
// padding, so that a peek never needs a bounds branch.
type bitStream [8]uint64

// peek8 returns the 8 bits starting at pos (pos <= 256 + 63).
func (w *bitStream) peek8(pos int) uint32 {
	i := pos >> 6
	s := uint(pos & 63)
	return uint32((w[i&7]>>s | w[(i+1)&7]<<(64-s)) & 0xff)
}

// peek64 returns the 64 bits starting at pos (pos <= 256 + 63).
func (w *bitStream) peek64(pos int) uint64 {
	i := pos >> 6
	s := uint(pos & 63)
	return w[i&7]>>s | w[(i+1)&7]<<(64-s)
}

// decodeChecked decodes code by code, checking each in turn: the first
// fault found is the error. decode runs it when its own pass finds one.
func (f *packFormat) decodeChecked(data *[32]byte, d *Diagram) error {
	var w bitStream
	w[0] = binary.LittleEndian.Uint64(data[0:])
	w[1] = binary.LittleEndian.Uint64(data[8:])
	w[2] = binary.LittleEndian.Uint64(data[16:])
	w[3] = binary.LittleEndian.Uint64(data[24:])
	*d = Diagram{Ply: 1}
	d.Side = board.Color(w[0] & 1)
	bk := board.Square(w[0] >> 1 & 0x7f)
	wk := board.Square(w[0] >> 8 & 0x7f)
	if bk >= board.NumSquares || wk >= board.NumSquares {
		return recErr(f.name, -1, "king square out of range (black %d, white %d)", bk, wk)
	}
	if bk == wk {
		return recErr(f.name, -1, "both kings on square %v", bk)
	}
	d.Squares[bk] = board.NewPiece(board.Black, board.King)
	d.Squares[wk] = board.NewPiece(board.White, board.King)
	pos := 15
	var n [16]int
	b, k := int(bk), int(wk)
	for s := 0; s < board.NumSquares; {
		if s == b || s == k {
			s++
			continue
		}
		win := w.peek64(pos)
		if win&1 == 0 {
			// A run of empty squares: one 0 bit each, kings skipped.
			z := bits.TrailingZeros64(win | 1<<63)
			for ; z > 0 && s < board.NumSquares; s++ {
				if s != b && s != k {
					pos++
					z--
				}
			}
			continue
		}
		e := &f.boardDec[win&0xff]
		if e.kind == decInvalid {
			return recErr(f.name, -1, "bad board code at bit %d (square %v)", pos, board.Square(s))
		}
		pos += int(e.n)
		d.Squares[s] = e.pc
		n[e.pc&7]++ // base type of a promoted piece is its low 3 bits
		s++
	}
	if pos > 256 {
		return recErr(f.name, -1, "the board runs past 256 bits")
	}
	for pos < 256 {
		e := &f.handDec[w.peek8(pos)]
		if e.kind == decInvalid {
			return recErr(f.name, -1, "bad hand code at bit %d", pos)
		}
		pos += int(e.n)
		if pos > 256 {
			return recErr(f.name, -1, "hand code runs past 256 bits")
		}
		pt := e.pc.Type()
		n[pt]++
		if e.kind == decHand {
			c := e.pc.Color()
			d.Hands[c] = d.Hands[c].Add(pt)
		}
	}
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if n[pt] != standardCount[pt] {
			return recErr(f.name, -1, "%d pieces of type %c counting the box, want %d", n[pt], sfenPieceLetter[pt], standardCount[pt])
		}
	}
	return nil
}

// EncodePackedSfen packs a diagram. It fails for positions without exactly
// one king per side or with more than the standard number of a piece type:
// those cannot be written in 256 bits.
func EncodePackedSfen(d *Diagram) (PackedSfen, error) {
	b, err := psfenFormat.encode(d)
	return PackedSfen(b), err
}

// DecodePackedSfen unpacks 32 bytes. The move number is not stored: the
// diagram's Ply is 1.
func DecodePackedSfen(p *PackedSfen, d *Diagram) error {
	return psfenFormat.decode((*[32]byte)(p), d)
}

// Diagram decodes the packed position (Ply 1).
func (p PackedSfen) Diagram() (Diagram, error) {
	var d Diagram
	err := DecodePackedSfen(&p, &d)
	return d, err
}
