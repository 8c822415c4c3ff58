package usi

import (
	"strconv"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// progressLine is the USI line of a periodic report: no score and no PV
// (GUIs keep the last line's), only what changes between iterations.
// currmovenumber is UCI's, not USI's: it is left out.
func progressLine(i *search.Info) string {
	b := make([]byte, 0, 128)
	b = append(b, "info depth "...)
	b = strconv.AppendInt(b, int64(i.Depth), 10)
	b = append(b, " seldepth "...)
	b = strconv.AppendInt(b, int64(i.SelDepth), 10)
	b = append(b, " nodes "...)
	b = strconv.AppendUint(b, i.Nodes, 10)
	b = append(b, " nps "...)
	b = strconv.AppendUint(b, i.NPS, 10)
	b = append(b, " time "...)
	b = strconv.AppendInt(b, i.Time.Milliseconds(), 10)
	b = append(b, " hashfull "...)
	b = strconv.AppendInt(b, int64(i.Hashfull), 10)
	if i.CurrMove != board.MoveNone {
		b = append(b, " currmove "...)
		b = append(b, i.CurrMove.USI()...)
	}
	return string(b)
}
