package search

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// Bound says what a stored score is.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // score <= true value is not known: true value <= score
	BoundLower Bound = 2 // true value >= score
	BoundExact Bound = BoundUpper | BoundLower
)

// The transposition table is shared by all search threads without locks.
// An entry is two 64-bit words: data, and key XOR data. A reader accepts an
// entry only when word0 XOR word1 equals its key, so an entry torn by two
// threads writing at once is simply a miss.
//
// data layout: bits 0-15 move16, 16-31 score, 32-47 static eval,
// 48-55 depth+depthOffset, 56-57 bound, 58-63 generation.
type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

const (
	clusterSize = 4 // 64 bytes: one cache line
	depthOffset = 8 // stored depth = depth + depthOffset (qsearch depths are <= 0)
	genBits     = 6
	genMask     = 1<<genBits - 1
)

type ttCluster [clusterSize]ttEntry

// TT is the transposition table.
type TT struct {
	clusters []ttCluster
	release  func() // frees clusters allocated outside the Go heap
	mask     uint64 // len(clusters)-1 (a power of two)
	gen      uint8
}

// NewTT returns a table of at most mb megabytes (at least one cluster), or
// the error of an allocation that cannot be had.
func NewTT(mb int) (*TT, error) {
	t := &TT{}
	if err := t.Resize(mb); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(t, func(t *TT) {
		if t.release != nil {
			t.release()
		}
	})
	return t, nil
}

// Resize reallocates the table (clearing it) to at most mb megabytes. When
// the new table cannot be allocated it returns the error and keeps the
// table it had: the new table is allocated before the old one is freed.
func (t *TT) Resize(mb int) error {
	if mb < 1 {
		mb = 1
	}
	n := uint64(mb) << 20 / 64
	p := uint64(1)
	for p*2 <= n {
		p *= 2
	}
	if uint64(len(t.clusters)) == p {
		t.Clear()
		return nil
	}
	clusters, release, err := allocClusters(p)
	if err != nil {
		return fmt.Errorf("hash table of %d MB: %v", mb, err)
	}
	if t.release != nil {
		t.release()
	}
	prefault(clusters)
	t.clusters, t.release = clusters, release
	t.mask = p - 1
	t.gen = 0
	return nil
}

// prefault writes to every page of a new table. A fresh mapping is only
// address space: the kernel gives it memory at the first write to each
// page, and with MADV_HUGEPAGE on a busy machine that first write may wait
// for memory compaction. Left to the first search, those faults made a
// 100 ms byoyomi move take 360 ms (issue 13); here they are paid by
// setoption/isready, before the clock runs.
func prefault(c []ttCluster) {
	const perPage = 4096 / int(unsafe.Sizeof(ttCluster{}))
	for i := 0; i < len(c); i += perPage {
		c[i][0].data.Store(0)
	}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.clusters)
	t.gen = 0
}

// SizeMB is the table's size in megabytes.
func (t *TT) SizeMB() int { return len(t.clusters) * 64 >> 20 }

// NewSearch advances the generation (older entries are replaced first).
func (t *TT) NewSearch() { t.gen = (t.gen + 1) & genMask }

// ttData is one decoded entry.
type ttData struct {
	move  uint16
	score Score
	eval  Score
	depth int
	bound Bound
}

func pack(move uint16, score, eval Score, depth int, bound Bound, gen uint8) uint64 {
	if depth < -depthOffset {
		depth = -depthOffset
	}
	if depth > 255-depthOffset {
		depth = 255 - depthOffset
	}
	return uint64(move) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(depth+depthOffset)<<48 | uint64(bound)<<56 | uint64(gen&genMask)<<58
}

func unpack(d uint64) ttData {
	return ttData{
		move:  uint16(d),
		score: Score(int16(d >> 16)),
		eval:  Score(int16(d >> 32)),
		depth: int(uint8(d>>48)) - depthOffset,
		bound: Bound(d>>56) & 3,
	}
}

func (t *TT) cluster(key uint64) *ttCluster { return &t.clusters[key&t.mask] }

// prefetch starts loading the cluster of key into the cache.
func (t *TT) prefetch(key uint64) { prefetch(unsafe.Pointer(&t.clusters[key&t.mask])) }

// probe looks key up. It returns the entry's data and whether it was found.
func (t *TT) probe(key uint64) (ttData, bool) {
	c := t.cluster(key)
	for i := range c {
		d := c[i].data.Load()
		if c[i].check.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// store writes an entry for key, replacing the same key, an empty slot or
// the least valuable entry (shallow and old).
func (t *TT) store(key uint64, move uint16, score, eval Score, depth int, bound Bound) {
	c := t.cluster(key)
	gen := t.gen
	var repl *ttEntry
	worst := 1 << 30
	for i := range c {
		e := &c[i]
		d := e.data.Load()
		if d == 0 || e.check.Load()^d == key {
			if d != 0 {
				old := unpack(d)
				// Keep the old move when the new entry has none; keep a
				// deeper exact-ish entry of the same search.
				if move == 0 {
					move = old.move
				}
				if bound != BoundExact && old.depth > depth+3 && uint8(d>>58)&genMask == gen {
					return
				}
			}
			repl = e
			break
		}
		age := int((gen - uint8(d>>58)) & genMask)
		v := int(uint8(d>>48)) - 8*age
		if v < worst {
			worst = v
			repl = e
		}
	}
	nd := pack(move, score, eval, depth, bound, gen)
	storeEntry(repl, key^nd, nd)
}

// Hashfull is the per-mille of entries written during the current search
// (sampled on the first 1000 clusters... entries, like the engines).
func (t *TT) Hashfull() int {
	n := 0
	cnt := 0
	for i := 0; i < len(t.clusters) && cnt < 1000; i++ {
		for j := range t.clusters[i] {
			d := t.clusters[i][j].data.Load()
			if d != 0 && uint8(d>>58)&genMask == t.gen {
				n++
			}
			cnt++
		}
	}
	if cnt == 0 {
		return 0
	}
	return n * 1000 / cnt
}

// moveFrom16 turns a stored move16 into a full move if it is legal in pos.
func moveFrom16(pos *board.Position, v uint16) board.Move {
	if v == 0 {
		return board.MoveNone
	}
	m := board.Move(v)
	var pc board.Piece
	if m.IsDrop() {
		pt := m.DropType()
		if pt < board.Pawn || pt > board.Gold {
			return board.MoveNone
		}
		pc = board.NewPiece(pos.SideToMove(), pt)
	} else {
		from := m.From()
		if from >= board.NumSquares {
			return board.MoveNone
		}
		pc = pos.PieceOn(from)
		if pc == board.NoPiece {
			return board.MoveNone
		}
	}
	m |= board.Move(pc) << 16
	if !pos.IsLegal(m) {
		return board.MoveNone
	}
	return m
}
