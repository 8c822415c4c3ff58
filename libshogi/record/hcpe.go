package record

import (
	"encoding/binary"
	"io"
)

// HCPESize is the size of one hcpe (HuffmanCodedPosAndEval) record.
const HCPESize = 38

// Game results in hcpe, hcpe2 and hcpe3: absolute, not relative to the
// side to move. hcpe2/hcpe3 add flag bits.
const (
	ResultDraw       uint8 = 0
	ResultBlackWin   uint8 = 1
	ResultWhiteWin   uint8 = 2
	FlagRepetition   uint8 = 0x04
	FlagDeclaration  uint8 = 0x08
	FlagMaxMovesDraw uint8 = 0x10
)

// HCPE is the 38-byte training record of Apery/dlshogi (specs/formats.md §5).
type HCPE struct {
	HCP        HCP
	Eval       int16  // from the side to move's view
	BestMove16 uint16 // Apery move16
	GameResult uint8  // 0 draw, 1 Black won, 2 White won (+ hcpe2 flags)
	Dummy      uint8
}

// Encode writes the 38 bytes into b (len(b) >= 38).
func (h *HCPE) Encode(b []byte) {
	_ = b[HCPESize-1]
	copy(b, h.HCP[:])
	binary.LittleEndian.PutUint16(b[32:], uint16(h.Eval))
	binary.LittleEndian.PutUint16(b[34:], h.BestMove16)
	b[36] = h.GameResult
	b[37] = h.Dummy
}

// AppendHCPE appends the record's bytes to dst.
func AppendHCPE(dst []byte, h *HCPE) []byte {
	var b [HCPESize]byte
	h.Encode(b[:])
	return append(dst, b[:]...)
}

// DecodeHCPEFields reads the fields of a 38-byte record without checking them.
func DecodeHCPEFields(b []byte, h *HCPE) {
	_ = b[HCPESize-1]
	copy(h.HCP[:], b[:32])
	h.Eval = int16(binary.LittleEndian.Uint16(b[32:]))
	h.BestMove16 = binary.LittleEndian.Uint16(b[34:])
	h.GameResult = b[36]
	h.Dummy = b[37]
}

// DecodeHCPE reads and checks a record and unpacks its position into d.
func DecodeHCPE(b []byte, h *HCPE, d *Diagram) error {
	if len(b) < HCPESize {
		return recErr("hcpe", -1, "record is %d bytes, want %d", len(b), HCPESize)
	}
	DecodeHCPEFields(b, h)
	if e := h.check(d); e != nil {
		return e
	}
	return nil
}

func checkResultByte(format string, r uint8) *Error {
	if r&3 == 3 || r&^0x1f != 0 {
		return recErr(format, -1, "result byte %#02x: want 0, 1 or 2 plus flags 0x04/0x08/0x10", r)
	}
	return nil
}

func (h *HCPE) check(d *Diagram) *Error {
	if err := DecodeHCP(&h.HCP, d); err != nil {
		return recErr("hcpe", -1, "hcp: %s", err.(*Error).Msg)
	}
	if e := checkResultByte("hcpe", h.GameResult); e != nil {
		return e
	}
	if err := Apery.Check(h.BestMove16); err != nil {
		return recErr("hcpe", -1, "bestMove16: %v", err)
	}
	return nil
}

// NewHCPE packs a diagram with an eval (side to move's view), an Apery
// move16 and an absolute result.
func NewHCPE(d *Diagram, eval int16, move16 uint16, result uint8) (HCPE, error) {
	h := HCPE{Eval: eval, BestMove16: move16, GameResult: result}
	var err error
	if h.HCP, err = EncodeHCP(d); err != nil {
		return HCPE{}, recErr("hcpe", -1, "%s", err.(*Error).Msg)
	}
	return h, nil
}

// HCPEReader reads a stream of hcpe (or hcpe2) records, checking each one.
type HCPEReader = FixedRecordReader[HCPE, *HCPE]

// NewHCPEReader reads records from r.
func NewHCPEReader(r io.Reader, policy ErrorPolicy) *HCPEReader {
	return newFixedRecordReader[HCPE](r, "hcpe", HCPESize, policy, DecodeHCPEFields)
}

// HCPEWriter writes hcpe records.
type HCPEWriter = FixedRecordWriter[HCPE]

// NewHCPEWriter writes records to w; call Flush at the end.
func NewHCPEWriter(w io.Writer) *HCPEWriter { return &HCPEWriter{w: w, appendRec: AppendHCPE} }
