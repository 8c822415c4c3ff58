package record

import (
	"bufio"
	"errors"
	"io"
)

// ErrorPolicy tells a training-data reader what to do with a bad record.
type ErrorPolicy uint8

const (
	// StopOnError makes Next return the record's *Error; the reader stays
	// usable, so a caller may still go on with the next record.
	StopOnError ErrorPolicy = iota
	// SkipBadRecords makes Next drop bad records (counting them and
	// calling OnSkip) and return the next good one.
	SkipBadRecords
)

// fixedReader reads fixed-size records and validates each with check.
type fixedReader struct {
	r       *bufio.Reader
	format  string
	size    int
	policy  ErrorPolicy
	index   int64 // index of the next record
	skipped int64
	onSkip  func(*Error)
	done    bool
}

func newFixedReader(r io.Reader, format string, size int, policy ErrorPolicy) fixedReader {
	return fixedReader{r: bufio.NewReaderSize(r, 1<<16), format: format, size: size, policy: policy}
}

// next reads one record into buf and validates it. It returns io.EOF at a
// clean end of input.
func (f *fixedReader) next(buf []byte, check func(i int64) *Error) error {
	for {
		if f.done {
			return io.EOF
		}
		i := f.index
		n, err := io.ReadFull(f.r, buf)
		if err == io.EOF {
			f.done = true
			return io.EOF
		}
		f.index++
		if err == io.ErrUnexpectedEOF {
			f.done = true
			e := recErr(f.format, i, "truncated record: %d of %d bytes", n, f.size)
			if f.policy == SkipBadRecords {
				f.skip(e)
				return io.EOF
			}
			return e
		}
		if err != nil {
			f.done = true
			return err
		}
		if e := check(i); e != nil {
			if f.policy == SkipBadRecords {
				f.skip(e)
				continue
			}
			return e
		}
		return nil
	}
}

func (f *fixedReader) skip(e *Error) {
	f.skipped++
	if f.onSkip != nil {
		f.onSkip(e)
	}
}

// IsRecordError reports whether err is a bad-record error (as opposed to an
// I/O error or io.EOF), so that a caller stopping on errors can decide to go on.
func IsRecordError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
