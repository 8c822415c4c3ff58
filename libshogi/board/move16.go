package board

import "fmt"

// The one move16 API of the library: both 16-bit move conventions
// (docs/specs/formats.md §1), their conversion, a position-free check and
// USI text. Move.Move16 is YaneuraOu's form; record and the C ABI convert
// through these.

// Move16Convention names the two 16-bit move encodings (specs/formats.md §1).
type Move16Convention uint8

const (
	// Move16YaneuraOu: PackedSfenValue.move, nnue-pytorch. Drops set bit 14 and
	// keep the piece type in bits 7-13; promotion is bit 15.
	Move16YaneuraOu Move16Convention = iota
	// Move16Apery: hcpe bestMove16, hcpe3, cshogi move16(). Drops store 80+type
	// as the origin; promotion is bit 14.
	Move16Apery
)

func (c Move16Convention) String() string {
	if c == Move16Apery {
		return "apery"
	}
	return "yaneuraou"
}

// ToYaneuraOu converts a move16 of convention c to YaneuraOu's.
func (c Move16Convention) ToYaneuraOu(v uint16) uint16 {
	if c == Move16Apery {
		return HcpeToMove16(v)
	}
	return v
}

// FromYaneuraOu converts YaneuraOu's move16 to convention c.
func (c Move16Convention) FromYaneuraOu(v uint16) uint16 {
	if c == Move16Apery {
		return Move16ToHcpe(v)
	}
	return v
}

// Check reports whether v is a well-formed move16 of convention c
// without looking at a position: 0 (none), a special code (null, resign,
// win; YaneuraOu only), a board move between two distinct squares, or a
// drop of P..G that does not promote.
func (c Move16Convention) Check(v uint16) error {
	if v == 0 {
		return nil
	}
	if c == Move16Apery {
		if v&0x8000 != 0 {
			return fmt.Errorf("move16 %#04x: bit 15 set in an Apery move16", v)
		}
		from := v >> 7 & 0x7f
		if from >= 81 && v&0x4000 != 0 {
			return fmt.Errorf("move16 %#04x: a drop cannot promote", v)
		}
		if from > 87 {
			return fmt.Errorf("move16 %#04x: origin %d out of range", v, from)
		}
		v = HcpeToMove16(v)
	} else {
		switch Move(v) {
		case MoveNull, MoveResign, MoveWin:
			return nil
		}
	}
	to := v & 0x7f
	from := v >> 7 & 0x7f
	if to >= 81 {
		return fmt.Errorf("move16 %#04x: destination %d out of range", v, to)
	}
	if v&0x4000 != 0 {
		if v&0x8000 != 0 {
			return fmt.Errorf("move16 %#04x: a drop cannot promote", v)
		}
		if from < uint16(Pawn) || from > uint16(Gold) {
			return fmt.Errorf("move16 %#04x: bad drop piece %d", v, from)
		}
		return nil
	}
	if from >= 81 {
		return fmt.Errorf("move16 %#04x: origin %d out of range", v, from)
	}
	if from == to {
		return fmt.Errorf("move16 %#04x: origin equals destination", v)
	}
	return nil
}

// USI writes a move16 of convention c as USI text without a position
// ("none" for 0).
func (c Move16Convention) USI(v uint16) string {
	return Move(c.ToYaneuraOu(v)).USI()
}

// ParseUSI turns USI move text into a move16 of convention c without a
// position ("none" gives 0).
func (c Move16Convention) ParseUSI(s string) (uint16, error) {
	if s == "none" || s == "" {
		return 0, nil
	}
	m, err := ParseUSIMoveText(s)
	if err != nil {
		return 0, err
	}
	return c.FromYaneuraOu(m.Move16()), nil
}

// HcpeMove16 is the Apery/cshogi/dlshogi form (hcpe bestMove16): drops as
// from = 80 + type, promotion in bit 14.
func (m Move) HcpeMove16() uint16 { return Move16ToHcpe(uint16(m)) }

// Move16ToHcpe converts YaneuraOu move16 to the Apery convention.
func Move16ToHcpe(v uint16) uint16 {
	to := v & 0x7f
	from := (v >> 7) & 0x7f
	if v&moveDropFlag != 0 {
		from += 80
	}
	out := to | from<<7
	if v&movePromoteFlag != 0 {
		out |= 0x4000
	}
	return out
}

// HcpeToMove16 converts an Apery move16 to YaneuraOu's convention.
func HcpeToMove16(v uint16) uint16 {
	to := v & 0x7f
	from := (v >> 7) & 0x7f
	out := to
	if from >= 81 {
		out |= (from-80)<<7 | moveDropFlag
	} else {
		out |= from << 7
	}
	if v&0x4000 != 0 {
		out |= movePromoteFlag
	}
	return out
}
