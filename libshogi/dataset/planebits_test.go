package dataset

import (
	"bytes"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// randomDiagram places up to 40 random pieces (any type, either colour,
// at most one king a side, maybe none) on random squares with random hands
// and side to move: shapes no game reaches, which the planes must handle
// all the same.
func randomDiagram(rng *rand.Rand) record.Diagram {
	var d record.Diagram
	kings := [2]bool{}
	for k := rng.Intn(41); k > 0; k-- {
		c := board.Color(rng.Intn(2))
		pt := board.PieceType(1 + rng.Intn(14))
		if pt == board.King {
			if kings[c] {
				continue
			}
			kings[c] = true
		}
		d.Squares[rng.Intn(81)] = board.NewPiece(c, pt)
	}
	for c := range d.Hands {
		var h board.Hand
		for _, hp := range handPlanes {
			for k := rng.Intn(hp.max + 2); k > 0; k-- { // up to 3 bishops: the field holds 3
				h = h.Add(hp.pt)
			}
		}
		d.Hands[c] = h
	}
	d.Side = board.Color(rng.Intn(2))
	d.Ply = 1
	return d
}

// planeCases: thousands of played positions of both sides to move, and
// random diagrams.
func planeCases(t *testing.T) []record.Diagram {
	fx := makeFixture(t, 23, 30, 120)
	var ds []record.Diagram
	for _, x := range fx.truths[FormatPSV] {
		d, err := record.ParseDiagram(x.sfen)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	rng := rand.New(rand.NewSource(29))
	for i := 0; i < 2000; i++ {
		ds = append(ds, randomDiagram(rng))
	}
	return ds
}

// TestInputFeaturesMatchSquares: the planes from bits (float32 and bytes,
// with the assembly expanders and with their Go twins) equal those of the
// earlier square-by-square implementation, byte for byte, on played and
// random positions; the outputs start dirty to show every value is written.
func TestInputFeaturesMatchSquares(t *testing.T) {
	ds := planeCases(t)
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	for _, lv := range []struct{ avx2, avx512 bool }{{false, false}, {true, false}, {true, true}} {
		if (lv.avx2 && !asm.SupportedCPU()) || (lv.avx512 && !asm.SupportedAVX512()) {
			t.Logf("level avx2=%v avx512=%v not on this machine", lv.avx2, lv.avx512)
			continue
		}
		asm.UseAVX2, asm.UseAVX512 = lv.avx2, lv.avx512
		t.Run(asm.Level(), func(t *testing.T) {
			a1, a2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
			b1, b2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
			u1, u2 := make([]uint8, Features1Num*81), make([]uint8, Features2Num)
			v1, v2 := make([]uint8, Features1Num*81), make([]uint8, Features2Num)
			checks := 0
			for i := range ds {
				d := &ds[i]
				for j := range a1 {
					a1[j], u1[j] = 3, 3
				}
				for j := range a2 {
					a2[j] = 3
				}
				for j := range u2 {
					u2[j] = 3
				}
				ca := InputFeatures(d, a1, a2)
				cb := inputFeaturesSquares(d, b1, b2)
				cu := InputFeaturesU8(d, u1, u2)
				cv := inputFeaturesSquaresU8(d, v1, v2)
				if ca != cb || cu != cv || ca != cu {
					t.Fatalf("%s: in check %v, want %v", d.SFEN(), ca, cb)
				}
				if !slices.Equal(a1, b1) || !slices.Equal(a2, b2) || !slices.Equal(u1, v1) || !slices.Equal(u2, v2) {
					t.Fatalf("%s: planes differ from the square-by-square version", d.SFEN())
				}
				if ca {
					checks++
				}
			}
			if checks == 0 {
				t.Fatal("no position in check among the cases")
			}
		})
	}
}

// BenchmarkPlaneBits: the planes of a position as bits only (what every
// output form is expanded from); one op = one position.
func BenchmarkPlaneBits(b *testing.B) {
	benchData(b)
	var pb planeBits
	cputime.Measure(b, true, func(i int) int {
		pb.compute(&benchDiags[i%len(benchDiags)])
		return 1
	})
}

// unpackMatches reports whether packed bits (InputFeaturesBits layout)
// hold the float planes' values, and the unused bits are 0.
func unpackMatches(b1, b2 []uint8, f1, f2 []float32) bool {
	for p := 0; p < Features1Num; p++ {
		for s := 0; s < 128; s++ {
			bit := b1[16*p+s/8] >> (s % 8) & 1
			if s >= 81 {
				if bit != 0 {
					return false
				}
			} else if float32(bit) != f1[81*p+s] {
				return false
			}
		}
	}
	for p := 0; p < Features2Bytes*8; p++ {
		bit := b2[p/8] >> (p % 8) & 1
		if p >= Features2Num {
			if bit != 0 {
				return false
			}
			continue
		}
		for _, x := range f2[p*81 : (p+1)*81] {
			if float32(bit) != x {
				return false
			}
		}
	}
	return true
}

// TestInputFeaturesBitsMatchFloat: the packed planes hold the float32
// planes' values bit for bit (and the same check flag), on played and
// random positions; the outputs start dirty.
func TestInputFeaturesBitsMatchFloat(t *testing.T) {
	f1, f2 := make([]float32, Features1Num*81), make([]float32, Features2Num*81)
	b1, b2 := make([]uint8, Features1Bytes), make([]uint8, Features2Bytes)
	for _, d := range planeCases(t) {
		for j := range b1 {
			b1[j] = 0xa5
		}
		for j := range b2 {
			b2[j] = 0xa5
		}
		cf := inputFeaturesSquares(&d, f1, f2)
		cb := InputFeaturesBits(&d, b1, b2)
		if cf != cb || !unpackMatches(b1, b2, f1, f2) {
			t.Fatalf("%s: packed planes differ from the float planes", d.SFEN())
		}
	}
}

// TestStreamPlanesBits: a stream asked for the float and the packed
// planes fills both with the same values, row by row, with 2 threads.
func TestStreamPlanesBits(t *testing.T) {
	fx := makeFixture(t, 41, 20, 120)
	for _, f := range []Format{FormatHCPE, FormatHCPE3} {
		o, err := ParseOptions("layout=planes,planes_bits batch_size=100 threads=2")
		if err != nil {
			t.Fatal(err)
		}
		st := open(t, []string{fx.paths[f]}, o)
		rows := 0
		for {
			b, err := st.Next()
			if err != nil {
				break
			}
			if len(b.Features1Bits) != b.N*Features1Bytes || len(b.Features2Bits) != b.N*Features2Bytes || len(b.MoveLabel) != b.N {
				t.Fatal("packed plane sizes")
			}
			for i := 0; i < b.N; i++ {
				if !unpackMatches(b.Features1Bits[i*Features1Bytes:(i+1)*Features1Bytes], b.Features2Bits[i*Features2Bytes:(i+1)*Features2Bytes],
					b.Features1[i*Features1Num*81:(i+1)*Features1Num*81], b.Features2[i*Features2Num*81:(i+1)*Features2Num*81]) {
					t.Fatalf("%v: row %d of a batch: packed planes differ", f, i)
				}
			}
			rows += b.N
		}
		if rows < 1000 {
			t.Fatalf("%v: %d rows", f, rows)
		}
	}
}

// TestRecordPlanesBits: the packed planes of PSV and hcpe records (enough
// to be split over the CPUs, one of them bad) hold RecordPlanes' values,
// with the same labels and the same bad-record count; a bad row is zeros.
func TestRecordPlanesBits(t *testing.T) {
	fx := makeFixture(t, 43, 30, 120)
	for _, f := range []Format{FormatPSV, FormatHCPE} {
		data, err := os.ReadFile(fx.paths[f])
		if err != nil {
			t.Fatal(err)
		}
		size := record.PSVSize
		if f == FormatHCPE {
			size = record.HCPESize
		}
		n := len(data) / size
		if n < 600 {
			t.Fatalf("%v: only %d records", f, n)
		}
		copy(data[7*size:], bytes.Repeat([]byte{0xff}, 32))
		f1, f2, l1 := make([]float32, n*Features1Num*81), make([]float32, n*Features2Num*81), make([]int32, n)
		b1, b2, l2 := make([]uint8, n*Features1Bytes), make([]uint8, n*Features2Bytes), make([]int32, n)
		for i := range b1 {
			b1[i] = 0xa5
		}
		badF, _ := RecordPlanes(data, f, f1, f2, l1)
		badB, first := RecordPlanesBits(data, f, b1, b2, l2)
		if badF != 1 || badB != 1 || first == nil || !strings.Contains(first.Error(), "record 7") {
			t.Fatalf("%v: bad %d / %d, %v", f, badF, badB, first)
		}
		if !slices.Equal(l1, l2) {
			t.Fatalf("%v: labels differ", f)
		}
		for i := 0; i < n; i++ {
			if !unpackMatches(b1[i*Features1Bytes:(i+1)*Features1Bytes], b2[i*Features2Bytes:(i+1)*Features2Bytes],
				f1[i*Features1Num*81:(i+1)*Features1Num*81], f2[i*Features2Num*81:(i+1)*Features2Num*81]) {
				t.Fatalf("%v: record %d: packed planes differ", f, i)
			}
		}
		if _, err := RecordPlanesBits(data, f, b1[:Features1Bytes], b2, l2); err == nil {
			t.Fatalf("%v: no error for a short output", f)
		}
	}
}

// TestStreamCurrent: Current is the batch Next returned, and nil before
// the first, at the end and after Close.
func TestStreamCurrent(t *testing.T) {
	fx := makeFixture(t, 47, 3, 40)
	st := open(t, []string{fx.paths[FormatPSV]}, Options{Layout: LayoutPlanesBits, BatchSize: 16})
	if st.Current() != nil {
		t.Fatal("a current batch before Next")
	}
	b, err := st.Next()
	if err != nil || st.Current() != b || len(st.Current().Features1Bits) != 16*Features1Bytes {
		t.Fatalf("Current is not the batch Next returned (%v)", err)
	}
	for err == nil {
		_, err = st.Next()
	}
	if st.Current() != nil {
		t.Fatal("a current batch at the end")
	}
	st.Close()
	if st.Current() != nil {
		t.Fatal("a current batch after Close")
	}
}

// FuzzRecordPlanesBits feeds arbitrary bytes as PSV and hcpe records: the
// packed and the float planes never panic, count the same bad records and
// hold the same values, row by row.
func FuzzRecordPlanesBits(f *testing.F) {
	fx := makeFixture(f, 53, 2, 30)
	for _, fm := range []Format{FormatPSV, FormatHCPE} {
		data, err := os.ReadFile(fx.paths[fm])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 40*38)])
	}
	f.Add(make([]byte, 40*38))
	f.Fuzz(func(t *testing.T, data []byte) {
		data = data[:min(len(data), 8*record.PSVSize)] // the float planes are 38.5 KB a record
		for _, fm := range []Format{FormatPSV, FormatHCPE} {
			size := record.PSVSize
			if fm == FormatHCPE {
				size = record.HCPESize
			}
			n := len(data) / size
			f1, f2 := make([]float32, n*Features1Num*81), make([]float32, n*Features2Num*81)
			b1, b2 := make([]uint8, n*Features1Bytes), make([]uint8, n*Features2Bytes)
			l1, l2 := make([]int32, n), make([]int32, n)
			badF, _ := RecordPlanes(data, fm, f1, f2, l1)
			badB, _ := RecordPlanesBits(data, fm, b1, b2, l2)
			if badF != badB || !slices.Equal(l1, l2) {
				t.Fatalf("%v: bad %d / %d, labels differ: %v", fm, badF, badB, !slices.Equal(l1, l2))
			}
			for i := 0; i < n; i++ {
				if !unpackMatches(b1[i*Features1Bytes:(i+1)*Features1Bytes], b2[i*Features2Bytes:(i+1)*Features2Bytes],
					f1[i*Features1Num*81:(i+1)*Features1Num*81], f2[i*Features2Num*81:(i+1)*Features2Num*81]) {
					t.Fatalf("%v: record %d: packed planes differ", fm, i)
				}
			}
		}
	})
}

// TestPlaneWords: planeBits.words reads each bitboard as its two words
// (the memory layout the asm kernels are given).
func TestPlaneWords(t *testing.T) {
	var pb planeBits
	rng := rand.New(rand.NewSource(59))
	for p := range pb.f1 {
		for k := rng.Intn(20); k > 0; k-- {
			pb.f1[p].Set(board.Square(rng.Intn(81)))
		}
	}
	for p, w := range pb.words() {
		lo, hi := pb.f1[p].Words()
		if w != [2]uint64{lo, hi} {
			t.Fatalf("plane %d: words %x, bitboard %x %x", p, w, lo, hi)
		}
	}
}
