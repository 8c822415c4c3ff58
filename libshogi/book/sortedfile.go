package book

import (
	"io"
	"sync"
)

// sortedRecords is a file region of n fixed-size records sorted by a key
// in their first keyLen bytes. Every stride-th key is kept in memory, so a
// probe is a search in that sample plus one read of at most stride records.
type sortedRecords struct {
	r       io.ReaderAt
	format  Format
	base    int64
	recSize int
	keyLen  int
	n       int64
	stride  int64
	sample  []byte // keys of records 0, stride, 2*stride, ...
	strict  bool   // keys must be strictly ascending
}

const sampleStride = 256

// blockPool holds the buffers that probes read blocks of records into.
var blockPool = sync.Pool{New: func() any { b := make([]byte, 0, sampleStride*ybbIndexSize); return &b }}

// cmpFunc compares a record's key with the probed key (<0, 0, >0).
type cmpFunc func(key []byte) int

func newSortedRecords(r io.ReaderAt, f Format, base int64, recSize, keyLen int, n int64, strict bool, less func(a, b []byte) int) (*sortedRecords, error) {
	s := &sortedRecords{r: r, format: f, base: base, recSize: recSize, keyLen: keyLen, n: n, stride: sampleStride, strict: strict}
	ns := (n + s.stride - 1) / s.stride
	s.sample = make([]byte, ns*int64(keyLen))
	for i := int64(0); i < ns; i++ {
		k := s.sample[i*int64(keyLen) : (i+1)*int64(keyLen)]
		if _, err := r.ReadAt(k, base+i*s.stride*int64(recSize)); err != nil {
			return nil, entryError(f, i*s.stride, "cannot read: %v", err)
		}
		if i > 0 {
			c := less(s.sample[(i-1)*int64(keyLen):i*int64(keyLen)], k)
			if c > 0 || (strict && c == 0) {
				return nil, entryError(f, i*s.stride, "records are not sorted by key")
			}
		}
	}
	return s, nil
}

// lowerBound returns the index of the first record whose key is not less
// than the probed key, and that record's bytes when it exists. buf holds
// the block read (reused by the caller).
func (s *sortedRecords) lowerBound(cmp cmpFunc, buf []byte) (int64, []byte, []byte, error) {
	kl := int64(s.keyLen)
	ns := int64(len(s.sample)) / kl
	// First sample whose key >= target.
	lo, hi := int64(0), ns
	for lo < hi {
		m := (lo + hi) / 2
		if cmp(s.sample[m*kl:(m+1)*kl]) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < ns && cmp(s.sample[lo*kl:(lo+1)*kl]) == 0 && s.strict {
		rec, buf, err := s.read(lo*s.stride, 1, buf)
		return lo * s.stride, rec, buf, err
	}
	// The answer lies in ((lo-1)*stride, lo*stride].
	first := int64(0)
	if lo > 0 {
		first = (lo-1)*s.stride + 1
	}
	last := lo * s.stride
	if last > s.n {
		last = s.n
	}
	count := last - first
	if count <= 0 {
		if last < s.n {
			rec, buf, err := s.read(last, 1, buf)
			return last, rec, buf, err
		}
		return s.n, nil, buf, nil
	}
	block, buf, err := s.read(first, count, buf)
	if err != nil {
		return 0, nil, buf, err
	}
	rs := int64(s.recSize)
	for i := int64(1); i < count; i++ {
		c := compareBytes(block[(i-1)*rs:(i-1)*rs+kl], block[i*rs:i*rs+kl], s.format)
		if c > 0 || (s.strict && c == 0) {
			return 0, nil, buf, entryError(s.format, first+i, "records are not sorted by key")
		}
	}
	l, h := int64(0), count
	for l < h {
		m := (l + h) / 2
		if cmp(block[m*rs:m*rs+kl]) < 0 {
			l = m + 1
		} else {
			h = m
		}
	}
	if l < count {
		return first + l, block[l*rs : (l+1)*rs], buf, nil
	}
	if last < s.n {
		rec, buf, err := s.read(last, 1, buf)
		return last, rec, buf, err
	}
	return s.n, nil, buf, nil
}

// read returns count records from index i.
func (s *sortedRecords) read(i, count int64, buf []byte) ([]byte, []byte, error) {
	need := int(count) * s.recSize
	if cap(buf) < need {
		buf = make([]byte, need)
	}
	b := buf[:need]
	if _, err := s.r.ReadAt(b, s.base+i*int64(s.recSize)); err != nil {
		return nil, buf, entryError(s.format, i, "cannot read: %v", err)
	}
	return b, buf, nil
}

// compareBytes orders two keys of the format: bytes for .ybb, a
// little-endian u64 for book.bin.
func compareBytes(a, b []byte, f Format) int {
	if f == FormatAperyBin {
		x, y := le64(a), le64(b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func le64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}
