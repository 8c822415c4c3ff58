package record

import (
	"bytes"
	"github.com/libshogi/libshogi/internal/cputime"
	"io"
	"math/rand"
	"testing"
)

// benchPSV returns n PSV records of random-playout positions.
func benchPSV(b *testing.B, n int) []byte {
	rng := rand.New(rand.NewSource(3))
	var out []byte
	for len(out) < n*PSVSize {
		g := randomGame(b, rng, false)
		p, _ := g.StartPosition()
		for _, nd := range g.MainLine() {
			d := p.Setup()
			rec, err := NewPSV(&d, 1, nd.Move.Move16(), 0)
			if err != nil {
				b.Fatal(err)
			}
			out = AppendPSV(out, &rec)
			p.DoMove(nd.Move)
		}
	}
	return out[:n*PSVSize]
}

// BenchmarkPSVDecode: one op = one 40-byte record checked and unpacked.
func BenchmarkPSVDecode(b *testing.B) {
	const n = 4096
	data := benchPSV(b, n)
	var rec PSV
	var d Diagram
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % n
		if err := DecodePSV(data[k*PSVSize:(k+1)*PSVSize], &rec, &d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPSVReader: one op = one record through the streaming reader.
func BenchmarkPSVReader(b *testing.B) {
	const n = 4096
	data := benchPSV(b, n)
	b.SetBytes(PSVSize)
	b.ResetTimer()
	left := b.N
	for left > 0 {
		r := NewPSVReader(bytes.NewReader(data), StopOnError)
		for ; left > 0; left-- {
			if _, err := r.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchDiagrams: n positions of random games as diagrams.
func benchDiagrams(b *testing.B, n int) []Diagram {
	data := benchPSV(b, n)
	ds := make([]Diagram, n)
	var rec PSV
	for i := range ds {
		DecodePSV(data[i*PSVSize:], &rec, &ds[i])
	}
	return ds
}

// BenchmarkPSVEncode: one op = one diagram packed into a record.
func BenchmarkPSVEncode(b *testing.B) {
	ds := benchDiagrams(b, 1024)
	buf := make([]byte, PSVSize)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := NewPSV(&ds[i%len(ds)], 0, 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		p.Encode(buf)
	}
}

// BenchmarkHCPEDecode: one op = one 38-byte record.
func BenchmarkHCPEDecode(b *testing.B) {
	const n = 1024
	data := benchPSV(b, n)
	var hcpe []byte
	var rec PSV
	var d Diagram
	for i := 0; i < n; i++ {
		DecodePSV(data[i*PSVSize:], &rec, &d)
		h, _ := NewHCPE(&d, 0, 0, 0)
		hcpe = AppendHCPE(hcpe, &h)
	}
	var h HCPE
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % n
		if err := DecodeHCPE(hcpe[k*HCPESize:], &h, &d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHCPDecode: one op = one 32-byte hcp unpacked; "fast" is
// DecodeHCP (the branch-light pass), "checked" the code-by-code decoder it
// falls back to, in the same run.
func BenchmarkHCPDecode(b *testing.B) {
	const n = 1024
	data := benchPSV(b, n)
	hcps := make([]HCP, n)
	var rec PSV
	var d Diagram
	for i := 0; i < n; i++ {
		DecodePSV(data[i*PSVSize:], &rec, &d)
		hcps[i], _ = EncodeHCP(&d)
	}
	for _, name := range []string{"fast", "checked"} {
		b.Run(name, func(b *testing.B) {
			cputime.Measure(b, true, func(i int) int {
				var err error
				if name == "fast" {
					err = DecodeHCP(&hcps[i%n], &d)
				} else {
					err = hcpFormat.decodeChecked((*[32]byte)(&hcps[i%n]), &d)
				}
				if err != nil {
					b.Fatal(err)
				}
				return 1
			})
		})
	}
}

// BenchmarkKIFParse / BenchmarkCSAParse: one op = one ~100-move game.
func BenchmarkKIFParse(b *testing.B) {
	rng := rand.New(rand.NewSource(5))
	g := randomGame(b, rng, false)
	s := FormatKIF(g)
	b.SetBytes(int64(len(s)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseKIF(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCSAParse(b *testing.B) {
	rng := rand.New(rand.NewSource(5))
	g := randomGame(b, rng, false)
	s := FormatCSA(g, CSAOptions{})
	b.SetBytes(int64(len(s)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseCSA(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPackedDecodePaired: one op = one 32-byte position unpacked, in
// both formats, the decoders taking turns (cputime.Paired): "step11" the
// previous stepBits-wide steps (a counted window), "step" decode (the window shifted per step), "checked"
// the code-by-code decoder.
func BenchmarkPackedDecodePaired(b *testing.B) {
	const n = 1024
	data := benchPSV(b, n)
	packed := make([][32]byte, 2*n)
	var rec PSV
	var d Diagram
	for i := 0; i < n; i++ {
		DecodePSV(data[i*PSVSize:], &rec, &d)
		h, _ := EncodeHCP(&d)
		packed[2*i], packed[2*i+1] = rec.Sfen, h
	}
	format := [2]*packFormat{psfenFormat, hcpFormat}
	run := func(dec func(f *packFormat, x *[32]byte, d *Diagram) error) func(int) {
		return func(i int) {
			k := i % (2 * n)
			if err := dec(format[k&1], &packed[k], &d); err != nil {
				b.Fatal(err)
			}
		}
	}
	cputime.Paired(b, 256, []string{"step11", "step", "checked"}, []func(int){
		run((*packFormat).decodeStep11),
		run((*packFormat).decode),
		run((*packFormat).decodeChecked),
	})
}
