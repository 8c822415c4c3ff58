package dataset

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/libshogi/libshogi/libshogi/record"
)

// RecordPlanes writes the dlshogi planes and move labels of n PSV or hcpe
// records (packed back to back in recs) into caller buffers: f1 holds
// n*Features1Num*81 values, f2 n*Features2Num*81, labels n (labels may be
// nil). A bad record gets zero planes and label -1; the number of bad
// records and the first one's error are returned. Large inputs are
// computed on all CPUs.
func RecordPlanes(recs []byte, format Format, f1, f2 []float32, labels []int32) (bad int, first error) {
	const w1, w2 = Features1Num * 81, Features2Num * 81
	stream := 4*(len(f1)+len(f2)) >= streamFloatBytes // a large output (see putFloats)
	return recordRows(recs, format, len(f1)/w1, len(f2)/w2, labels, func(i int, pb *planeBits) {
		if pb == nil {
			clear(f1[i*w1 : (i+1)*w1])
			clear(f2[i*w2 : (i+1)*w2])
			return
		}
		pb.putFloats(f1[i*w1:(i+1)*w1], f2[i*w2:(i+1)*w2], stream, nil)
	})
}

// RecordPlanesBits is RecordPlanes into the packed planes of
// InputFeaturesBits: f1 holds n*Features1Bytes bytes, f2 n*Features2Bytes.
func RecordPlanesBits(recs []byte, format Format, f1, f2 []uint8, labels []int32) (bad int, first error) {
	const w1, w2 = Features1Bytes, Features2Bytes
	return recordRows(recs, format, len(f1)/w1, len(f2)/w2, labels, func(i int, pb *planeBits) {
		if pb == nil {
			clear(f1[i*w1 : (i+1)*w1])
			clear(f2[i*w2 : (i+1)*w2])
			return
		}
		pb.putBits(f1[i*w1:(i+1)*w1], f2[i*w2:(i+1)*w2])
	})
}

// recordRows decodes the records and calls put for each row with its
// planes (nil for a bad record, whose row is zeroed); rows1 and rows2 are
// the rows the two outputs hold.
func recordRows(recs []byte, format Format, rows1, rows2 int, labels []int32, put func(i int, pb *planeBits)) (bad int, first error) {
	size := 0
	switch format {
	case FormatPSV:
		size = record.PSVSize
	case FormatHCPE:
		size = record.HCPESize
	default:
		return 0, fmt.Errorf("dataset: planes from %v records: want psv or hcpe", format)
	}
	n := len(recs) / size
	if rows1 < n || rows2 < n || (labels != nil && len(labels) < n) {
		return 0, fmt.Errorf("dataset: output buffers too small for %d records", n)
	}
	// Large inputs are split over the CPUs (rows are independent).
	parts := 1
	if n >= 512 {
		parts = min(runtime.GOMAXPROCS(0), n/256)
	}
	type result struct {
		bad   int
		first error
	}
	res := make([]result, parts)
	var wg sync.WaitGroup
	var crash any // a panic on a helper goroutine, raised again on the caller's
	var once sync.Once
	for k := 0; k < parts; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { crash = r })
				}
			}()
			lo, hi := k*n/parts, (k+1)*n/parts
			res[k].bad, res[k].first = recordPlanes(recs, size, format, lo, hi, labels, put)
		}(k)
	}
	wg.Wait()
	if crash != nil {
		panic(crash)
	}
	for _, r := range res {
		if bad == 0 {
			first = r.first
		}
		bad += r.bad
	}
	return bad, first
}

// recordPlanes does rows lo..hi-1 of recordRows.
func recordPlanes(recs []byte, size int, format Format, lo, hi int, labels []int32, put func(i int, pb *planeBits)) (bad int, first error) {
	var d record.Diagram
	var psv record.PSV
	var hcpe record.HCPE
	var pb planeBits
	for i := lo; i < hi; i++ {
		b := recs[i*size : (i+1)*size]
		var err error
		var m16 uint16
		if format == FormatPSV {
			err = record.DecodePSV(b, &psv, &d)
			m16 = psv.Move
		} else {
			err = record.DecodeHCPE(b, &hcpe, &d)
			m16 = record.Apery.ToYaneuraOu(hcpe.BestMove16)
		}
		if err != nil {
			if e, ok := err.(*record.Error); ok {
				e.Index = int64(i)
			}
			if bad == 0 {
				first = err
			}
			bad++
			put(i, nil)
			if labels != nil {
				labels[i] = -1
			}
			continue
		}
		pb.compute(&d)
		put(i, &pb)
		if labels != nil {
			labels[i] = MoveLabel(m16, d.Side)
		}
	}
	return bad, first
}
