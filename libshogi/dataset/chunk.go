package dataset

import "github.com/libshogi/libshogi/libshogi/record"

// chunk is a unit of decode work: raw records of a PSV/hcpe file or parsed
// hcpe3 games, and, once decoded, the positions kept from them.
type chunk struct {
	seq    uint64
	epoch  int
	file   int
	format Format
	first  int64 // index of the first record (game) in its file

	raw     []byte // PSV/hcpe: whole records, maybe a truncated tail
	games   []*record.HCPE3Game
	gameIdx []int64 // index of each game in its file

	// lastOfEpoch marks the final chunk of a pass over the files.
	lastOfEpoch bool
	// fatal is an I/O error that ends the stream after this chunk.
	fatal error

	// Results.
	out     []Sample
	n       int // positions kept in out[:n]
	records int64
	bad     int64
	removed [NumFilters]int64
	errs    []string // bad-record messages (capped)
}

// maxChunkErrors bounds the messages a chunk keeps (the count is exact).
const maxChunkErrors = 8

// next returns the slot for the next sample.
func (c *chunk) next() *Sample {
	if c.n == len(c.out) {
		c.out = append(c.out, Sample{})
		c.out = c.out[:cap(c.out)]
	}
	c.n++
	return &c.out[c.n-1]
}

// unnext gives back the slot taken by next.
func (c *chunk) unnext() { c.n-- }

func (c *chunk) badRecord(path string, err error) {
	c.bad++
	if len(c.errs) < maxChunkErrors {
		c.errs = append(c.errs, fileError(path, err))
	}
}

// reset empties a chunk for reuse, keeping its buffers.
func (c *chunk) reset() {
	out, raw, errs, gi := c.out, c.raw, c.errs, c.gameIdx
	*c = chunk{out: out, raw: raw[:0], errs: errs[:0], gameIdx: gi[:0]}
}
