package nnue

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/internal/cputime"
	"github.com/libshogi/libshogi/libshogi/board"
)

// TestLoadMapped: an uncompressed file loaded with Mmap leaves its
// transformer in the mapping and evaluates exactly like the net it was
// written from; an SFNN (LEB128) file is read normally.
func TestLoadMapped(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"halfkp_256x2-32-32", "kp_256x2-32-32"} {
		net, err := MakeTestNetNamed(name, "test", 1)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".bin")
		if err := net.Save(path); err != nil {
			t.Fatal(err)
		}
		m, err := LoadWith(path, LoadOptions{Mmap: true})
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS == "linux" && !m.Mapped {
			t.Fatalf("%s: not mapped", name)
		}
		if !slices.Equal(m.FTWeight, net.FTWeight) || !bytes.Equal(m.Bytes(), net.Bytes()) {
			t.Fatalf("%s: mapped net differs", name)
		}
		pos := board.NewPosition()
		var ml board.MoveList
		for ply := 0; ply < 60; ply++ {
			if a, b := m.Evaluate(pos, 1), net.Evaluate(pos, 1); a != b {
				t.Fatalf("%s ply %d: %d vs %d", name, ply, a, b)
			}
			pos.GenerateLegal(&ml)
			pos.DoMove(ml.Moves[ply%ml.N])
		}
	}
}

// TestOneNetServesAll: every evaluator and accumulator made from a net
// uses the net's one transformer (no per-evaluator copy).
func TestOneNetServesAll(t *testing.T) {
	net := testNets(t)["test"]
	a, b := NewEvaluator(net), NewEvaluator(net)
	if a.Net() != net || b.Net() != net || &a.Net().FTWeight[0] != &net.FTWeight[0] {
		t.Fatal("evaluators do not share the net")
	}
	acc := NewAccumulator(net)
	if acc.net != net {
		t.Fatal("accumulator does not share the net")
	}
}

// residentMB is the process's resident set size (Linux; 0 elsewhere).
func residentMB() float64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.Atoi(f[1])
	return float64(pages) * float64(os.Getpagesize()) / (1 << 20)
}

// benchLoad loads the file of arch's stress net (written once) b.N times
// with o and reports the resident growth of one load.
func benchLoad(b *testing.B, arch string, o LoadOptions) {
	net, err := MakeTestNetNamed(arch, "stress", 7)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "nn.bin")
	if err := net.Save(path); err != nil {
		b.Fatal(err)
	}
	st, _ := os.Stat(path)
	net = nil
	runtime.GC()
	LoadWith(path, o) // warm: the file in the page cache
	runtime.GC()
	b.ResetTimer()
	var rss float64
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		debug.FreeOSMemory() // return the previous net's pages, so the growth is this load's
		before := residentMB()
		n, err := LoadWith(path, o)
		if err != nil {
			b.Fatal(err)
		}
		n.Evaluate(board.NewPosition(), 16) // touch what an evaluation touches
		rss += residentMB() - before
		runtime.KeepAlive(n)
	}
	cputime.Report(b, cpu)
	b.ReportMetric(float64(st.Size())/(1<<20), "MB-file")
	b.ReportMetric(rss/float64(b.N), "MB-resident-growth")
}

// BenchmarkLoadSFNN: the 223 MB sfnn1536 stress file (LEB128, decoded and
// doubled on load), warm.
func BenchmarkLoadSFNN(b *testing.B) { benchLoad(b, "sfnn1536", LoadOptions{}) }

// BenchmarkLoadRead / BenchmarkLoadMapped: the 257 MB halfkp_1024x2-8-32
// file read into memory, or mapped (the transformer stays in the page
// cache, shared between processes).
func BenchmarkLoadRead(b *testing.B)   { benchLoad(b, "halfkp_1024x2-8-32", LoadOptions{}) }
func BenchmarkLoadMapped(b *testing.B) { benchLoad(b, "halfkp_1024x2-8-32", LoadOptions{Mmap: true}) }
