package record

import (
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func addFiles(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
}

func FuzzCSA(f *testing.F) {
	addFiles(f, "*.csa")
	f.Add([]byte("V2.2\nPI\n+\n+7776FU,T12\n-3334FU\n%TORYO\n"))
	f.Add([]byte("P-11OU\nP+59OU\nP+00AL\n+\n+0012KI\n%TSUMI\n"))
	f.Add([]byte("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+7776FU\n/\nPI\n-\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadCSA(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		out := FormatCSA(g, CSAOptions{})
		g2, err := ParseCSA(out)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, out)
		}
		if out2 := FormatCSA(g2, CSAOptions{}); out2 != out {
			t.Fatalf("not stable:\n%s\n%s", out, out2)
		}
		ParseCSAAll(string(data))
	})
}

func fuzzKakinoki(t *testing.T, data []byte, ki2 bool) {
	var g *Game
	var err error
	if ki2 {
		g, _, err = ReadKI2(data)
	} else {
		g, _, err = ReadKIF(data)
	}
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("error of type %T: %v", err, err)
		}
		return
	}
	out := FormatKIF(g)
	g2, err := ParseKIF(out)
	if err != nil {
		t.Fatalf("written KIF does not read back: %v\n%s", err, out)
	}
	if err := compareTrees(g.Root, g2.Root, true, true, false, "kif"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	s, err := FormatKI2(g)
	if err != nil {
		t.Fatal(err)
	}
	g3, err := ParseKI2(s)
	if err != nil {
		t.Fatalf("written KI2 does not read back: %v\n%s", err, s)
	}
	if err := compareTrees(g.Root, g3.Root, false, false, false, "ki2"); err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	c := FormatCSA(g, CSAOptions{})
	if _, err := ParseCSA(c); err != nil {
		t.Fatalf("written CSA does not read back: %v\n%s", err, c)
	}
}

func FuzzKIF(f *testing.F) {
	addFiles(f, "*.kif*")
	f.Add([]byte("   1 ７六歩(77)\n*x\n**y\n   2 同　歩(33)\n"))
	f.Add([]byte("後手の持駒：なし\n|v香 ・|一\n"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzKakinoki(t, data, false) })
}

func FuzzKI2(f *testing.F) {
	addFiles(f, "*.ki2*")
	f.Add([]byte("▲７六歩　△３四歩　▲２二角成　△同銀\nまで4手で先手の勝ち\n"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzKakinoki(t, data, true) })
}

func packedSeeds(f *testing.F, col int, name string) {
	rows := loadTSV(f, name)
	for _, r := range rows {
		b, _ := hex.DecodeString(r[col])
		f.Add(b[:32])
	}
	f.Add(make([]byte, 32))
}

func fuzzPacked(t *testing.T, data []byte, hcp bool) {
	if len(data) != 32 {
		return
	}
	var b [32]byte
	copy(b[:], data)
	if hcp {
		checkAgainstRef(t, hcpFormat, &b)
	} else {
		checkAgainstRef(t, psfenFormat, &b)
	}
	var d Diagram
	var err error
	if hcp {
		err = DecodeHCP((*HCP)(&b), &d)
	} else {
		err = DecodePackedSfen((*PackedSfen)(&b), &d)
	}
	if err != nil {
		return
	}
	// A decoded position packs again, and that packing decodes to the same.
	var e [32]byte
	if hcp {
		h, err := EncodeHCP(&d)
		if err != nil {
			t.Fatalf("%x decodes to %s but does not encode: %v", data, d.SFEN(), err)
		}
		e = h
	} else {
		p, err := EncodePackedSfen(&d)
		if err != nil {
			t.Fatalf("%x decodes to %s but does not encode: %v", data, d.SFEN(), err)
		}
		e = p
	}
	var d2 Diagram
	if hcp {
		err = DecodeHCP((*HCP)(&e), &d2)
	} else {
		err = DecodePackedSfen((*PackedSfen)(&e), &d2)
	}
	if err != nil || d2 != d {
		t.Fatalf("%x: re-encoding changes the position: %v", data, err)
	}
	if _, err := ParseDiagram(d.SFEN()); err != nil {
		t.Fatalf("%x decodes to a bad SFEN %s: %v", data, d.SFEN(), err)
	}
}

func FuzzPackedSfen(f *testing.F) {
	packedSeeds(f, 5, "psv.tsv")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPacked(t, data, false) })
}

func FuzzHCP(f *testing.F) {
	packedSeeds(f, 4, "hcpe.tsv")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPacked(t, data, true) })
}

// FuzzDecodeMatchesStep11: any 32 bytes, and each of its 256 one-bit
// corruptions (from a valid record: nearly every fault the decoder
// knows), decode in both formats to what the previous step decoder
// gives, error text included.
func FuzzDecodeMatchesStep11(f *testing.F) {
	packedSeeds(f, 4, "hcpe.tsv")
	packedSeeds(f, 5, "psv.tsv")
	f.Fuzz(func(t *testing.T, data []byte) {
		var b [32]byte
		copy(b[:], data)
		for _, pf := range []*packFormat{hcpFormat, psfenFormat} {
			for flip := -1; flip < 256; flip++ {
				x := b
				if flip >= 0 {
					x[flip>>3] ^= 1 << (flip & 7)
				}
				var d Diagram
				err := pf.decode(&x, &d)
				checkAgainstStep11(t, pf, &x, &d, err)
			}
		}
	})
}

func FuzzPSVReader(f *testing.F) {
	file, _ := psvFile(f)
	f.Add(file[:PSVSize*3])
	f.Add(file[:PSVSize+7])
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, pol := range []ErrorPolicy{StopOnError, SkipBadRecords} {
			r := NewPSVReader(bytes.NewReader(data), pol)
			good := 0
			for i := 0; i < 1000; i++ {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					if !IsRecordError(err) {
						t.Fatal(err)
					}
					continue
				}
				good++
				// A good record re-encodes to its bytes when canonical.
				d := *r.Diagram()
				p, err := NewPSV(&d, rec.Score, rec.Move, rec.Result)
				if err != nil {
					t.Fatalf("good record does not re-encode: %v", err)
				}
				_ = p
			}
			if pol == SkipBadRecords && int64(good)+r.Skipped() != int64((len(data)+PSVSize-1)/PSVSize) {
				t.Fatalf("good %d + skipped %d != records %d", good, r.Skipped(), (len(data)+PSVSize-1)/PSVSize)
			}
		}
	})
}

func FuzzHCPE3(f *testing.F) {
	f.Add(AppendHCPE3(nil, &HCPE3Game{Start: mustHCP(f, board.StartSFEN), Moves: []HCPE3Move{{Move16: 7739, Eval: 3, Candidates: []MoveVisits{{7739, 9}}}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewHCPE3Reader(bytes.NewReader(data), SkipBadRecords)
		for i := 0; i < 100; i++ {
			g, _, err := r.Next()
			if err != nil {
				break
			}
			_ = AppendHCPE3(nil, g)
		}
	})
}

func mustHCP(t testing.TB, sfen string) HCP {
	d, err := ParseDiagram(sfen)
	if err != nil {
		t.Fatal(err)
	}
	h, err := EncodeHCP(&d)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
