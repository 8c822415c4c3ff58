package record

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// checkEncodeFast holds encodeFast to encodeChecked on one diagram: where
// the checked encoder succeeds the fast pass gives the same bytes (or
// declines), where it fails the fast pass declines; and encode, the two
// together, is the checked encoder's answer, error text included.
func checkEncodeFast(t *testing.T, f *packFormat, d *Diagram, mustTakeFast bool) {
	t.Helper()
	want, werr := f.encodeChecked(d)
	var got [32]byte
	ok := f.encodeFast(d, &got)
	switch {
	case werr != nil && ok:
		t.Fatalf("%s %s: encodeFast took a diagram encodeChecked refuses (%v)", f.name, d.SFEN(), werr)
	case werr == nil && ok && got != want:
		t.Fatalf("%s %s: encodeFast %x, encodeChecked %x", f.name, d.SFEN(), got, want)
	case werr == nil && !ok && mustTakeFast:
		t.Fatalf("%s %s: encodeFast declined a usual position", f.name, d.SFEN())
	}
	enc, err := f.encode(d)
	if enc != want || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("%s %s: encode %x %v, encodeChecked %x %v", f.name, d.SFEN(), enc, err, want, werr)
	}
}

// mutate changes one thing of a diagram: a square to any piece value
// (codes without a piece, kings, values of 32 or more included), a hand
// count to any value its field holds, or the side to move.
func mutate(rng *rand.Rand, d *Diagram) {
	switch rng.Intn(4) {
	case 0, 1:
		d.Squares[rng.Intn(board.NumSquares)] = board.Piece(rng.Intn(40))
	case 2:
		pt := packOrder[rng.Intn(7)]
		c := rng.Intn(2)
		d.Hands[c] = d.Hands[c].Set(pt, rng.Intn(4))
	default:
		d.Side = board.Color(rng.Intn(3))
	}
}

// TestEncodeFastMatchesChecked: every position of random games (the fast
// pass must take them), each with a few random changes (most of which
// make a diagram the formats cannot hold), in both formats.
func TestEncodeFastMatchesChecked(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	n, declined := 0, 0
	walkRandomGames(t, rng, 40, func(d *Diagram) {
		for _, f := range []*packFormat{psfenFormat, hcpFormat} {
			checkEncodeFast(t, f, d, true)
			for k := 0; k < 4; k++ {
				x := *d
				for j := rng.Intn(3); j >= 0; j-- {
					mutate(rng, &x)
				}
				var out [32]byte
				if !f.encodeFast(&x, &out) {
					declined++
				}
				checkEncodeFast(t, f, &x, false)
				n++
			}
		}
	})
	if n < 10000 || declined < n/4 {
		t.Fatalf("%d changed diagrams, %d declined: too few to test the refusals", n, declined)
	}
}

// FuzzEncodeFast: any squares, hands and side (from the fuzzer's bytes
// over a valid position) encode the same with and without the fast pass.
func FuzzEncodeFast(f *testing.F) {
	f.Add([]byte{}, uint8(0))
	f.Add([]byte{4, 40, 8, 24, 0}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, side uint8) {
		d, err := ParseDiagram("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(data); i += 2 { // (square, piece) pairs
			d.Squares[int(data[i])%board.NumSquares] = board.Piece(data[i+1])
		}
		if len(data)%2 == 1 {
			d.Hands[int(data[len(data)-1])&1] = board.Hand(uint32(data[len(data)-1]) * 0x01010101)
		}
		d.Side = board.Color(side % 3)
		checkEncodeFast(t, psfenFormat, &d, false)
		checkEncodeFast(t, hcpFormat, &d, false)
	})
}

// BenchmarkHCPEncode: one op = one diagram packed as hcp, by encode (the
// fast pass) and by encodeChecked alone, in the same run.
func BenchmarkHCPEncode(b *testing.B) {
	ds := benchDiagrams(b, 1024)
	for _, c := range []struct {
		name string
		enc  func(*Diagram) ([32]byte, error)
	}{{"encode", hcpFormat.encode}, {"checked", hcpFormat.encodeChecked}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.enc(&ds[i%len(ds)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
