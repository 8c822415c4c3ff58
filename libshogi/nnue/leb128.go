package nnue

import (
	"bufio"
	"encoding/binary"
)

// leb128Magic starts every compressed block (docs/specs/nnue-archs.md §2.6):
// the magic, a u32 byte count, then that many bytes of signed LEB128 values.
const leb128Magic = "COMPRESSED_LEB128"

// maxLEB128Bytes bounds one value's encoding: 3 bytes hold any int16; the
// engines accept longer encodings and keep the low 16 bits, up to 32 bits.
const maxLEB128Bytes = 5

// leb128 reads one compressed block holding exactly len(v) int16 values.
func (r *reader) leb128(v []int16, what string) {
	var magic [len(leb128Magic)]byte
	r.fill(magic[:], what+" (LEB128 magic)")
	if r.err != nil {
		return
	}
	if string(magic[:]) != leb128Magic {
		r.err = loadErr(ErrArch, r.off-int64(len(magic)), "%s: LEB128 magic missing", what)
		return
	}
	count := int64(r.u32(what + " (LEB128 byte count)"))
	if r.err != nil {
		return
	}
	start := r.off
	i, nb := 0, 0
	var acc uint32
	for left := count; left > 0 && r.err == nil; {
		chunk, err := r.r.Peek(int(min(left, int64(r.r.Size()))))
		if len(chunk) == 0 {
			r.fill(make([]byte, 1), what)
			if r.err == nil {
				r.err = loadErr(ErrIO, r.off, "reading %s: %v", what, err)
			}
			return
		}
		for _, b := range chunk {
			acc |= uint32(b&0x7f) << (7 * nb)
			nb++
			if b&0x80 != 0 {
				if nb == maxLEB128Bytes {
					r.err = loadErr(ErrArch, start+count-left, "%s: LEB128 value longer than %d bytes", what, maxLEB128Bytes)
					return
				}
				continue
			}
			if b&0x40 != 0 && nb < 5 {
				acc |= ^uint32(0) << (7 * nb) // sign extension
			}
			if i == len(v) {
				r.err = loadErr(ErrArch, start+count-left, "%s: the LEB128 block holds more than %d values", what, len(v))
				return
			}
			v[i] = int16(acc)
			i++
			acc, nb = 0, 0
		}
		r.r.Discard(len(chunk))
		r.off += int64(len(chunk))
		left -= int64(len(chunk))
	}
	if r.err != nil {
		return
	}
	if nb != 0 || i != len(v) {
		r.err = loadErr(ErrArch, start+count, "%s: the %d-byte LEB128 block holds %d values, the layout needs %d", what, count, i, len(v))
	}
}

// leb128Len is the length of the signed LEB128 encoding of v.
func leb128Len(v int32) int {
	n := 1
	for ; v >= 64 || v < -64; v >>= 7 {
		n++
	}
	return n
}

// writeLEB128 writes v (each value first shifted right by shift) as one
// compressed block.
func writeLEB128(w *bufio.Writer, v []int16, shift uint) {
	total := 0
	for _, x := range v {
		total += leb128Len(int32(x) >> shift)
	}
	w.WriteString(leb128Magic)
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(total))
	w.Write(b[:])
	for _, x := range v {
		y := int32(x) >> shift
		for {
			c := byte(y & 0x7f)
			y >>= 7
			if y == 0 && c&0x40 == 0 || y == -1 && c&0x40 != 0 {
				w.WriteByte(c)
				break
			}
			w.WriteByte(c | 0x80)
		}
	}
}
