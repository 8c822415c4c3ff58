package dataset

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// Sample is one training position as the stream carries it.
type Sample struct {
	Diagram record.Diagram // position; Diagram.Ply is the SFEN move number
	Score   int16          // from the side to move's view
	Move    uint16         // recorded move, YaneuraOu move16 (0 = none)
	Result  int8           // for the side to move: 1 win, 0 draw, -1 loss
	// Candidates are the searched moves of an hcpe3 position (Apery
	// move16 and visits); nil for the other formats. Shared, read-only.
	Candidates []record.MoveVisits
}

// resultFor turns an absolute hcpe/hcpe3 result byte into the result for
// the side to move.
func resultFor(r uint8, side board.Color) int8 {
	switch r & 3 {
	case record.ResultBlackWin:
		if side == board.Black {
			return 1
		}
		return -1
	case record.ResultWhiteWin:
		if side == board.White {
			return 1
		}
		return -1
	}
	return 0
}

// fileError names the file in front of a record error.
func fileError(path string, err error) string { return fmt.Sprintf("%s: %v", path, err) }

// decodeFixed decodes the records of a PSV or hcpe chunk into c.out,
// applying the filters.
func (st *Stream) decodeFixed(c *chunk) {
	size := record.PSVSize
	if c.format == FormatHCPE {
		size = record.HCPESize
	}
	var psv record.PSV
	var hcpe record.HCPE
	n := len(c.raw) / size
	for i := 0; i <= n; i++ {
		idx := c.first + int64(i)
		b := c.raw[i*size:]
		if i == n {
			if len(b) == 0 {
				break
			}
			c.records++
			c.badRecord(st.files[c.file].path, &record.Error{Format: c.format.String(), Index: idx,
				Msg: fmt.Sprintf("truncated record: %d of %d bytes", len(b), size)})
			break
		}
		b = b[:size]
		c.records++
		s := c.next()
		var err error
		if c.format == FormatPSV {
			if err = record.DecodePSV(b, &psv, &s.Diagram); err == nil {
				s.Score, s.Move, s.Result = psv.Score, psv.Move, psv.Result
			}
		} else {
			if err = record.DecodeHCPE(b, &hcpe, &s.Diagram); err == nil {
				s.Score, s.Move = hcpe.Eval, record.Apery.ToYaneuraOu(hcpe.BestMove16)
				s.Result = resultFor(hcpe.GameResult, s.Diagram.Side)
			}
		}
		s.Candidates = nil
		if err != nil {
			if e, ok := err.(*record.Error); ok {
				e.Index = idx
			}
			c.badRecord(st.files[c.file].path, err)
			c.unnext()
			continue
		}
		st.keep(c, s, sampleKey{c.epoch, c.file, idx, 0})
	}
}

// decodeGames expands the hcpe3 games of a chunk: one position per move,
// with the move's eval, its candidates and the game's result.
func (st *Stream) decodeGames(c *chunk) {
	for gi, g := range c.games {
		idx := c.gameIdx[gi]
		k := 0
		err := g.Replay(func(p *board.Position, m board.Move, info *record.HCPE3Move) error {
			c.records++
			s := c.next()
			s.Diagram = p.Setup()
			s.Score, s.Move = info.Eval, m.Move16()
			s.Result = resultFor(g.Result, p.SideToMove())
			s.Candidates = info.Candidates
			st.keep(c, s, sampleKey{c.epoch, c.file, idx, k})
			k++
			return nil
		})
		if err != nil {
			if e, ok := err.(*record.Error); ok {
				e.Index = idx
			}
			c.badRecord(st.files[c.file].path, err)
		}
	}
}

// keep applies the filters to the sample just taken with c.next.
func (st *Stream) keep(c *chunk, s *Sample, key sampleKey) {
	if f := st.opts.Filters.reject(s, key, st.opts.Seed); f >= 0 {
		c.removed[f]++
		c.unnext()
	}
}
