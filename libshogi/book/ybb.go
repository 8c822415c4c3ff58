package book

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"sort"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// YaneuraOu's binary book (docs/specs/books.md §2): a 32-byte header
// (16-byte magic "YANE-BINBOOK-V1\0", u64 position count, u64 flags), one
// 44-byte index record per position in strictly ascending PackedSfen order
// (PackedSfen[32], u64 offset of its moves, u16 ply, u16 move count), then
// the move records (move16, i16 eval, and u16 depth when flags bit 0 is
// set). The offset counts bytes from the start of the move area, the byte
// after the last index record.
const (
	ybbMagic       = "YANE-BINBOOK-V1\x00"
	ybbHeaderSize  = 32
	ybbIndexSize   = 44
	ybbFlagDepth   = 1
	ybbKnownFlags  = ybbFlagDepth
	ybbMaxMoves    = 1 << 16
	ybbMaxPosition = 1 << 40
)

type ybbIndex struct {
	psfen  record.PackedSfen
	offset uint64
	ply    uint16
	nmoves uint16
}

func decodeYBBIndex(b []byte) ybbIndex {
	var x ybbIndex
	copy(x.psfen[:], b[:32])
	x.offset = binary.LittleEndian.Uint64(b[32:])
	x.ply = binary.LittleEndian.Uint16(b[40:])
	x.nmoves = binary.LittleEndian.Uint16(b[42:])
	return x
}

func ybbMoveSize(flags uint64) int {
	if flags&ybbFlagDepth != 0 {
		return 6
	}
	return 4
}

func decodeYBBMoves(b []byte, flags uint64, n int) []Move {
	ms := ybbMoveSize(flags)
	out := make([]Move, n)
	for i := range out {
		r := b[i*ms:]
		out[i] = Move{Move: binary.LittleEndian.Uint16(r), Eval: int32(int16(binary.LittleEndian.Uint16(r[2:]))), Fields: HasEval}
		if ms == 6 {
			out[i].Depth = int32(binary.LittleEndian.Uint16(r[4:]))
			out[i].Fields |= HasDepth
		}
	}
	return out
}

// YBB probes a .ybb file on disk; concurrent probes are safe.
type YBB struct {
	f        *os.File
	n        int64
	flags    uint64
	moveArea int64
	size     int64
	idx      *sortedRecords
}

func readYBBHeader(r io.ReaderAt, size int64) (n int64, flags uint64, err error) {
	var h [ybbHeaderSize]byte
	if size < ybbHeaderSize {
		return 0, 0, offsetError(FormatYBB, 0, "file of %d bytes is shorter than the header", size)
	}
	if _, err := r.ReadAt(h[:], 0); err != nil {
		return 0, 0, err
	}
	if string(h[:16]) != ybbMagic {
		return 0, 0, offsetError(FormatYBB, 0, "bad magic %q", h[:16])
	}
	cnt := binary.LittleEndian.Uint64(h[16:])
	flags = binary.LittleEndian.Uint64(h[24:])
	if flags&^ybbKnownFlags != 0 {
		return 0, 0, offsetError(FormatYBB, 24, "unknown flags %#x", flags)
	}
	if cnt > ybbMaxPosition || ybbHeaderSize+int64(cnt)*ybbIndexSize > size {
		return 0, 0, offsetError(FormatYBB, 16, "%d positions do not fit in %d bytes", cnt, size)
	}
	return int64(cnt), flags, nil
}

// OpenYBB opens a .ybb book for on-disk probing.
func OpenYBB(path string) (*YBB, error) {
	f, size, err := openSized(path)
	if err != nil {
		return nil, err
	}
	y := &YBB{f: f, size: size}
	if y.n, y.flags, err = readYBBHeader(f, y.size); err != nil {
		f.Close()
		return nil, withPath(err, path)
	}
	y.moveArea = ybbHeaderSize + y.n*ybbIndexSize
	y.idx, err = newSortedRecords(f, FormatYBB, ybbHeaderSize, ybbIndexSize, 32, y.n, true, func(a, b []byte) int { return bytes.Compare(a, b) })
	if err != nil {
		f.Close()
		return nil, withPath(err, path)
	}
	return y, nil
}

func withPath(err error, path string) error {
	if e, ok := err.(*Error); ok {
		e.Path = path
	}
	return err
}

// Len is the number of positions.
func (y *YBB) Len() int64 { return y.n }

// Format is FormatYBB.
func (y *YBB) Format() Format { return FormatYBB }

// Close closes the file.
func (y *YBB) Close() error { return y.f.Close() }

// Probe returns the moves of p, nil if absent.
func (y *YBB) Probe(p *board.Position) ([]Move, error) {
	d := p.Setup()
	ps, err := record.EncodePackedSfen(&d)
	if err != nil {
		return nil, nil // not packable (composed piece set): not in any .ybb
	}
	e, err := y.LookupPacked(&ps)
	if e == nil || err != nil {
		return nil, err
	}
	return e.Moves, nil
}

// LookupPacked finds a position by its PackedSfen; the entry's SFEN is
// left empty (decode it from ps if needed).
func (y *YBB) LookupPacked(ps *record.PackedSfen) (*Entry, error) {
	bp := blockPool.Get().(*[]byte)
	defer blockPool.Put(bp)
	i, rec, buf, err := y.idx.lowerBound(func(k []byte) int { return bytes.Compare(k, ps[:]) }, *bp)
	*bp = buf
	if err != nil || rec == nil || !bytes.Equal(rec[:32], ps[:]) {
		return nil, err
	}
	x := decodeYBBIndex(rec)
	ms := int64(ybbMoveSize(y.flags))
	start := y.moveArea + int64(x.offset)
	if x.offset > uint64(y.size) || start+int64(x.nmoves)*ms > y.size {
		return nil, entryError(FormatYBB, i, "moves at offset %d (%d of them) lie outside the file", x.offset, x.nmoves)
	}
	buf = make([]byte, int64(x.nmoves)*ms)
	if _, err := y.f.ReadAt(buf, start); err != nil {
		return nil, entryError(FormatYBB, i, "cannot read moves: %v", err)
	}
	return &Entry{Ply: int(x.ply), Moves: decodeYBBMoves(buf, y.flags, int(x.nmoves))}, nil
}

// ReadYBB loads a whole .ybb book, checking every record.
func ReadYBB(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return decodeYBB(data)
}

func decodeYBB(data []byte) (*Book, error) {
	n, flags, err := readYBBHeader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	moveArea := int64(ybbHeaderSize) + n*ybbIndexSize
	ms := int64(ybbMoveSize(flags))
	b := New()
	var d record.Diagram
	for i := int64(0); i < n; i++ {
		rec := data[ybbHeaderSize+i*ybbIndexSize : ybbHeaderSize+(i+1)*ybbIndexSize]
		if i > 0 && bytes.Compare(data[ybbHeaderSize+(i-1)*ybbIndexSize:][:32], rec[:32]) >= 0 {
			return nil, entryError(FormatYBB, i, "index is not in strictly ascending PackedSfen order")
		}
		x := decodeYBBIndex(rec)
		if err := record.DecodePackedSfen(&x.psfen, &d); err != nil {
			return nil, entryError(FormatYBB, i, "bad PackedSfen: %v", err)
		}
		// A probe encodes the position it is given: an entry whose bytes
		// are not what its position encodes to could never be found.
		if c, err := record.EncodePackedSfen(&d); err != nil || c != x.psfen {
			return nil, entryError(FormatYBB, i, "PackedSfen is not in canonical form")
		}
		end := moveArea + int64(x.offset) + int64(x.nmoves)*ms
		if x.offset > uint64(len(data)) || end > int64(len(data)) {
			return nil, entryError(FormatYBB, i, "moves at offset %d (%d of them) lie outside the file", x.offset, x.nmoves)
		}
		moves := decodeYBBMoves(data[moveArea+int64(x.offset):end], flags, int(x.nmoves))
		for j, m := range moves {
			if err := record.YaneuraOu.Check(m.Move); err != nil || m.Move == 0 {
				return nil, entryError(FormatYBB, i, "move %d: bad move16 %#04x", j, m.Move)
			}
		}
		b.Put(&Entry{SFEN: d.SFEN4(), Ply: int(x.ply), Moves: moves})
	}
	return b, nil
}

// PackedEntry is a position of a book with its PackedSfen.
type PackedEntry struct {
	Packed record.PackedSfen
	Entry  *Entry
}

// PackedEntries returns the positions of b in ascending PackedSfen order
// (the .ybb order). A position that cannot be packed is an error.
func PackedEntries(b *Book) ([]PackedEntry, error) {
	all := make([]PackedEntry, 0, b.Len())
	for _, e := range b.entries {
		d, err := record.ParseDiagram(e.SFEN)
		if err != nil {
			return nil, err
		}
		ps, err := record.EncodePackedSfen(&d)
		if err != nil {
			return nil, err
		}
		all = append(all, PackedEntry{ps, e})
	}
	sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i].Packed[:], all[j].Packed[:]) < 0 })
	return all, nil
}

// WriteYBB writes b as a .ybb book. Evals are clamped to int16 and depths
// to uint16; the depth column is written when any move has a depth. Ponder
// moves and counts have no place in the format. A position that cannot be
// packed (a composed piece set) is an error.
func WriteYBB(w io.Writer, b *Book) error {
	all, err := PackedEntries(b)
	if err != nil {
		return err
	}
	var flags uint64
	for _, p := range all {
		for _, m := range p.Entry.Moves {
			if m.Fields&HasDepth != 0 {
				flags |= ybbFlagDepth
			}
		}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var h [ybbHeaderSize]byte
	copy(h[:], ybbMagic)
	binary.LittleEndian.PutUint64(h[16:], uint64(len(all)))
	binary.LittleEndian.PutUint64(h[24:], flags)
	bw.Write(h[:])
	ms := ybbMoveSize(flags)
	var off uint64
	var rec [ybbIndexSize]byte
	for _, p := range all {
		n := len(p.Entry.Moves)
		if n >= ybbMaxMoves {
			n = ybbMaxMoves - 1
		}
		copy(rec[:32], p.Packed[:])
		binary.LittleEndian.PutUint64(rec[32:], off)
		binary.LittleEndian.PutUint16(rec[40:], uint16(clamp(int64(p.Entry.Ply), 0, 65535)))
		binary.LittleEndian.PutUint16(rec[42:], uint16(n))
		bw.Write(rec[:])
		off += uint64(n * ms)
	}
	var mv [6]byte
	for _, p := range all {
		for i, m := range p.Entry.Moves {
			if i >= ybbMaxMoves-1 {
				break
			}
			binary.LittleEndian.PutUint16(mv[:], m.Move)
			binary.LittleEndian.PutUint16(mv[2:], uint16(int16(clamp(int64(m.Eval), -32768, 32767))))
			binary.LittleEndian.PutUint16(mv[4:], uint16(clamp(int64(m.Depth), 0, 65535)))
			if _, err := bw.Write(mv[:ms]); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

func clamp(v, lo, hi int64) int64 {
	return min(max(v, lo), hi)
}
