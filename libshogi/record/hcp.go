package record

import "github.com/libshogi/libshogi/libshogi/board"

// HCP is Apery/cshogi/dlshogi's 32-byte HuffmanCodedPos. It has the layout
// of PackedSfen with different codes (specs/formats.md §3); the two are not
// interchangeable.
type HCP [32]byte

var hcpFormat = &packFormat{
	name:       "hcp",
	colorFirst: true,
	board:      [8]string{board.Pawn: "10", board.Lance: "1100", board.Knight: "1110", board.Silver: "1101", board.Gold: "11110", board.Bishop: "111110", board.Rook: "111111"},
	hand:       [8]string{board.Pawn: "00", board.Lance: "1000", board.Knight: "1100", board.Silver: "1010", board.Gold: "1110", board.Bishop: "111110", board.Rook: "111111"},
	box:        [8]string{board.Pawn: "010", board.Lance: "10010", board.Knight: "11010", board.Silver: "10110", board.Gold: "10111", board.Bishop: "1111000", board.Rook: "1111010"},
}

// EncodeHCP packs a diagram as hcp (same limits as EncodePackedSfen).
func EncodeHCP(d *Diagram) (HCP, error) {
	b, err := hcpFormat.encode(d)
	return HCP(b), err
}

// DecodeHCP unpacks 32 bytes of hcp. The diagram's Ply is 1.
func DecodeHCP(p *HCP, d *Diagram) error {
	return hcpFormat.decode((*[32]byte)(p), d)
}

// Diagram decodes the hcp (Ply 1).
func (p HCP) Diagram() (Diagram, error) {
	var d Diagram
	err := DecodeHCP(&p, &d)
	return d, err
}
