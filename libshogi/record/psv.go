package record

import (
	"encoding/binary"
	"io"
)

// PSVSize is the size of one PackedSfenValue record.
const PSVSize = 40

// PSV is YaneuraOu's PackedSfenValue (40 bytes, little-endian): a packed
// position, its score and best move from the side to move's view, the SFEN
// move number and the game result for the side to move (+1 win, -1 loss,
// 0 draw). See specs/formats.md §4.
type PSV struct {
	Sfen    PackedSfen
	Score   int16
	Move    uint16 // YaneuraOu move16; 0 = none
	GamePly uint16
	Result  int8
	Padding uint8
}

// Encode writes the 40 bytes of the record into b (len(b) >= 40).
func (p *PSV) Encode(b []byte) {
	_ = b[PSVSize-1]
	copy(b, p.Sfen[:])
	binary.LittleEndian.PutUint16(b[32:], uint16(p.Score))
	binary.LittleEndian.PutUint16(b[34:], p.Move)
	binary.LittleEndian.PutUint16(b[36:], p.GamePly)
	b[38] = byte(p.Result)
	b[39] = p.Padding
}

// AppendPSV appends the record's bytes to dst.
func AppendPSV(dst []byte, p *PSV) []byte {
	var b [PSVSize]byte
	p.Encode(b[:])
	return append(dst, b[:]...)
}

// DecodePSVFields reads the fields of a 40-byte record without checking them.
func DecodePSVFields(b []byte, p *PSV) {
	_ = b[PSVSize-1]
	copy(p.Sfen[:], b[:32])
	p.Score = int16(binary.LittleEndian.Uint16(b[32:]))
	p.Move = binary.LittleEndian.Uint16(b[34:])
	p.GamePly = binary.LittleEndian.Uint16(b[36:])
	p.Result = int8(b[38])
	p.Padding = b[39]
}

// DecodePSV reads and checks a 40-byte record and unpacks its position into
// d (with d.Ply = GamePly, or 1 when GamePly is 0).
func DecodePSV(b []byte, p *PSV, d *Diagram) error {
	if len(b) < PSVSize {
		return recErr("psv", -1, "record is %d bytes, want %d", len(b), PSVSize)
	}
	DecodePSVFields(b, p)
	if e := p.check(d); e != nil {
		return e
	}
	return nil
}

func (p *PSV) check(d *Diagram) *Error {
	if err := DecodePackedSfen(&p.Sfen, d); err != nil {
		return recErr("psv", -1, "sfen: %s", err.(*Error).Msg)
	}
	if p.GamePly > 0 {
		d.Ply = int(p.GamePly)
	}
	if p.Result < -1 || p.Result > 1 {
		return recErr("psv", -1, "game_result %d, want -1, 0 or 1", p.Result)
	}
	if err := YaneuraOu.Check(p.Move); err != nil {
		return recErr("psv", -1, "move: %v", err)
	}
	return nil
}

// NewPSV packs a diagram with a score, move (YaneuraOu move16) and result
// for the side to move. GamePly is the diagram's move number (clamped to
// 65535).
func NewPSV(d *Diagram, score int16, move uint16, result int8) (PSV, error) {
	p := PSV{Score: score, Move: move, Result: result}
	var err error
	if p.Sfen, err = EncodePackedSfen(d); err != nil {
		return PSV{}, recErr("psv", -1, "%s", err.(*Error).Msg)
	}
	ply := d.Ply
	if ply > 65535 {
		ply = 65535
	}
	if ply < 0 {
		ply = 0
	}
	p.GamePly = uint16(ply)
	return p, nil
}

// PSVReader reads a stream of PackedSfenValue records (a .bin file),
// checking each one. Bad records stop or are skipped, as the policy says;
// errors are *Error values with the record index.
type PSVReader = FixedRecordReader[PSV, *PSV]

// NewPSVReader reads records from r.
func NewPSVReader(r io.Reader, policy ErrorPolicy) *PSVReader {
	return newFixedRecordReader[PSV](r, "psv", PSVSize, policy, DecodePSVFields)
}

// PSVWriter writes PackedSfenValue records.
type PSVWriter = FixedRecordWriter[PSV]

// NewPSVWriter writes records to w; call Flush at the end.
func NewPSVWriter(w io.Writer) *PSVWriter { return &PSVWriter{w: w, appendRec: AppendPSV} }
