package record

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Move16Convention names the two 16-bit move encodings (specs/formats.md §1).
type Move16Convention uint8

const (
	// YaneuraOu: PackedSfenValue.move, nnue-pytorch. Drops set bit 14 and
	// keep the piece type in bits 7-13; promotion is bit 15.
	YaneuraOu Move16Convention = iota
	// Apery: hcpe bestMove16, hcpe3, cshogi move16(). Drops store 80+type
	// as the origin; promotion is bit 14.
	Apery
)

func (c Move16Convention) String() string {
	if c == Apery {
		return "apery"
	}
	return "yaneuraou"
}

// ToYaneuraOu converts a move16 of convention c to YaneuraOu's.
func ToYaneuraOu(v uint16, c Move16Convention) uint16 {
	if c == Apery {
		return board.HcpeToMove16(v)
	}
	return v
}

// FromYaneuraOu converts YaneuraOu's move16 to convention c.
func FromYaneuraOu(v uint16, c Move16Convention) uint16 {
	if c == Apery {
		return board.Move16ToHcpe(v)
	}
	return v
}

// CheckMove16 reports whether v is a well-formed move16 of convention c
// without looking at a position: 0 (none), a special code (null, resign,
// win; YaneuraOu only), a board move between two distinct squares, or a
// drop of P..G that does not promote.
func CheckMove16(v uint16, c Move16Convention) error {
	if v == 0 {
		return nil
	}
	if c == Apery {
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
		v = board.HcpeToMove16(v)
	} else {
		switch board.Move(v) {
		case board.MoveNull, board.MoveResign, board.MoveWin:
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
		if from < uint16(board.Pawn) || from > uint16(board.Gold) {
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

// Move16USI writes a move16 of convention c as USI text without a position
// ("none" for 0).
func Move16USI(v uint16, c Move16Convention) string {
	return board.Move(ToYaneuraOu(v, c)).USI()
}

// ParseMove16USI turns USI move text into a move16 of convention c without a
// position ("none" gives 0).
func ParseMove16USI(s string, c Move16Convention) (uint16, error) {
	if s == "none" || s == "" {
		return 0, nil
	}
	m, err := board.ParseUSIMoveText(s)
	if err != nil {
		return 0, err
	}
	return FromYaneuraOu(m.Move16(), c), nil
}
