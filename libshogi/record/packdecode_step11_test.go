package record

import (
	"encoding/binary"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The previous fast decoder (stepBits-wide steps with the window kept
// apart from the steps: a load every stepsPerLoad steps counted down),
// kept as the baseline of BenchmarkPackedDecodePaired and as a further
// cross-check of decode (checkAgainstRef, FuzzDecodeMatchesStep11).

// decodeStep11 unpacks a 256-bit position in one pass with no data-dependent
// branch per code: the board codes (kings are not coded) are taken
// stepBits bits at a time, every hand code adds its table increment (0
// for a boxed piece), and the faults are gathered into one flag. Any
// fault (a bad code, a stream of the wrong length, wrong piece counts)
// sends the record to decodeChecked, which finds the first fault and says
// what it is, so errors and diagrams are those of the checked decoder
// (TestFastDecodeMatchesChecked, FuzzPackedSfen, FuzzHCP).
func (f *packFormat) decodeStep11(data *[32]byte, d *Diagram) error {
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
	// The chain from one step to the next is a shift, a mask, a one-byte
	// load and an add (the lengths are a table apart from the pieces,
	// which no step waits for); on played positions it is paid 29 times
	// (23 steps and 6 single codes; 8-bit steps: 37 times, 31 and 6; a
	// code a step: 79). The steps of one 64-bit window start at most
	// 7 + (stepsPerLoad-1)*stepBits bits into it, so one load serves
	// stepsPerLoad of them (ptr stays below 41: a broken record's codes
	// may run on, and its final position is wrong anyway). The last
	// codes, where a step could overrun the 79th, go one at a time on the
	// same schedule.
	ptr, bit := uint(1), uint(7) // bit 15
	var win, counts, faults uint64
	var codes [board.NumSquares + 7]board.Piece // a step stores 8 bytes
	out := unsafe.Slice((*byte)(unsafe.Pointer(&codes[0])), len(codes))
	st, tab := f.boardStep, &f.boardCode
	i, left := 0, 0
	for i < 79-7 {
		if left == 0 { // every stepsPerLoad-th step: a fixed period, predicted
			ptr, bit = min(ptr+bit>>3, 40), bit&7
			win = binary.LittleEndian.Uint64(buf[ptr : ptr+8])
			left = stepsPerLoad
		}
		left--
		x := win >> (bit & 63) & stepMask
		bit += uint(st.bits[x])
		p := st.pieces[x]
		binary.LittleEndian.PutUint64(out[i:i+8], p) // byte 7 is overwritten by the next step
		counts += st.counts[x]
		faults |= p
		i += int(p >> 56 & 7)
	}
	for ; i < 79; i++ {
		if left == 0 {
			ptr, bit = min(ptr+bit>>3, 40), bit&7
			win = binary.LittleEndian.Uint64(buf[ptr : ptr+8])
			left = stepsPerLoad
		}
		left--
		e := uint64(tab[win>>(bit&63)&0xff])
		bit += uint(e >> codeLenShift & 15)
		counts += codeCountInc[e&7]
		faults |= e << (63 - 15) // codeInvalid to bit 63, stepInvalid's place
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

// peek8 is the 8 bits of buf from bit pos; past bit 320 (a broken
// record, whose pos ends past 256 anyway) it reads the last bytes.
func peek8(buf *[48]byte, pos uint) uint32 {
	k := min(pos>>3, 40)
	return uint32(binary.LittleEndian.Uint64(buf[k:k+8]) >> (pos & 7) & 0xff)
}
