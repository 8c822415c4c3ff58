package mate

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestTableDominance(t *testing.T) {
	tt := newTable(1 << 16)
	h := board.Hand(0).Set(board.Gold, 1).Set(board.Pawn, 2)
	more := h.Set(board.Silver, 1)
	less := h.Set(board.Pawn, 1)
	const proved, disproved = 0x1234, 0x5678
	tt.store(proved, h, 0, entry{pn: 0, dn: inf, hand: h, length: 7})
	if e, ok := tt.lookup(proved, more, 0, 99); !ok || e.pn != 0 || e.length != 7 {
		t.Errorf("a proof with %x does not cover %x: %+v %v", h, more, e, ok)
	}
	if e, ok := tt.lookup(proved, less, 0, 99); ok && e.pn == 0 {
		t.Errorf("a proof with %x covers the smaller %x", h, less)
	}
	tt.store(disproved, h, 0, entry{pn: inf, dn: 0, hand: h, depth: anyDepth})
	if e, ok := tt.lookup(disproved, less, 0, anyDepth+1); !ok || e.dn != 0 {
		t.Errorf("a disproof with %x does not cover %x", h, less)
	}
	if e, ok := tt.lookup(disproved, more, 0, anyDepth+1); ok && e.dn == 0 {
		t.Errorf("a disproof with %x covers the larger %x", h, more)
	}
	// The defender's hand compares the other way: a proof holds when the
	// defender holds fewer pieces, a disproof when he holds more.
	const both = 0x4321
	d := board.Hand(0).Set(board.Silver, 2)
	tt.store(both, h, d, entry{pn: 0, dn: inf, hand: h, length: 3})
	if e, ok := tt.lookup(both, h, d.Sub(board.Silver), 99); !ok || e.pn != 0 {
		t.Error("a proof does not hold against fewer defender pieces")
	}
	if e, ok := tt.lookup(both, h, d.Add(board.Pawn), 99); ok && e.pn == 0 {
		t.Error("a proof holds against more defender pieces")
	}
	tt.store(both+1, h, d, entry{pn: inf, dn: 0, hand: h, depth: anyDepth})
	if e, ok := tt.lookup(both+1, h, d.Add(board.Pawn), anyDepth+1); !ok || e.dn != 0 {
		t.Error("a disproof does not hold against more defender pieces")
	}
	if e, ok := tt.lookup(both+1, h, d.Sub(board.Silver), anyDepth+1); ok && e.dn == 0 {
		t.Error("a disproof holds against fewer defender pieces")
	}
	// A disproof under a mate-length bound holds only for as few plies.
	const bounded = 0x9abc
	tt.store(bounded, h, 0, entry{pn: inf, dn: 0, hand: h, depth: 5})
	if e, ok := tt.lookup(bounded, h, 0, 5); !ok || e.dn != 0 {
		t.Error("bounded disproof not found for 5 plies")
	}
	if e, ok := tt.lookup(bounded, h, 0, 7); ok && e.dn == 0 {
		t.Error("a 5-ply disproof used for 7 plies")
	}
	if e, ok := tt.lookup(bounded, h, 0, anyDepth+1); ok && e.dn == 0 {
		t.Error("a 5-ply disproof used without a bound")
	}
	// A proof replaces the unknown entry of the position it decides.
	const key = 0xdef0
	tt.store(key, more, 0, entry{pn: 3, dn: 4, hand: more, amount: 10})
	used := tt.used
	tt.store(key, more, 0, entry{pn: 0, dn: inf, hand: h, amount: 11})
	if tt.used != used {
		t.Errorf("slots used %d -> %d: the proof did not take the unknown entry's slot", used, tt.used)
	}
}

// However many entries go in, the table holds at most its capacity, and a
// collection frees at least the least-worked half.
func TestTableBoundedAndCollects(t *testing.T) {
	tt := newTable(64 << 10)
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 20*tt.capacity(); i++ {
		tt.store(r.Uint64(), board.Hand(r.Uint32()&0xff), 0, entry{pn: 1 + r.Uint32N(100), dn: 1 + r.Uint32N(100), amount: 1 + r.Uint32N(1000)})
		if tt.needsCollection() {
			tt.collect()
			if tt.used > tt.capacity()/2+clusterSize {
				t.Fatalf("after collection %d of %d slots used", tt.used, tt.capacity())
			}
		}
		if tt.used > tt.capacity() {
			t.Fatalf("%d slots used of %d", tt.used, tt.capacity())
		}
	}
	n := 0
	for ci := range tt.clusters {
		for i := range tt.clusters[ci].slots {
			if tt.clusters[ci].slots[i].amount != 0 {
				n++
			}
		}
	}
	if n != tt.used || tt.gcs == 0 {
		t.Fatalf("counted %d used slots, table says %d; %d collections", n, tt.used, tt.gcs)
	}
}

// Clearing empties the table whether it tracked the written clusters or
// overflowed to a full sweep.
func TestTableClear(t *testing.T) {
	for _, n := range []int{10, 100_000} {
		tt := newTable(1 << 20)
		r := rand.New(rand.NewPCG(1, uint64(n)))
		for i := 0; i < n; i++ {
			tt.store(r.Uint64(), 0, 0, entry{pn: 1, dn: 1, amount: 1})
		}
		tt.clear()
		for ci := range tt.clusters {
			if tt.clusters[ci] != (cluster{}) {
				t.Fatalf("%d entries: cluster %d not cleared", n, ci)
			}
		}
		if tt.used != 0 {
			t.Fatalf("%d entries: used %d after clear", n, tt.used)
		}
	}
}

// A cluster is its keys' cache line and eight slots, entryBytes per entry.
func TestClusterLayout(t *testing.T) {
	if got := unsafe.Sizeof(cluster{}); got != clusterSize*entryBytes {
		t.Fatalf("cluster takes %d bytes, want %d", got, clusterSize*entryBytes)
	}
}

// A final entry frees the slots of the same board that it makes needless
// (a proof with a larger hand and no shorter, a disproof with a smaller
// hand and no longer bound) and keeps those it does not cover.
func TestTableDropsDominatedFinals(t *testing.T) {
	tt := newTable(1 << 16)
	const key = 0x777
	big := board.Hand(0).Set(board.Gold, 2).Set(board.Pawn, 1)
	small := board.Hand(0).Set(board.Gold, 1)
	other := board.Hand(0).Set(board.Silver, 1)
	tt.store(key, big, 0, entry{pn: 0, dn: inf, hand: big, length: 9})
	tt.store(key, other, 0, entry{pn: 0, dn: inf, hand: other, length: 9})
	tt.store(key, small, 0, entry{pn: 0, dn: inf, hand: small, length: 9})
	if tt.used != 2 {
		t.Errorf("%d slots after a proof with %x covered one with %x, want 2 (the one with %x stays)", tt.used, small, big, other)
	}
	// A shorter proof stays beside a longer one with a smaller hand: a
	// length-bounded search needs it.
	tt.store(key+1, big, 0, entry{pn: 0, dn: inf, hand: big, length: 3})
	tt.store(key+1, small, 0, entry{pn: 0, dn: inf, hand: small, length: 9})
	if e, ok := tt.lookup(key+1, big, 0, 99); !ok || e.length != 3 {
		t.Errorf("the shorter proof is gone: %+v %v", e, ok)
	}
	// Disproofs: a larger disproof hand for as many plies covers a smaller.
	tt.store(key+2, small, 0, entry{pn: inf, dn: 0, hand: small, depth: 5})
	tt.store(key+2, big, 0, entry{pn: inf, dn: 0, hand: big, depth: 3})
	tt.store(key+2, big, 0, entry{pn: inf, dn: 0, hand: big, depth: anyDepth})
	if e, ok := tt.lookup(key+2, small, 0, 7); !ok || e.dn != 0 {
		t.Error("the unbounded disproof with the larger hand is not found")
	}
	n := 0
	c := tt.cluster(key + 2)
	for i := range c.keys {
		if c.keys[i] == key+2 && c.slots[i].amount != 0 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d disproof slots left, want 1 (the unbounded one with %x covers the others)", n, big)
	}
}
