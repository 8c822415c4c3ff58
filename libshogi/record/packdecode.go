package record

import (
	"encoding/binary"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// decode unpacks a 256-bit position in one pass with no data-dependent
// branch per code: the board codes (kings are not coded) are taken
// stepBits bits at a time, every hand code adds its table increment (0
// for a boxed piece), and the faults are gathered into one flag. Any
// fault (a bad code, a stream of the wrong length, wrong piece counts)
// sends the record to decodeChecked, which finds the first fault and says
// what it is, so errors and diagrams are those of the checked decoder
// (TestFastDecodeMatchesChecked, FuzzPackedSfen, FuzzHCP).
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
	// The 79 board codes: a step takes every code that ends within the
	// next stepBits bits (up to seven, about three) from the step tables.
	// A 64-bit window is loaded at the stream position (at most 7 bits
	// into its first byte, so 57 bits or more are there) and each step
	// shifts its codes out of it, until fewer than stepBits bits may be
	// left: the chain from step to step is a mask, a one-byte load (the
	// length, a table apart from the pieces, which no step waits for)
	// and a shift, with the window, the count and the bits used in
	// registers. Steps run while one cannot pass the 79th code (7 codes a
	// step at most); the last codes go one at a time. ptr stays below 41:
	// a broken record's codes may run on, and its final position is wrong
	// anyway.
	// The codes go to d.Squares[0:79] in stream order, then make room for
	// the kings.
	codes := &d.Squares
	tab := &f.boardCode
	pos, i, counts, faults := boardSteps(f.boardStep, &buf, codes)
	for ; i < 79; i++ {
		e := uint64(tab[peekBits(&buf, pos)&0xff])
		pos += uint(e >> codeLenShift & 15)
		counts += codeCountInc[e&7]
		faults |= e << (63 - 15) // codeInvalid to bit 63, stepInvalid's place
		codes[i] = board.Piece(e)
	}
	// Spread the codes over the squares around the two kings: the codes
	// after the second king two squares on, those between one.
	a, b := min(bk, wk), max(bk, wk)
	copy(d.Squares[b+1:], d.Squares[b-1:79])
	copy(d.Squares[a+1:b], d.Squares[a:b-1])
	d.Squares[bk] = board.NewPiece(board.Black, board.King)
	d.Squares[wk] = board.NewPiece(board.White, board.King)
	// The hand codes a step at a time while a step cannot pass bit 256,
	// then one at a time (and where no valid code starts: the single step
	// finds it).
	var hands uint64 // Hands[0] in the low half, Hands[1] in the high
	for hs := f.handStep; pos <= 256-stepBits; {
		x := peekBits(&buf, pos) & stepMask
		b := uint(hs.bits[x])
		if b == 0 {
			break
		}
		pos += b
		hands += hs.hands[x]
		counts += hs.counts[x]
	}
	d.Hands[0], d.Hands[1] = board.Hand(hands), board.Hand(hands>>32)
	for pos < 256 {
		i := peekBits(&buf, pos) & 0xff
		e := uint64(f.handCode[i])
		pos += uint(e >> codeLenShift & 15)
		counts += codeCountInc[e&7]
		faults |= e << (63 - 15)
		d.Hands[e>>codeColorShift&1] += f.handInc[i]
		if e&codeInvalid != 0 {
			break
		}
	}
	if faults&stepInvalid != 0 || pos != 256 || counts != fullCodeCounts {
		return f.decodeChecked(data, d)
	}
	return nil
}

// boardSteps is decode's step loop over the board codes from bit 15: it
// stores the codes of the steps to codes[0:i] and returns the stream
// position after them, i, and the steps' counts and faults. A step stores
// 8 bytes at i <= 72, within the 81 squares. It is a function of its own,
// not inlined, so that the loop's values stay in registers (within decode
// the compiler spilled three of them to the stack every step).
//
//go:noinline
func boardSteps(st *stepTable, buf *[48]byte, codes *[board.NumSquares]board.Piece) (pos uint, i int, counts, faults uint64) {
	pos = 15
	for i <= 79-stepMaxCodes {
		ptr := min(pos>>3, 40)
		win := binary.LittleEndian.Uint64(buf[ptr:ptr+8]) >> (pos & 7)
		// stepsPerLoad steps fit in the window's 57 or more bits; they
		// are written out (a loop counter took the shifts' register CX
		// and went to the stack every step)
		win, pos, i, counts, faults = st.step(codes, win, pos, i, counts, faults)
		if i > 79-stepMaxCodes {
			break
		}
		win, pos, i, counts, faults = st.step(codes, win, pos, i, counts, faults)
		if i > 79-stepMaxCodes {
			break
		}
		win, pos, i, counts, faults = st.step(codes, win, pos, i, counts, faults)
		if i > 79-stepMaxCodes {
			break
		}
		win, pos, i, counts, faults = st.step(codes, win, pos, i, counts, faults)
		if i > 79-stepMaxCodes {
			break
		}
		_, pos, i, counts, faults = st.step(codes, win, pos, i, counts, faults)
	}
	return
}

// step takes the codes of one step from the window to codes[i:] (i <=
// 72: its 8 bytes fit in the squares; byte 7 is overwritten by the next
// step).
func (st *stepTable) step(codes *[board.NumSquares]board.Piece, win uint64, pos uint, i int, counts, faults uint64) (uint64, uint, int, uint64, uint64) {
	x := win & stepMask
	b := uint(st.bits[x])
	p := st.pieces[x]
	*(*uint64)(unsafe.Add(unsafe.Pointer(codes), i)) = p
	return win >> (b & 63), pos + b, i + int(p>>56&7), counts + st.counts[x], faults | p
}

// peekBits is at least 57 bits of buf from bit pos (the caller masks
// what it needs); past bit 320 (a broken record, whose pos ends past 256
// anyway) it reads the last bytes.
func peekBits(buf *[48]byte, pos uint) uint64 {
	k := min(pos>>3, 40)
	return binary.LittleEndian.Uint64(buf[k:k+8]) >> (pos & 7)
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

// The step tables of decode: stepBits bits of the stream index them.
// boardSteps is written for stepsPerLoad == 5.
const (
	stepBits     = 11
	stepMask     = 1<<stepBits - 1
	stepsPerLoad = (64-7-stepBits)/stepBits + 1 // steps a 64-bit window serves
	stepMaxCodes = 7                            // pieces fill bytes 0-6 of a word
	stepInvalid  = 1 << 63                      // in pieces: no code starts here
)

// A stepTable holds, for every value of the next stepBits bits of the
// stream, the board codes that end within them, first code first (at
// least one, at most stepMaxCodes): bits is their total length, pieces
// has their pieces in bytes 0-6 and their number in bits 56-58,
// counts their codeCountInc sum. Where no code starts at the first bit,
// the entry is one code of length 0 with stepInvalid set, as codeTable
// says codeInvalid.
type stepTable struct {
	bits   [1 << stepBits]uint8
	pieces [1 << stepBits]uint64
	counts [1 << stepBits]uint64
}

// newStepTable builds the step table of a codeTable. A code of length l
// that starts pos bits into the window is known from the window's top
// stepBits-pos bits when l <= stepBits-pos: codeTable holds it for every
// value of the bits after it, so the top bits shifted down (zeros above)
// find it.
func newStepTable(single *[256]uint32) *stepTable {
	t := new(stepTable)
	for x := range t.pieces {
		n, bits := uint64(0), uint(0)
		for n < stepMaxCodes {
			e := single[uint(x)>>bits&0xff]
			l := uint(e >> codeLenShift & 15)
			if e&codeInvalid != 0 || l > stepBits-bits {
				if n == 0 && e&codeInvalid != 0 {
					t.pieces[x] = stepInvalid | 1<<56
				}
				break
			}
			t.pieces[x] |= uint64(e&31) << (8 * n)
			t.counts[x] += codeCountInc[e&7]
			n++
			bits += l
		}
		if n > 0 {
			t.pieces[x] |= n << 56
		}
		t.bits[x] = uint8(bits)
	}
	return t
}

// A handStepTable is the step table of the hand codes: for every value of
// the next stepBits bits, the valid hand codes that end within them (none
// where no valid code starts at the first bit): their total length, what
// they add to the two hands (Hands[0] in the low 32 bits, Hands[1] in the
// high 32) and their codeCountInc sum. No field carries into the next in
// a record with the standard set of pieces (a hand count is at most its
// type's total), and any other record goes to decodeChecked.
type handStepTable struct {
	bits   [1 << stepBits]uint8
	hands  [1 << stepBits]uint64
	counts [1 << stepBits]uint64
}

// newHandStepTable builds the hand step table from codeTable's hand table
// and the hand increments, as newStepTable does for the board.
func newHandStepTable(single *[256]uint32, inc *[256]board.Hand) *handStepTable {
	t := new(handStepTable)
	for x := range t.bits {
		bits := uint(0)
		for {
			i := uint(x) >> bits & 0xff
			e := single[i]
			l := uint(e >> codeLenShift & 15)
			if e&codeInvalid != 0 || l > stepBits-bits {
				break
			}
			t.hands[x] += uint64(inc[i]) << (32 * (e >> codeColorShift & 1))
			t.counts[x] += codeCountInc[e&7]
			bits += l
		}
		t.bits[x] = uint8(bits)
	}
	return t
}

// fullCodeCounts is what decode's packed count holds for a valid record:
// the standard set (kings excluded, they are not coded) by base type.
var fullCodeCounts = func() (n uint64) {
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		n += codeCountInc[pt] * uint64(standardCount[pt])
	}
	return
}()
