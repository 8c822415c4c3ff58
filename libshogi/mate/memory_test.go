package mate

import (
	"runtime"
	"testing"
)

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// On a long problem (将棋図巧 no. 99, 117 plies, far beyond these budgets)
// the table stays within its size: it collects instead of growing, and
// four times the nodes take no more memory.
func TestMemoryStaysWithinTableSize(t *testing.T) {
	var zukou099 problem
	for _, p := range loadProblems(t) {
		if p.id == "zukou-099" {
			zukou099 = p
		}
	}
	if zukou099.id == "" {
		t.Fatal("zukou-099 missing from the golden data")
	}
	pos := tsumePosition(t, zukou099.sfen)
	const tableMB = 1
	s := New(tableMB)
	if s.TableBytes() > tableMB<<20 {
		t.Fatalf("table takes %d bytes, more than %d MB", s.TableBytes(), tableMB)
	}
	res, err := s.Solve(pos, Limits{Nodes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	small := heapInUse()
	s.Clear()
	res, err = s.Solve(pos, Limits{Nodes: 400_000})
	if err != nil {
		t.Fatal(err)
	}
	large := heapInUse()
	t.Logf("status %v, %d nodes, %d of %d slots, %d collections; heap %d KB after 100k nodes, %d KB after 400k",
		res.Status, res.Nodes, res.TableUsed, res.TableSlots, res.Collections, small>>10, large>>10)
	if res.Collections == 0 {
		t.Errorf("no collection in %d nodes with a %d MB table", res.Nodes, tableMB)
	}
	if res.TableUsed > res.TableSlots || res.TableSlots*entryBytes > tableMB<<20 {
		t.Errorf("%d slots used of %d (%d bytes)", res.TableUsed, res.TableSlots, res.TableSlots*entryBytes)
	}
	if large > small+512<<10 {
		t.Errorf("heap grew from %d KB to %d KB with 4x the nodes", small>>10, large>>10)
	}
	runtime.KeepAlive(s)
}
