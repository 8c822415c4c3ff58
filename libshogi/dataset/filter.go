package dataset

import (
	"fmt"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// Filters remove positions before they are shuffled. A position is removed
// by the first filter, in the order of the Filter constants, that rejects
// it; Stats.Removed counts each filter's removals.
type Filters struct {
	SkipInCheck   bool    // the side to move is in check
	SkipCapture   bool    // the recorded move captures
	SkipPromotion bool    // the recorded move promotes
	MaxAbsScore   int     // |score| > MaxAbsScore (0 = no limit)
	MinPly        int     // ply (SFEN move number) < MinPly
	SkipFraction  float64 // removes this fraction at random (seeded, 0..1)
}

// Filter names one filter, the index into Stats.Removed.
type Filter int

const (
	FilterInCheck Filter = iota
	FilterCapture
	FilterPromotion
	FilterScore
	FilterMinPly
	FilterRandom
	NumFilters
)

var filterNames = [NumFilters]string{"in_check", "capture", "promotion", "score", "min_ply", "random"}

func (f Filter) String() string {
	if f >= 0 && f < NumFilters {
		return filterNames[f]
	}
	return fmt.Sprintf("filter(%d)", int(f))
}

func (f *Filters) check() error {
	if f.MaxAbsScore < 0 {
		return fmt.Errorf("dataset: score limit %d is negative", f.MaxAbsScore)
	}
	if f.MinPly < 0 {
		return fmt.Errorf("dataset: min ply %d is negative", f.MinPly)
	}
	if !(f.SkipFraction >= 0 && f.SkipFraction <= 1) {
		return fmt.Errorf("dataset: skip fraction %v out of range 0..1", f.SkipFraction)
	}
	return nil
}

// sampleKey identifies a position in the data (for the seeded random skip):
// the file, the record (game for hcpe3) and the move within it.
type sampleKey struct {
	epoch, file int
	record      int64
	move        int
}

// reject returns the filter that removes s, or -1 to keep it.
func (f *Filters) reject(s *Sample, key sampleKey, seed uint64) Filter {
	if f.SkipInCheck && InCheck(&s.Diagram) {
		return FilterInCheck
	}
	if s.Move != 0 && !board.Move(s.Move).IsSpecial() {
		m := board.Move(s.Move)
		if f.SkipCapture && !m.IsDrop() && s.Diagram.Squares[m.To()] != board.NoPiece {
			return FilterCapture
		}
		if f.SkipPromotion && m.IsPromotion() {
			return FilterPromotion
		}
	}
	if f.MaxAbsScore > 0 && abs(int(s.Score)) > f.MaxAbsScore {
		return FilterScore
	}
	if s.Diagram.Ply < f.MinPly {
		return FilterMinPly
	}
	if f.SkipFraction > 0 && unitFloat(key, seed) < f.SkipFraction {
		return FilterRandom
	}
	return -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// unitFloat is a uniform number in [0,1) fixed by the key and the seed, so
// that the random skip does not depend on thread scheduling.
func unitFloat(k sampleKey, seed uint64) float64 {
	h := splitmix(seed ^ 0x6a09e667f3bcc909)
	h = splitmix(h ^ uint64(k.epoch))
	h = splitmix(h ^ uint64(k.file))
	h = splitmix(h ^ uint64(k.record))
	h = splitmix(h ^ uint64(k.move))
	return float64(h>>11) / (1 << 53)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// InCheck reports whether the side to move of d is in check (its king is
// attacked by a piece of the other side). A diagram without that king is
// not in check.
func InCheck(d *record.Diagram) bool {
	us := d.Side
	k := d.KingSquare(us)
	if k == board.NoSquare {
		return false
	}
	occ := occupancy(d)
	for sq, pc := range d.Squares {
		if pc != board.NoPiece && pc.Color() != us && board.Attacks(pc, board.Square(sq), occ).Has(k) {
			return true
		}
	}
	return false
}

// occupancy is the set of occupied squares of d.
func occupancy(d *record.Diagram) board.Bitboard {
	var b board.Bitboard
	for sq, pc := range d.Squares {
		if pc != board.NoPiece {
			b.Set(board.Square(sq))
		}
	}
	return b
}
