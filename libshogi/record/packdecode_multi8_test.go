package record

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The earlier fast decoder (one 8-bit table step per board code that
// ends within the next byte), kept as the baseline of
// BenchmarkPackedDecodePaired and as a further cross-check of decode.

// decodeMulti8 unpacks a 256-bit position in one pass with no data-dependent
// branch per code: every square (kings skipped) reads its code from the
// 8-bit table (an empty square is the 1-bit code "0"), every hand code
// adds its table increment (0 for a boxed piece), and the faults are
// gathered into one flag. Any fault (a bad code, a stream of the wrong
// length, wrong piece counts) sends the record to decodeChecked, which
// finds the first fault and says what it is, so errors and diagrams are
// those of the checked decoder (TestFastDecodeMatchesChecked,
// FuzzPackedDecode).
func (f *packFormat) decodeMulti8(data *[32]byte, d *Diagram) error {
	var buf [48]byte // the stream, then zeros for the loads near its end
	copy(buf[:], data[:])
	w0 := binary.LittleEndian.Uint64(buf[:])
	bk := int(w0 >> 1 & 0x7f)
	wk := int(w0 >> 8 & 0x7f)
	if bk >= board.NumSquares || wk >= board.NumSquares || bk == wk {
		return f.decodeChecked(data, d)
	}
	*d = Diagram{Ply: 1, Side: board.Color(w0 & 1)}
	// The 79 board codes (kings are not coded), read 8 bits at a time: a
	// step takes every code that ends within the next 8 bits (one to eight
	// of them, two on average) from the multi-code table, so the chain
	// from one step to the next (a shift, a table load, an add) is paid
	// about 40 times, not 79. A step takes at most 8 bits and starts at
	// most 7 bits into its 64-bit window, so one load serves seven steps
	// (ptr stays below 41: a broken record's codes may run on, and its
	// final position is wrong anyway). The last few codes, where a step
	// could overrun the 79th, go one at a time on the same schedule.
	ptr, bit := uint(1), uint(7) // bit 15
	var win, counts, faults uint64
	var codes [board.NumSquares + 7]board.Piece // a step stores 8 bytes
	out := unsafe.Slice((*byte)(unsafe.Pointer(&codes[0])), len(codes))
	multi, tab := multi8Of(f), &f.boardCode
	i, left := 0, 0
	for i < 79-7 {
		if left == 0 { // every seventh step: period 7, predicted
			ptr, bit = min(ptr+bit>>3, 40), bit&7
			win = binary.LittleEndian.Uint64(buf[ptr : ptr+8])
			left = 7
		}
		left--
		e := &multi[win>>(bit&63)&0xff]
		binary.LittleEndian.PutUint64(out[i:i+8], e.pieces)
		bit += uint(e.bits)
		counts += e.counts
		faults |= uint64(e.faults)
		i += int(e.n)
	}
	for ; i < 79; i++ {
		if left == 0 {
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

// A multiCode is the step of decode for one byte of the stream: the n
// board codes that end within those 8 bits, first code first (n >= 1: a
// board code has at most 8 bits), as their pieces (byte k of pieces),
// their total length, their codeCountInc sum, and codeInvalid when the
// byte starts no board code (then n is 1 and bits 0, as in codeTable).
type multiCode struct {
	pieces, counts uint64
	n, bits        uint8
	faults         uint16
}

// multiTable is the multi-code table of a codeTable. A code of length l
// that starts pos bits into the byte is known from the byte's top 8-pos
// bits when l <= 8-pos: codeTable holds it for every value of the bits
// after it, so the top bits shifted down (zeros above) find it.
func multiTable(single *[256]uint32) (t [256]multiCode) {
	for b := range t {
		m := &t[b]
		for pos := uint(0); pos < 8; {
			e := single[uint(b)>>pos]
			l := uint(e >> codeLenShift & 15)
			if e&codeInvalid != 0 || l > 8-pos {
				if pos == 0 { // only a whole byte can say that no code starts here
					m.n, m.faults = 1, codeInvalid
				}
				break
			}
			m.pieces |= uint64(e&31) << (8 * m.n)
			m.counts += codeCountInc[e&7]
			m.n++
			m.bits += uint8(l)
			pos += l
		}
	}
	return
}

// multi8Tables are built on first use (after the formats' init).
var multi8Tables = sync.OnceValue(func() map[*packFormat]*[256]multiCode {
	p, h := multiTable(&psfenFormat.boardCode), multiTable(&hcpFormat.boardCode)
	return map[*packFormat]*[256]multiCode{psfenFormat: &p, hcpFormat: &h}
})

func multi8Of(f *packFormat) *[256]multiCode { return multi8Tables()[f] }
