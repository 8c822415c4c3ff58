package nnue

import (
	"bufio"
	"encoding/binary"
	"fmt"
)

// leb128Magic starts every compressed block (docs/specs/nnue-archs.md §2.6):
// the magic, a u32 byte count, then that many bytes of signed LEB128 values.
const leb128Magic = "COMPRESSED_LEB128"

// maxLEB128Bytes bounds one value's encoding: 3 bytes hold any int16; the
// engines accept longer encodings and keep the low 16 bits, up to 32 bits.
const maxLEB128Bytes = 5

// leb128 reads one compressed block holding exactly len(v) int16 values,
// each shifted left by shift (1: the SFNN doubling, with int16 wrap).
func (r *reader) leb128(v []int16, what string, shift uint) {
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
	d := leb128Decoder{v: v, shift: shift}
	for left := count; left > 0 && r.err == nil; {
		chunk, err := r.r.Peek(int(min(left, int64(r.r.Size()))))
		if len(chunk) == 0 {
			r.fill(make([]byte, 1), what)
			if r.err == nil {
				r.err = loadErr(ErrIO, r.off, "reading %s: %v", what, err)
			}
			return
		}
		if msg := d.decode(chunk); msg != "" {
			r.err = loadErr(ErrArch, r.off, "%s: %s", what, msg)
			return
		}
		r.r.Discard(len(chunk))
		r.off += int64(len(chunk))
		left -= int64(len(chunk))
	}
	if r.err != nil {
		return
	}
	if d.nb != 0 || d.i != len(v) {
		r.err = loadErr(ErrArch, r.off, "%s: the %d-byte LEB128 block holds %d values, the layout needs %d", what, count, d.i, len(v))
	}
}

// leb128Decoder decodes signed LEB128 values into v across chunks: i
// values written, nb bytes and the bits acc of a value begun in an
// earlier chunk.
type leb128Decoder struct {
	v     []int16
	shift uint
	i, nb int
	acc   uint32
}

// decode consumes chunk; it returns a problem or "". One- and two-byte
// values (all of a test net's) take a fast path.
func (d *leb128Decoder) decode(chunk []byte) string {
	v, i, sh := d.v, d.i, d.shift
	p := 0
	for p < len(chunk) {
		if d.nb == 0 && i < len(v) {
			b0 := chunk[p]
			if b0 < 0x80 {
				v[i] = int16(int8(b0<<1)>>1) << sh
				i++
				p++
				continue
			}
			if p+1 < len(chunk) && chunk[p+1] < 0x80 {
				x := uint16(b0&0x7f) | uint16(chunk[p+1])<<7
				v[i] = int16(x<<2) >> 2 << sh
				i++
				p += 2
				continue
			}
		}
		b := chunk[p]
		p++
		d.acc |= uint32(b&0x7f) << (7 * d.nb)
		d.nb++
		if b&0x80 != 0 {
			if d.nb == maxLEB128Bytes {
				d.i = i
				return fmt.Sprintf("LEB128 value longer than %d bytes", maxLEB128Bytes)
			}
			continue
		}
		if b&0x40 != 0 && d.nb < 5 {
			d.acc |= ^uint32(0) << (7 * d.nb) // sign extension
		}
		if i == len(v) {
			d.i = i
			return fmt.Sprintf("the LEB128 block holds more than %d values", len(v))
		}
		v[i] = int16(d.acc) << sh
		i++
		d.acc, d.nb = 0, 0
	}
	d.i = i
	return ""
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
