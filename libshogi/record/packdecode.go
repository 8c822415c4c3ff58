package record

import (
	"encoding/binary"

	"github.com/libshogi/libshogi/libshogi/board"
)

// decode unpacks a 256-bit position in one pass with no data-dependent
// branch per code: every square (kings skipped) reads its code from the
// 8-bit table (an empty square is the 1-bit code "0"), every hand code
// adds its table increment (0 for a boxed piece), and the faults are
// gathered into one flag. Any fault (a bad code, a stream of the wrong
// length, wrong piece counts) sends the record to decodeChecked, which
// finds the first fault and says what it is, so errors and diagrams are
// those of the checked decoder (TestFastDecodeMatchesChecked,
// FuzzPackedDecode).
func (f *packFormat) decode(data *[32]byte, d *Diagram) error {
	var buf [48]byte // the stream, then zeros for the loads near its end
	copy(buf[:], data[:])
	w0 := binary.LittleEndian.Uint64(buf[:])
	bk := int(w0 >> 1 & 0x7f)
	wk := int(w0 >> 8 & 0x7f)
	if bk >= board.NumSquares || wk >= board.NumSquares || bk == wk {
		return f.decodeChecked(data, d)
	}
	*d = Diagram{Ply: 1, Side: board.Color(w0 & 1)}
	// The 79 board codes (kings are not coded) in groups of seven: a code
	// has at most 8 bits and a group starts at most 7 bits into its 64-bit
	// window, so one load serves a group, and the chain from one code to
	// the next is a shift, a table load and an add (all in registers; ptr
	// stays below 41: a broken record's codes may run on, and its final
	// position is wrong anyway).
	ptr, bit := uint(1), uint(7) // bit 15
	var win, counts, faults uint64
	var codes [board.NumSquares]board.Piece
	tab := &f.boardCode
	for i, left := 0, 0; i < 79; i++ {
		if left == 0 { // every seventh code: period 7, predicted
			ptr, bit = min(ptr+bit>>3, 40), bit&7
			win = binary.LittleEndian.Uint64(buf[ptr : ptr+8])
			left = 7
		}
		left--
		e := uint64(tab[win>>(bit&63)&0xff])
		bit += uint(e >> codeLenShift & 15)
		counts += codeCountInc[e&7]
		faults |= e
		codes[i] = board.Piece(e)
	}
	// Spread the codes over the squares around the two kings.
	a, b := min(bk, wk), max(bk, wk)
	copy(d.Squares[:a], codes[:a])
	copy(d.Squares[a+1:b], codes[a:b-1])
	copy(d.Squares[b+1:], codes[b-1:79])
	d.Squares[bk] = board.NewPiece(board.Black, board.King)
	d.Squares[wk] = board.NewPiece(board.White, board.King)
	pos := ptr*8 + bit
	for pos < 256 {
		i := peek8(&buf, pos)
		e := uint64(f.handCode[i])
		pos += uint(e >> codeLenShift & 15)
		counts += codeCountInc[e&7]
		faults |= e
		d.Hands[e>>codeColorShift&1] += f.handInc[i]
		if e&codeInvalid != 0 {
			break
		}
	}
	if faults&codeInvalid != 0 || pos != 256 || counts != fullCodeCounts {
		return f.decodeChecked(data, d)
	}
	return nil
}

// peek8 is the 8 bits of buf from bit pos; past bit 320 (a broken
// record, whose pos ends past 256 anyway) it reads the last bytes.
func peek8(buf *[48]byte, pos uint) uint32 {
	k := min(pos>>3, 40)
	return uint32(binary.LittleEndian.Uint64(buf[k:k+8]) >> (pos & 7) & 0xff)
}

// A code-table entry of decode: the piece (board: the piece; hand: colour
// and type; box: the type) in the low 5 bits, the code length, the colour
// (hand codes) and a flag for the bytes that start no valid code.
const (
	codeLenShift   = 8
	codeColorShift = 12
	codeInvalid    = 1 << 15
)

// codeCountInc[t] adds one to base type t's byte of a packed count (an
// empty square, t = 0, adds nothing). No byte can overflow: a record has
// fewer than 256 codes.
var codeCountInc = [8]uint64{0, 1, 1 << 8, 1 << 16, 1 << 24, 1 << 32, 1 << 40, 1 << 48}

// codeTable is decode's form of a decEntry table.
func codeTable(dec *[256]decEntry) (t [256]uint32) {
	for i, e := range dec {
		if e.kind == decInvalid {
			t[i] = codeInvalid
			continue
		}
		t[i] = uint32(e.pc&31) | uint32(e.n)<<codeLenShift | uint32(e.pc>>4&1)<<codeColorShift
	}
	return
}

// fullCodeCounts is what decode's packed count holds for a valid record:
// the standard set (kings excluded, they are not coded) by base type.
var fullCodeCounts = func() (n uint64) {
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		n += codeCountInc[pt] * uint64(standardCount[pt])
	}
	return
}()
