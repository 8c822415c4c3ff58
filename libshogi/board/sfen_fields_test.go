package board

import (
	"strings"
	"testing"
)

// splitFields is strings.Fields without allocation: the same fields and
// count for any text (ASCII space of every kind, Unicode space, runs and
// edges), and only the first four kept.
func FuzzSplitFields(f *testing.F) {
	for _, s := range []string{"", " ", StartSFEN, "  a\tb\n\vc\f\rd  e ", "a\u00a0b c", "x\u0085y", "\xff b", "a b c d e f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.Fields(s)
		var got [4]string
		n := splitFields(s, &got)
		if n != len(want) {
			t.Fatalf("%q: %d fields, strings.Fields has %d", s, n, len(want))
		}
		for i := 0; i < min(n, 4); i++ {
			if got[i] != want[i] {
				t.Fatalf("%q: field %d is %q, want %q", s, i, got[i], want[i])
			}
		}
	})
}

// The SFEN writers append into a caller's buffer with no allocation.
func TestAppendSFENAllocatesNothing(t *testing.T) {
	p, err := FromSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 124")
	if err != nil {
		t.Fatal(err)
	}
	var buf [256]byte
	d := p.Setup()
	if got := string(d.AppendSFEN(buf[:0])); got != "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 124" {
		t.Fatalf("AppendSFEN: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { d.AppendSFEN(buf[:0]) }); n != 0 {
		t.Fatalf("AppendSFEN: %v allocations", n)
	}
	q := NewPosition()
	if n := testing.AllocsPerRun(100, func() { _ = q.SetSFEN(StartSFEN, SFENOptions{}) }); n != 0 {
		t.Fatalf("SetSFEN: %v allocations", n)
	}
}
