package book

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// The benchmark books are large (a 1 GB text book, a 10M-position .ybb),
// so they are written once per test binary into one temporary folder that
// TestMain removes.
var benchDir struct {
	once sync.Once
	path string
}

func benchTemp(b *testing.B) string {
	benchDir.once.Do(func() {
		p, err := os.MkdirTemp("", "libshogi-book-bench-")
		if err != nil {
			b.Fatal(err)
		}
		benchDir.path = p
	})
	return benchDir.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir.path != "" {
		os.RemoveAll(benchDir.path)
	}
	os.Exit(code)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// synthKey is the i-th key of a synthetic sorted text book: a real board
// and side, with the index in the hand field so that keys sort by i. Only
// the probe's string comparisons see it.
func synthKey(i int) string {
	return fmt.Sprintf("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b %010dP", i)
}

var synthTexts sync.Map // size in MB -> *synthText

type synthText struct {
	path string
	n    int
}

// writeSynthText writes a sorted text book of about mb megabytes: each
// position has three move lines, like a typical analysed book.
func writeSynthText(b *testing.B, mb int) *synthText {
	if v, ok := synthTexts.Load(mb); ok {
		return v.(*synthText)
	}
	path := filepath.Join(benchTemp(b), fmt.Sprintf("sorted-%dMB.db", mb))
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString(TextHeader + "\n")
	limit := int64(mb) << 20
	written := int64(len(TextHeader) + 1)
	n := 0
	for ; written < limit; n++ {
		k, _ := fmt.Fprintf(w, "sfen %s %d\n7g7f 3c3d 35 20 %d\n2g2f 8c8d 12 20 3\n5g5f none -40 18 1\n", synthKey(n), 1+n%200, n%97)
		written += int64(k)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	st := &synthText{path, n}
	synthTexts.Store(mb, st)
	return st
}

// BenchmarkProbeSortedText: one on-disk probe of a sorted text book (page
// cache warm). Sizes: 64 MB, 256 MB and LIBSHOGI_BOOK_TEXT_MB (1024).
func BenchmarkProbeSortedText(b *testing.B) {
	for _, mb := range []int{64, 256, envInt("LIBSHOGI_BOOK_TEXT_MB", 1024)} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			st := writeSynthText(b, mb)
			t, err := OpenSortedText(st.path)
			if err != nil {
				b.Fatal(err)
			}
			defer t.Close()
			rng := rand.New(rand.NewSource(1))
			keys := make([]string, 4096)
			for i := range keys {
				keys[i] = synthKey(rng.Intn(st.n))
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e, err := t.Lookup(keys[i%len(keys)])
				if err != nil || e == nil || len(e.Moves) != 3 {
					b.Fatalf("lookup: %v %v", e, err)
				}
			}
			b.ReportMetric(float64(st.n), "positions") // after ResetTimer, which clears metrics
		})
	}
}

var synthYBBs sync.Map

// writeSynthYBB writes a .ybb of n positions with two moves each (depth
// present). Its keys are sorted by construction (big-endian index in the
// first 8 bytes, random bytes after); only the probe reads them.
func writeSynthYBB(b *testing.B, n int) string {
	if v, ok := synthYBBs.Load(n); ok {
		return v.(string)
	}
	path := filepath.Join(benchTemp(b), fmt.Sprintf("synth-%d.ybb", n))
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var h [ybbHeaderSize]byte
	copy(h[:], ybbMagic)
	binary.LittleEndian.PutUint64(h[16:], uint64(n))
	binary.LittleEndian.PutUint64(h[24:], ybbFlagDepth)
	w.Write(h[:])
	var rec [ybbIndexSize]byte
	for i := 0; i < n; i++ {
		synthPacked(i, (*record.PackedSfen)(rec[:32]))
		binary.LittleEndian.PutUint64(rec[32:], uint64(i)*12)
		binary.LittleEndian.PutUint16(rec[40:], uint16(1+i%200))
		binary.LittleEndian.PutUint16(rec[42:], 2)
		w.Write(rec[:])
	}
	mv := []byte{0x3b, 0x1e, 35, 0, 20, 0, 0x0a, 0x23, 12, 0, 20, 0}
	for i := 0; i < n; i++ {
		w.Write(mv)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	synthYBBs.Store(n, path)
	return path
}

func synthPacked(i int, ps *record.PackedSfen) {
	binary.BigEndian.PutUint64(ps[:8], uint64(i)*2+1) // odd: even values are misses
	x := uint64(i)*0x9E3779B97F4A7C15 + 1
	for j := 8; j < 32; j += 8 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		binary.LittleEndian.PutUint64(ps[j:], x)
	}
}

// BenchmarkProbeYBB: one on-disk probe of a .ybb by PackedSfen (hits and
// misses alternate). Sizes: 1M and LIBSHOGI_BOOK_YBB_POSITIONS (10M).
func BenchmarkProbeYBB(b *testing.B) {
	for _, n := range []int{1_000_000, envInt("LIBSHOGI_BOOK_YBB_POSITIONS", 10_000_000)} {
		b.Run(fmt.Sprintf("%dpositions", n), func(b *testing.B) {
			path := writeSynthYBB(b, n)
			t0 := time.Now()
			y, err := OpenYBB(path)
			if err != nil {
				b.Fatal(err)
			}
			openMs := float64(time.Since(t0).Microseconds()) / 1000
			defer y.Close()
			rng := rand.New(rand.NewSource(1))
			keys := make([]record.PackedSfen, 4096)
			for i := range keys {
				synthPacked(rng.Intn(n), &keys[i])
				if i%2 == 1 {
					binary.BigEndian.PutUint64(keys[i][:8], binary.BigEndian.Uint64(keys[i][:8])-1)
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e, err := y.LookupPacked(&keys[i%len(keys)])
				if err != nil || (e != nil) != (i%len(keys)%2 == 0) {
					b.Fatalf("lookup %d: %v %v", i, e, err)
				}
			}
			b.ReportMetric(openMs, "open-ms")
		})
	}
}

var probeBooks sync.Map

// BenchmarkProbePosition: Probe from a board.Position (key making
// included) on a generated 100k-position book in each format.
func BenchmarkProbePosition(b *testing.B) {
	v, ok := probeBooks.Load(0)
	if !ok {
		bk, _ := genBook(100_000, 9)
		dir := benchTemp(b)
		for _, f := range []Format{FormatDB2016, FormatYBB, FormatAperyBin} {
			if err := WriteFile(filepath.Join(dir, "gen100k."+f.String()), bk, f); err != nil {
				b.Fatal(err)
			}
		}
		var ps []*board.Position
		for i, e := range bk.Entries() {
			if i%25 == 0 {
				p, _ := board.FromSFEN(e.SFEN)
				ps = append(ps, p)
			}
		}
		probeBooks.Store(0, ps)
		v = ps
	}
	ps := v.([]*board.Position)
	for _, f := range []Format{FormatDB2016, FormatYBB, FormatAperyBin} {
		b.Run(f.String(), func(b *testing.B) {
			pr, err := Open(filepath.Join(benchTemp(b), "gen100k."+f.String()), OpenOptions{Format: f, Mode: ModeOnDisk})
			if err != nil {
				b.Fatal(err)
			}
			defer pr.Close()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ms, err := pr.Probe(ps[i%len(ps)])
				if err != nil || len(ms) == 0 {
					b.Fatalf("probe: %v", err)
				}
			}
		})
	}
}

// BenchmarkBuildFromCSA: parse CSA records of 120-ply random games and
// count them into a book; the metric is positions per second.
func BenchmarkBuildFromCSA(b *testing.B) {
	rng := rand.New(rand.NewSource(5))
	var texts []string
	plies := 0
	for len(texts) < 200 {
		p := board.NewPosition()
		g := "V2.2\nPI\n+\n"
		var ml board.MoveList
		for ply := 0; ply < 120; ply++ {
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Slice()[rng.Intn(ml.N)]
			g += record.CSAMove(m) + "\n"
			p.DoMove(m)
			plies++
		}
		texts = append(texts, g+"%TORYO\n")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bl := NewBuilder(BuildOptions{Eval: true})
		for _, t := range texts {
			g, err := record.ParseCSA(t)
			if err != nil {
				b.Fatal(err)
			}
			if err := bl.AddGame(g); err != nil {
				b.Fatal(err)
			}
		}
		bl.Book()
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkBuildFromPSV: decode PSV records (40 bytes each) of random
// playouts and count them into a book; the metric is records per second.
func BenchmarkBuildFromPSV(b *testing.B) {
	rng := rand.New(rand.NewSource(6))
	var data []byte
	n := 0
	var ml board.MoveList
	for n < 20000 {
		p := board.NewPosition()
		for ply := 0; ply < 100; ply++ {
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Slice()[rng.Intn(ml.N)]
			d := p.Setup()
			rec, err := record.NewPSV(&d, 0, m.Move16(), int8(rng.Intn(3)-1))
			if err != nil {
				b.Fatal(err)
			}
			data = record.AppendPSV(data, &rec)
			p.DoMove(m)
			n++
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bl := NewBuilder(BuildOptions{Eval: true})
		r := record.NewPSVReader(bytes.NewReader(data), record.StopOnError)
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			bl.AddPSV(rec, r.Diagram())
		}
		bl.Book()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
