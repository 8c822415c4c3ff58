package mate

import (
	"fmt"
	"math/bits"
	"runtime"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// inf is a proven (pn) or disproven (dn) number; sums of unknown numbers
// saturate at inf-1 so that they never read as final.
const inf uint32 = 1<<32 - 1

// entry is what the table knows of a position (its key and its slot): a position (board and side to move, hashed;
// both hands apart, so that hands compare by dominance) with its numbers.
// For a proven entry hand is the proof hand, for a disproven one the
// disproof hand, otherwise the attacker's hand of the position itself;
// dhand is the defender's hand of the position (a proof holds for fewer
// defender pieces, a disproof for more).
type entry struct {
	key    uint64
	hand   board.Hand
	dhand  board.Hand
	pn, dn uint32
	amount uint32 // nodes searched below this entry (replacement, collection)
	length uint16 // plies to mate of the proof found (proven entries)
	depth  uint16 // a disproof holds when at most depth plies remain (always: anyDepth)
}

const clusterSize = 8

// slot is an entry without its key: a cluster keeps its eight keys in one
// cache line ahead of the slots, so a lookup reads that line and only the
// slots whose key matches (an array of entries spread the keys over four).
type slot struct {
	hand, dhand    board.Hand
	pn, dn, amount uint32
	length, depth  uint16
}

// cluster is 64 bytes of keys and 8 × 24 bytes of slots: four cache lines.
type cluster struct {
	keys  [clusterSize]uint64
	slots [clusterSize]slot
}

func (s *slot) entry(key uint64) entry {
	return entry{key: key, hand: s.hand, dhand: s.dhand, pn: s.pn, dn: s.dn, amount: s.amount, length: s.length, depth: s.depth}
}

func (s *slot) set(e *entry) {
	*s = slot{hand: e.hand, dhand: e.dhand, pn: e.pn, dn: e.dn, amount: e.amount, length: e.length, depth: e.depth}
}

// table is the bounded transposition table. It never grows: a full
// cluster replaces its entry of least work, and when most slots are used
// a collection frees the entries of least work in the whole table.
type table struct {
	clusters []cluster
	used     int // slots holding an entry
	peak     int // most slots used since the solve began (Solve resets it)
	gcs      int // collections run
	// touched lists the clusters written since the last clear (nil after
	// it overflowed), so that clearing a large, mostly empty table (the
	// shortening clears it for every bound) does not sweep all of it.
	touched  []uint32
	overflow bool
}

// entryBytes is the memory of one entry: its key and its slot.
const entryBytes = 32

// anyDepth marks a disproof that no mate-length bound conditions.
const anyDepth = 0xffff

// newTable returns a table of at most sizeBytes (at least one cluster).
func newTable(sizeBytes int) *table {
	t, err := newTableChecked(sizeBytes)
	if err != nil {
		panic(err)
	}
	return t
}

// newTableChecked is newTable that reports memory the system refuses.
func newTableChecked(sizeBytes int) (*table, error) {
	n := max(sizeBytes/(clusterSize*entryBytes), 1)
	c, release, err := allocClusters(n)
	if err != nil {
		return nil, fmt.Errorf("mate: a table of %d MB: %w", sizeBytes>>20, err)
	}
	t := &table{clusters: c}
	if release != nil {
		runtime.SetFinalizer(t, func(*table) { release() })
	}
	return t, nil
}

// bytes is the memory the slots take.
func (t *table) bytes() int { return len(t.clusters) * clusterSize * entryBytes }

func (t *table) capacity() int { return len(t.clusters) * clusterSize }

func (t *table) clear() {
	if t.overflow {
		clear(t.clusters)
	} else {
		for _, ci := range t.touched {
			t.clusters[ci] = cluster{}
		}
	}
	t.touched, t.overflow = t.touched[:0], false
	t.used, t.gcs = 0, 0
}

// touch records a cluster that received a new entry.
func (t *table) touch(c *cluster) {
	if t.overflow {
		return
	}
	if len(t.touched) >= len(t.clusters)/8+64 {
		t.overflow = true
		return
	}
	t.touched = append(t.touched, uint32((uintptr(unsafe.Pointer(c))-uintptr(unsafe.Pointer(&t.clusters[0])))/unsafe.Sizeof(cluster{})))
}

func (t *table) cluster(key uint64) *cluster {
	hi, _ := bits.Mul64(key, uint64(len(t.clusters)))
	return &t.clusters[hi]
}

// lookup returns what the table knows of (key, hand): a proof whose hand
// hand covers, a disproof whose hand covers hand, else the exact entry's
// numbers, else ok=false.
func (t *table) lookup(key uint64, hand, dhand board.Hand, remaining int) (e entry, ok bool) {
	c := t.cluster(key)
	var exact, proof *slot
	for i := range c.keys {
		if c.keys[i] != key {
			continue
		}
		s := &c.slots[i]
		if s.amount == 0 {
			continue
		}
		switch {
		case s.pn == 0:
			// The shortest applicable proof: a length-limited search needs it.
			if covers(hand, s.hand) && covers(s.dhand, dhand) && (proof == nil || s.length < proof.length) {
				proof = s
			}
		case s.dn == 0:
			if covers(s.hand, hand) && covers(dhand, s.dhand) && (s.depth == anyDepth || remaining <= int(s.depth)) {
				return s.entry(key), true
			}
		case s.hand == hand && s.dhand == dhand:
			exact = s
		}
	}
	if proof != nil {
		return proof.entry(key), true
	}
	if exact != nil {
		return exact.entry(key), true
	}
	return entry{}, false
}

// store writes the result for the position (key, hand). A final result
// (proven or disproven) carries its proof or disproof hand in e.hand and
// removes the entries of the same position that it subsumes.
func (t *table) store(key uint64, hand, dhand board.Hand, e entry) {
	e.key, e.dhand = key, dhand
	e.amount = max(e.amount, 1)
	c := t.cluster(key)
	at := -1
	final := e.pn == 0 || e.dn == 0
	for i := range c.keys {
		s := &c.slots[i]
		if c.keys[i] != key || s.amount == 0 {
			continue
		}
		if s.pn != 0 && s.dn != 0 && s.hand == hand && s.dhand == dhand {
			if at < 0 {
				at = i
				continue
			}
		}
		if final && (s.pn != 0 && s.dn != 0 && subsumed(&e, s.hand, s.dhand) || redundant(&e, s)) {
			if at < 0 {
				at = i
			} else {
				c.keys[i], *s = 0, slot{}
				t.used--
			}
		}
	}
	if at < 0 {
		for i := range c.slots {
			if c.slots[i].amount == 0 {
				at = i
				t.used++
				t.peak = max(t.peak, t.used)
				t.touch(c)
				break
			}
		}
	}
	if at < 0 {
		at = 0
		for i := 1; i < clusterSize; i++ {
			if c.slots[i].amount < c.slots[at].amount {
				at = i
			}
		}
		if c.slots[at].amount > e.amount && !final {
			return // keep the entry that cost more work
		}
	}
	c.keys[at] = key
	c.slots[at].set(&e)
}

// subsumed reports whether the final entry e decides the position whose
// hands are h (attacker) and dh (defender).
func subsumed(e *entry, h, dh board.Hand) bool {
	if e.pn == 0 {
		return covers(h, e.hand) && covers(e.dhand, dh)
	}
	return covers(e.hand, h) && covers(dh, e.dhand) && e.depth == anyDepth
}

// redundant reports whether the final entry e makes the final slot s of
// the same board needless: a proof that holds wherever s's proof holds
// (no more attacker pieces, at least as many defender pieces) and is no
// longer, or a disproof that holds wherever s's does, for as many plies.
// The hand variants of one board share a cluster; dropping the dominated
// ones keeps room for the others.
func redundant(e *entry, s *slot) bool {
	switch {
	case e.pn == 0 && s.pn == 0:
		return covers(s.hand, e.hand) && covers(e.dhand, s.dhand) && s.length >= e.length
	case e.dn == 0 && s.dn == 0:
		return covers(e.hand, s.hand) && covers(s.dhand, e.dhand) && (e.depth == anyDepth || s.depth != anyDepth && s.depth <= e.depth)
	}
	return false
}

// needsCollection reports whether the table is full enough to collect.
func (t *table) needsCollection() bool { return t.used*10 > t.capacity()*8 }

// collect frees the entries of least work until about half the slots are
// free: a histogram of work (by powers of two) picks the cut.
func (t *table) collect() {
	var hist [33]int
	for ci := range t.clusters {
		for i := range t.clusters[ci].slots {
			if a := t.clusters[ci].slots[i].amount; a != 0 {
				hist[bits.Len32(a)]++
			}
		}
	}
	target := t.used - t.capacity()/2
	cut, freed := 0, 0
	for cut < len(hist) && freed < target {
		freed += hist[cut]
		cut++
	}
	for ci := range t.clusters {
		c := &t.clusters[ci]
		for i := range c.slots {
			s := &c.slots[i]
			if s.amount != 0 && bits.Len32(s.amount) < cut {
				c.keys[i], *s = 0, slot{}
				t.used--
			}
		}
	}
	t.gcs++
}
