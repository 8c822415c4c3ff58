package dataset

import (
	"math"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// rejectedBy says, from a board.Position, which filter (first in order)
// rejects a position, or -1; the random filter is left to the caller.
func rejectedBy(t *testing.T, f Filters, tr truth) Filter {
	p := posOf(t, tr.sfen)
	m := tr.move
	switch {
	case f.SkipInCheck && p.InCheck():
		return FilterInCheck
	case f.SkipCapture && !m.IsDrop() && p.PieceOn(m.To()) != board.NoPiece:
		return FilterCapture
	case f.SkipPromotion && m.IsPromotion():
		return FilterPromotion
	case f.MaxAbsScore > 0 && (tr.score > int16(f.MaxAbsScore) || tr.score < -int16(f.MaxAbsScore)):
		return FilterScore
	case tr.ply < f.MinPly:
		return FilterMinPly
	}
	return -1
}

// TestFiltersRemoveWhatTheyClaim: each filter alone and all together remove
// exactly the positions that a board.Position says they should, and the
// counts say so; the random skip removes about its fraction, only from
// positions the other filters kept.
func TestFiltersRemoveWhatTheyClaim(t *testing.T) {
	fx := makeFixture(t, 5, 30, 150)
	cases := []Filters{
		{SkipInCheck: true},
		{SkipCapture: true},
		{SkipPromotion: true},
		{MaxAbsScore: 1000},
		{MinPly: 40},
		{SkipInCheck: true, SkipCapture: true, SkipPromotion: true, MaxAbsScore: 2500, MinPly: 10},
		{SkipInCheck: true, SkipCapture: true, MaxAbsScore: 2500, MinPly: 10, SkipFraction: 0.3},
		{SkipFraction: 0.5},
	}
	for _, f := range allFormats {
		tr := fx.truths[f]
		for ci, flt := range cases {
			var want [NumFilters]int64
			var kept []truth
			for _, x := range tr {
				if r := rejectedBy(t, flt, x); r >= 0 {
					want[r]++
					continue
				}
				kept = append(kept, x)
			}
			if f == FormatPSV && ci < 5 && want[ci] == 0 {
				t.Fatalf("case %d: the data has nothing for filter %v to remove", ci, Filter(ci))
			}
			st := open(t, []string{fx.paths[f]}, Options{FeatureSet: "HalfKP", Layout: LayoutCSR, Filters: flt, Threads: 2, Seed: 11})
			rows := collect(t, st)
			s := st.Stats()
			for k := FilterInCheck; k < FilterRandom; k++ {
				if s.Removed[k] != want[k] {
					t.Fatalf("%v case %d: filter %v removed %d, want %d", f, ci, k, s.Removed[k], want[k])
				}
			}
			if s.Removed[FilterRandom]+int64(len(rows)) != int64(len(kept)) {
				t.Fatalf("%v case %d: %d rows + %d random skips, want %d", f, ci, len(rows), s.Removed[FilterRandom], len(kept))
			}
			if flt.SkipFraction == 0 && s.Removed[FilterRandom] != 0 {
				t.Fatalf("random filter removed positions while off")
			}
			if flt.SkipFraction > 0 {
				n, p := float64(len(kept)), flt.SkipFraction
				if d := math.Abs(float64(s.Removed[FilterRandom]) - n*p); d > 5*math.Sqrt(n*p*(1-p)) {
					t.Fatalf("%v case %d: random skip removed %d of %.0f, want about %.0f", f, ci, s.Removed[FilterRandom], n, n*p)
				}
			}
			// the rows are a subsequence of the kept positions
			j := 0
			for _, r := range rows {
				for j < len(kept) && !(kept[j].move.Move16() == r.move && kept[j].score == r.score && int(r.ply) == kept[j].ply) {
					j++
				}
				if j == len(kept) {
					t.Fatalf("%v case %d: a delivered row is not among the kept positions", f, ci)
				}
				j++
			}
			if s.Records != int64(len(tr)) {
				t.Fatalf("%v case %d: %d records, want %d", f, ci, s.Records, len(tr))
			}
		}
	}
}
