package dataset

import (
	"errors"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

var errClosed = errors.New("dataset: stream is closed")

// Batch is one batch of positions in the layouts the stream fills. Row i of
// every array is position i. The arrays are owned by the stream and reused:
// they hold this batch until the next call to Next. Arrays of layouts the
// stream does not fill are nil.
type Batch struct {
	N         int // positions in this batch (the last one may be short)
	MaxActive int // row width of Padded

	// Padded[p] is N x MaxActive feature indices of perspective p (0 Black,
	// 1 White), rows padded with -1.
	Padded [2][]int32
	// Values[p][Offsets[p][i]:Offsets[p][i+1]] are the features of row i
	// (CSR); Offsets[p] has N+1 entries.
	Values  [2][]int32
	Offsets [2][]int32

	SideToMove []uint8  // 0 Black, 1 White
	Score      []int16  // side to move's view
	Result     []int8   // side to move: 1 win, 0 draw, -1 loss
	Ply        []int32  // SFEN move number
	Move       []uint16 // YaneuraOu move16, 0 = none

	// dlshogi planes (see InputFeatures): N x Features1Num x 81 and
	// N x Features2Num x 81, and the label of the recorded move (-1 when
	// there is none). The stream rewrites only the values that change
	// from batch to batch (see putFloats): read the planes, never write
	// them (copy them to change them).
	Features1 []float32
	Features2 []float32
	// The compact planes (LayoutPlanesU8, see InputFeaturesU8): N x
	// Features1Num x 81 bytes and N x Features2Num bytes.
	Features1U8 []uint8
	Features2U8 []uint8
	// The packed planes (LayoutPlanesBits, see InputFeaturesBits): N x
	// Features1Bytes and N x Features2Bytes bytes.
	Features1Bits []uint8
	Features2Bits []uint8
	MoveLabel     []int32
	// Policy targets (with the planes): row i's candidate moves are
	// PolicyLabel[PolicyOffsets[i]:PolicyOffsets[i+1]] with probabilities
	// PolicyProb (visits / total visits) for hcpe3 positions; a position
	// of another format (or an hcpe3 move without candidates) has its
	// recorded move with probability 1, and none when it has no move.
	PolicyOffsets []int32
	PolicyLabel   []int32
	PolicyProb    []float32

	layout Layout
	all    batchArrays
}

// batchArrays holds the full-size arrays behind a Batch.
type batchArrays struct {
	padded, values, offsets [2][]int32
	active                  [2][]int32 // features in each padded row
	stm                     []uint8
	score                   []int16
	result                  []int8
	ply                     []int32
	move                    []uint16
	f1, f2                  []float32
	f32Lines                []floatLines // the lines of f1, f2 rows that hold ones (see putFloats)
	f1u8, f2u8              []uint8
	f1bits, f2bits          []uint8
	label                   []int32
	polOff, polLabel        []int32
	polProb                 []float32
	alloc                   Allocator
}

// Allocator provides the memory of a stream's batch arrays, for callers
// that need it outside the Go heap (a C caller keeps pointers to it between
// calls). It returns size bytes, zeroed, aligned for any element type.
type Allocator func(size int) unsafe.Pointer

// makeSlice makes n elements of T from alloc, or from the Go heap.
func makeSlice[T any](alloc Allocator, n int) []T {
	if alloc == nil || n == 0 {
		return make([]T, n)
	}
	var zero T
	return unsafe.Slice((*T)(alloc(n*int(unsafe.Sizeof(zero)))), n)
}

func (b *Batch) alloc(n int, fs FeatureSet, layout Layout, alloc Allocator) {
	b.layout = layout
	a := &b.all
	if fs != nil {
		b.MaxActive = fs.MaxActive()
	}
	for p := 0; p < 2; p++ {
		if fs != nil { // rows are computed here, in parallel, then copied to CSR
			a.padded[p] = makeSlice[int32](alloc, n*b.MaxActive)
			a.active[p] = make([]int32, n)
		}
		if layout&LayoutCSR != 0 {
			a.values[p] = makeSlice[int32](alloc, n*b.MaxActive)[:0]
			a.offsets[p] = makeSlice[int32](alloc, n+1)
		}
	}
	a.stm, a.score, a.result = makeSlice[uint8](alloc, n), makeSlice[int16](alloc, n), makeSlice[int8](alloc, n)
	a.ply, a.move = makeSlice[int32](alloc, n), makeSlice[uint16](alloc, n)
	if layout&LayoutPlanes != 0 {
		a.f1 = makeSlice[float32](alloc, n*Features1Num*81)
		a.f2 = makeSlice[float32](alloc, n*Features2Num*81)
		// The rows start zero with no lines recorded (see floatLines).
		// Cleared here even when the allocator zeroes: that also maps
		// every page now, where a page of lines only rare positions set
		// would fault on its first write batches later.
		clear(a.f1)
		clear(a.f2)
		a.f32Lines = make([]floatLines, n)
	}
	if layout&LayoutPlanesU8 != 0 {
		a.f1u8 = makeSlice[uint8](alloc, n*Features1Num*81)
		a.f2u8 = makeSlice[uint8](alloc, n*Features2Num)
	}
	if layout&LayoutPlanesBits != 0 {
		a.f1bits = makeSlice[uint8](alloc, n*Features1Bytes)
		a.f2bits = makeSlice[uint8](alloc, n*Features2Bytes)
	}
	if layout&layoutsWithPlanes != 0 {
		a.label = makeSlice[int32](alloc, n)
		a.polOff = makeSlice[int32](alloc, n+1)
		a.polLabel = makeSlice[int32](alloc, 4*n)[:0]
		a.polProb = makeSlice[float32](alloc, 4*n)[:0]
	}
	a.alloc = alloc
}

// buildPolicy lists the policy targets of the first n rows (sequentially:
// rows have different lengths). The arrays grow by doubling when a batch
// has more candidates than ever before.
func (b *Batch) buildPolicy(rows []Sample) {
	a := &b.all
	if a.polOff == nil {
		return
	}
	a.polLabel, a.polProb = a.polLabel[:0], a.polProb[:0]
	for i := range rows {
		s := &rows[i]
		side := s.Diagram.Side
		need := len(a.polLabel) + max(len(s.Candidates), 1)
		if need > cap(a.polLabel) {
			c := max(need, 2*cap(a.polLabel))
			l, p := makeSlice[int32](a.alloc, c), makeSlice[float32](a.alloc, c)
			a.polLabel = l[:copy(l, a.polLabel)]
			a.polProb = p[:copy(p, a.polProb)]
		}
		total := 0
		for _, c := range s.Candidates {
			total += int(c.Visits)
		}
		if total > 0 {
			for _, c := range s.Candidates {
				a.polLabel = append(a.polLabel, MoveLabel(record.Apery.ToYaneuraOu(c.Move16), side))
				a.polProb = append(a.polProb, float32(c.Visits)/float32(total))
			}
		} else if l := MoveLabel(s.Move, side); l >= 0 {
			a.polLabel = append(a.polLabel, l)
			a.polProb = append(a.polProb, 1)
		}
		a.polOff[i+1] = int32(len(a.polLabel))
	}
}

// fillRows writes rows lo..hi-1 from rows[lo:hi]; distinct ranges may be
// filled concurrently.
func (b *Batch) fillRows(rows []Sample, lo, hi int, fs FeatureSet) {
	a := &b.all
	m := b.MaxActive
	both, _ := fs.(BothPerspectives)
	for i := lo; i < hi; i++ {
		s := &rows[i]
		d := &s.Diagram
		if both != nil {
			rb, rw := a.padded[0][i*m:(i+1)*m], a.padded[1][i*m:(i+1)*m]
			fb, fw, okB, okW := both.AppendBoth(rb[:0], rw[:0], d)
			a.active[0][i], a.active[1][i] = padRow(rb, len(fb), okB), padRow(rw, len(fw), okW)
		} else if fs != nil {
			for p := board.Black; p <= board.White; p++ {
				row := a.padded[p][i*m : (i+1)*m]
				f, ok := fs.AppendActive(row[:0], d, p)
				a.active[p][i] = padRow(row, len(f), ok)
			}
		}
		a.stm[i] = uint8(d.Side)
		a.score[i], a.result[i], a.ply[i], a.move[i] = s.Score, s.Result, int32(d.Ply), s.Move
		if b.layout&(LayoutPlanes|LayoutPlanesU8|LayoutPlanesBits) != 0 {
			stream := 4*(len(a.f1)+len(a.f2)) >= streamFloatBytes
			var pb planeBits // computed once for every form asked for
			pb.compute(d)
			if b.layout&LayoutPlanes != 0 {
				pb.putFloats(a.f1[i*Features1Num*81:(i+1)*Features1Num*81], a.f2[i*Features2Num*81:(i+1)*Features2Num*81], stream, &a.f32Lines[i])
			}
			if b.layout&LayoutPlanesU8 != 0 {
				pb.putU8(a.f1u8[i*Features1Num*81:(i+1)*Features1Num*81], a.f2u8[i*Features2Num:(i+1)*Features2Num])
			}
			if b.layout&LayoutPlanesBits != 0 {
				pb.putBits(a.f1bits[i*Features1Bytes:(i+1)*Features1Bytes], a.f2bits[i*Features2Bytes:(i+1)*Features2Bytes])
			}
		}
		if a.label != nil {
			a.label[i] = MoveLabel(s.Move, d.Side)
		}
	}
}

// padRow fills row after its k features with -1 (all of it when the
// features could not be computed) and returns the number kept.
func padRow(row []int32, k int, ok bool) int32 {
	if !ok {
		k = 0
	}
	for j := k; j < len(row); j++ {
		row[j] = -1
	}
	return int32(k)
}

// buildCSR packs the first n padded rows into values and offsets.
func (b *Batch) buildCSR(n int) {
	a := &b.all
	if a.offsets[0] == nil {
		return
	}
	m := b.MaxActive
	for p := 0; p < 2; p++ {
		v := a.values[p][:0]
		for i := 0; i < n; i++ {
			v = append(v, a.padded[p][i*m:i*m+int(a.active[p][i])]...)
			a.offsets[p][i+1] = int32(len(v))
		}
		a.values[p] = v
	}
}

// finish exposes the first N rows.
func (b *Batch) finish() {
	n, a := b.N, &b.all
	for p := 0; p < 2; p++ {
		b.Padded[p] = nil
		if b.layout&LayoutPadded != 0 {
			b.Padded[p] = a.padded[p][:n*b.MaxActive]
		}
		b.Values[p], b.Offsets[p] = nil, nil
		if a.offsets[p] != nil {
			b.Values[p], b.Offsets[p] = a.values[p], a.offsets[p][:n+1]
		}
	}
	b.SideToMove, b.Score, b.Result, b.Ply, b.Move = a.stm[:n], a.score[:n], a.result[:n], a.ply[:n], a.move[:n]
	if a.f1 != nil {
		b.Features1, b.Features2 = a.f1[:n*Features1Num*81], a.f2[:n*Features2Num*81]
	}
	if a.f1u8 != nil {
		b.Features1U8, b.Features2U8 = a.f1u8[:n*Features1Num*81], a.f2u8[:n*Features2Num]
	}
	if a.f1bits != nil {
		b.Features1Bits, b.Features2Bits = a.f1bits[:n*Features1Bytes], a.f2bits[:n*Features2Bytes]
	}
	if a.label != nil {
		b.MoveLabel = a.label[:n]
		b.PolicyOffsets, b.PolicyLabel, b.PolicyProb = a.polOff[:n+1], a.polLabel, a.polProb
	}
}
