package board

import "fmt"

// Handicap is one standard start position. The giver (上手) plays White and
// moves first in every handicap game.
type Handicap struct {
	Name string // English name used by the API: "even", "lance", ...
	KIF  string // the KIF 手合割 name
	SFEN string
	CSA  string // the CSA PI line
}

// Handicaps lists the standard start positions (rules.md §12).
var Handicaps = []Handicap{
	{"even", "平手", StartSFEN, "PI"},
	{"lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI11KY"},
	{"right-lance", "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI91KY"},
	{"bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI22KA"},
	{"rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI"},
	{"rook-lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI11KY"},
	{"2-piece", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA"},
	{"3-piece", "三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY"},
	{"4-piece", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY"},
	{"5-piece", "五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY81KE"},
	{"left-5-piece", "左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE"},
	{"6-piece", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA21KE81KE11KY91KY"},
	{"left-7-piece", "左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA31GI21KE81KE11KY91KY"},
	{"right-7-piece", "右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA71GI21KE81KE11KY91KY"},
	{"8-piece", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA31GI71GI21KE81KE11KY91KY"},
	{"10-piece", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY"},
	// Not in Kakinoki's list: a KIF file writes these as a board diagram.
	{"double-lance", "", "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI11KY91KY"},
	{"9-piece", "", "4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA61KI31GI71GI21KE81KE11KY91KY"},
	{"3-pawns", "", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1", ""},
	{"naked-king", "", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", ""},
	{"dragonfly", "", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", ""},
}

// FindHandicap looks a handicap up by its English or KIF name.
func FindHandicap(name string) (Handicap, bool) {
	for _, h := range Handicaps {
		if h.Name == name || (h.KIF != "" && h.KIF == name) {
			return h, true
		}
	}
	return Handicap{}, false
}

// FromHandicap returns the start position of a named handicap.
func FromHandicap(name string) (*Position, error) {
	h, ok := FindHandicap(name)
	if !ok {
		return nil, fmt.Errorf("unknown handicap %q", name)
	}
	return FromSFEN(h.SFEN)
}
