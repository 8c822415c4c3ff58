package record

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// decodeRef is the plain bit-by-bit decoder of specs/formats.md §2.4 that
// the fast decoder is checked against.
func (f *packFormat) decodeRef(data *[32]byte, d *Diagram) bool {
	bit := func(i int) uint32 { return uint32(data[i>>3]>>(i&7)) & 1 }
	peek := func(pos int) uint32 {
		v := uint32(0)
		for i := 0; i < 8; i++ {
			if pos+i < 256 {
				v |= bit(pos+i) << i
			}
		}
		return v
	}
	*d = Diagram{Ply: 1}
	d.Side = board.Color(bit(0))
	var bk, wk board.Square
	for i := 0; i < 7; i++ {
		bk |= board.Square(bit(1+i)) << i
		wk |= board.Square(bit(8+i)) << i
	}
	if bk >= 81 || wk >= 81 || bk == wk {
		return false
	}
	d.Squares[bk] = board.NewPiece(board.Black, board.King)
	d.Squares[wk] = board.NewPiece(board.White, board.King)
	pos := 15
	var n [16]int
	for s := 0; s < 81; s++ {
		if s == int(bk) || s == int(wk) {
			continue
		}
		e := f.boardDec[peek(pos)]
		if e.kind == decInvalid {
			return false
		}
		pos += int(e.n)
		if pos > 256 {
			return false
		}
		d.Squares[s] = e.pc
		n[e.pc&7]++
	}
	for pos < 256 {
		e := f.handDec[peek(pos)]
		if e.kind == decInvalid {
			return false
		}
		pos += int(e.n)
		if pos > 256 {
			return false
		}
		pt := e.pc.Type()
		n[pt]++
		if e.kind == decHand {
			d.Hands[e.pc.Color()] = d.Hands[e.pc.Color()].Add(pt)
		}
	}
	for pt := board.Pawn; pt <= board.Gold; pt++ {
		if n[pt] != standardCount[pt] {
			return false
		}
	}
	return true
}

func checkAgainstRef(t *testing.T, f *packFormat, data *[32]byte) {
	var a, b Diagram
	err := f.decode(data, &a)
	ok := f.decodeRef(data, &b)
	if (err == nil) != ok || (ok && a != b) {
		t.Fatalf("%s %x: fast decoder %v (%s), reference %v (%s)", f.name, data[:], err, a.SFEN(), ok, b.SFEN())
	}
	// the branch-light pass and the code-by-code one: same diagram, same error
	var c Diagram
	errc := f.decodeChecked(data, &c)
	if fmt.Sprint(err) != fmt.Sprint(errc) || (err == nil && a != c) {
		t.Fatalf("%s %x: decode %v (%s), decodeChecked %v (%s)", f.name, data[:], err, a.SFEN(), errc, c.SFEN())
	}
	checkAgainstStep11(t, f, data, &a, err)
}

// checkAgainstStep11 holds decode's result (diagram a, error err) to the
// previous step decoder's: the same diagram, the same error text.
func checkAgainstStep11(t *testing.T, f *packFormat, data *[32]byte, a *Diagram, err error) {
	var s Diagram
	errs := f.decodeStep11(data, &s)
	if fmt.Sprint(err) != fmt.Sprint(errs) || (err == nil && *a != s) {
		t.Fatalf("%s %x: decode %v (%s), decodeStep11 %v (%s)", f.name, data[:], err, a.SFEN(), errs, s.SFEN())
	}
}

// TestFastDecodeMatchesChecked: every position of random games, packed in
// both formats, decodes the same with the branch-light pass, the checked
// decoder and the reference.
func TestFastDecodeMatchesChecked(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 0
	walkRandomGames(t, rng, 60, func(d *Diagram) {
		ps, err1 := EncodePackedSfen(d)
		h, err2 := EncodeHCP(d)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		checkAgainstRef(t, psfenFormat, (*[32]byte)(&ps))
		checkAgainstRef(t, hcpFormat, (*[32]byte)(&h))
		n++
	})
	if n < 3000 {
		t.Fatalf("only %d positions", n)
	}
}

// TestDecoderAgainstReference compares the fast decoder with the reference
// one on the vectors, random positions and random bit flips of them.
func TestDecoderAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var inputs [][32]byte
	for _, name := range []string{"psv.tsv", "hcpe.tsv"} {
		for _, r := range loadTSV(t, name) {
			d, _ := ParseDiagram(r[0])
			p, _ := EncodePackedSfen(&d)
			h, _ := EncodeHCP(&d)
			inputs = append(inputs, p, h)
		}
	}
	for i := 0; i < 40; i++ {
		g := randomGame(t, rng, false)
		d := g.Start
		p, _ := EncodePackedSfen(&d)
		h, _ := EncodeHCP(&d)
		inputs = append(inputs, p, h)
	}
	n := 0
	for _, in := range inputs {
		for _, f := range []*packFormat{psfenFormat, hcpFormat} {
			checkAgainstRef(t, f, &in)
			for k := 0; k < 200; k++ {
				x := in
				for j := rng.Intn(3); j >= 0; j-- {
					i := rng.Intn(256)
					x[i>>3] ^= 1 << (i & 7)
				}
				checkAgainstRef(t, f, &x)
				n++
			}
		}
	}
	for k := 0; k < 2000; k++ {
		var x [32]byte
		rng.Read(x[:])
		checkAgainstRef(t, psfenFormat, &x)
		checkAgainstRef(t, hcpFormat, &x)
	}
}

// TestStepTableAgainstSingle: every entry of both formats' step tables
// is what decoding its window code by code with the single-code table
// gives (codes that end within stepBits bits, at most stepMaxCodes), and
// every window that starts a valid code takes at least one.
func TestStepTableAgainstSingle(t *testing.T) {
	for _, f := range []*packFormat{psfenFormat, hcpFormat} {
		valid := 0
		for x := 0; x < 1<<stepBits; x++ {
			var pieces, counts uint64
			n, pos := 0, 0
			for n < stepMaxCodes {
				e := f.boardDec[(x>>pos)&0xff]
				if e.kind == decInvalid || pos+int(e.n) > stepBits {
					break
				}
				pieces |= uint64(e.pc) << (8 * n)
				counts += codeCountInc[e.pc&7]
				pos += int(e.n)
				n++
			}
			want := pieces | uint64(n)<<56
			if n == 0 {
				want = stepInvalid | 1<<56
			} else {
				valid++
			}
			st := f.boardStep
			if st.pieces[x] != want || st.counts[x] != counts || int(st.bits[x]) != pos {
				t.Fatalf("%s window %010b: step %x/%x/%d, want %x/%x/%d", f.name, x, st.pieces[x], st.counts[x], st.bits[x], want, counts, pos)
			}
		}
		if valid < 1<<stepBits/2 {
			t.Fatalf("%s: only %d windows start a code", f.name, valid)
		}
	}
}
