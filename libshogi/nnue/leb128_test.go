package nnue

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// leb128Block encodes v as one compressed block.
func leb128Block(v []int16, shift uint) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	writeLEB128(w, v, shift)
	w.Flush()
	return b.Bytes()
}

// TestLEB128Vectors: signed LEB128 encodings of known values.
func TestLEB128Vectors(t *testing.T) {
	cases := []struct {
		v   int16
		enc []byte
	}{
		{0, []byte{0x00}}, {1, []byte{0x01}}, {-1, []byte{0x7F}}, {63, []byte{0x3F}}, {64, []byte{0xC0, 0x00}},
		{-64, []byte{0x40}}, {-65, []byte{0xBF, 0x7F}}, {8191, []byte{0xFF, 0x3F}}, {8192, []byte{0x80, 0xC0, 0x00}},
		{32767, []byte{0xFF, 0xFF, 0x01}}, {-32768, []byte{0x80, 0x80, 0x7E}},
	}
	for _, c := range cases {
		b := leb128Block([]int16{c.v}, 0)
		if want := append(append([]byte(leb128Magic), byte(len(c.enc)), 0, 0, 0), c.enc...); !bytes.Equal(b, want) {
			t.Errorf("%d: % X, want % X", c.v, b, want)
		}
	}
}

// TestLEB128RoundTrip decodes random blocks through a 16-byte buffer, so
// that values straddle the chunks, with and without the SFNN doubling.
func TestLEB128RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for iter := 0; iter < 50; iter++ {
		v := make([]int16, 1+r.IntN(3000))
		for i := range v {
			switch r.IntN(4) {
			case 0:
				v[i] = int16(r.Uint32())
			case 1:
				v[i] = []int16{-32768, 32767, -8193, 8192, -65, 64, -64, 63}[r.IntN(8)]
			default:
				v[i] = int16(r.IntN(129) - 64)
			}
		}
		for _, shift := range []uint{0, 1} {
			b := leb128Block(v, 0)
			rd := &reader{r: bufio.NewReaderSize(bytes.NewReader(b), 16)}
			got := make([]int16, len(v))
			rd.leb128(got, "block", shift)
			if rd.err != nil {
				t.Fatalf("iter %d: %v", iter, rd.err)
			}
			for i := range v {
				if got[i] != v[i]<<shift {
					t.Fatalf("iter %d shift %d value %d: %d, want %d", iter, shift, i, got[i], v[i]<<shift)
				}
			}
			// one value too few or too many is an error
			rd = &reader{r: bufio.NewReaderSize(bytes.NewReader(b), 16)}
			rd.leb128(make([]int16, len(v)+1), "block", 0)
			if rd.err == nil {
				t.Fatal("short block accepted")
			}
			rd = &reader{r: bufio.NewReaderSize(bytes.NewReader(b), 16)}
			rd.leb128(make([]int16, len(v)-1), "block", 0)
			if rd.err == nil && len(v) > 1 {
				t.Fatal("long block accepted")
			}
		}
	}
}

// TestSFNNFile: the sfnn1536 test and stress nets written with LEB128
// have exactly the sizes of docs/specs/nnue-archs.md §2 (112,830,690 and
// 223,027,186 bytes), and the test net reads back to the same parameters
// and evaluations.
func TestSFNNFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads two SFNN nets of 113 and 223 MB")
	}
	for _, c := range []struct {
		kind string
		seed uint64
		size int
	}{{"test", 1, 112830690}, {"stress", 7, 223027186}} {
		net, err := MakeTestNetNamed("sfnn1536", c.kind, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		b := net.Bytes()
		if len(b) != c.size {
			t.Fatalf("%s: %d bytes, want %d", c.kind, len(b), c.size)
		}
		if c.kind == "stress" {
			continue
		}
		m, err := LoadBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		if m.Arch.Name() != "sfnn1536" || !m.Compressed || len(m.Warnings) != 0 || len(m.NetHashes) != 9 {
			t.Fatalf("loaded %s compressed %v warnings %v", m.Arch.Name(), m.Compressed, m.Warnings)
		}
		if !slices.Equal(m.FTWeight, net.FTWeight) || !slices.Equal(m.FTBias, net.FTBias) {
			t.Fatal("transformer differs")
		}
		pos, _ := board.FromSFEN(benchSFEN)
		if a, b := m.Evaluate(pos, 1), net.Evaluate(pos, 1); a != b {
			t.Fatalf("evaluation %d vs %d", a, b)
		}
	}
}
