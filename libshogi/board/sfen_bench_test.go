package board

import (
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
)

// BenchmarkSetSFEN: one op = one SFEN parsed into an existing Position
// (what shogi_position_set_sfen does); thread CPU time beside wall time.
func BenchmarkSetSFEN(b *testing.B) {
	p := NewPosition()
	cputime.Measure(b, true, func(i int) int {
		if err := p.SetSFEN(benchSFENs[i%len(benchSFENs)], SFENOptions{}); err != nil {
			b.Fatal(err)
		}
		return 1
	})
}

// BenchmarkAppendSFEN: one op = one position's SFEN written into a
// buffer (what shogi_position_sfen does).
func BenchmarkAppendSFEN(b *testing.B) {
	var ps []*Position
	for _, s := range benchSFENs {
		p, _ := FromSFEN(s)
		ps = append(ps, p)
	}
	var buf [256]byte
	cputime.Measure(b, true, func(i int) int {
		d := ps[i%len(ps)].Setup()
		if len(d.AppendSFEN(buf[:0])) < 20 {
			b.Fatal("short SFEN")
		}
		return 1
	})
}

// BenchmarkSFENString: one op = one position's SFEN as a string.
func BenchmarkSFENString(b *testing.B) {
	var ps []*Position
	for _, s := range benchSFENs {
		p, _ := FromSFEN(s)
		ps = append(ps, p)
	}
	cputime.Measure(b, true, func(i int) int {
		if len(ps[i%len(ps)].SFEN()) < 20 {
			b.Fatal("short SFEN")
		}
		return 1
	})
}
