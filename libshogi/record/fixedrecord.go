package record

import "io"

// checkedRecord is a fixed-size training record that can check itself,
// decoding its position into a Diagram.
type checkedRecord[T any] interface {
	*T
	check(d *Diagram) *Error
}

// FixedRecordReader reads a stream of fixed-size records (PSV, hcpe),
// checking each one. Bad records stop or are skipped, as the policy says;
// errors are *Error values with the record index.
type FixedRecordReader[T any, PT checkedRecord[T]] struct {
	fr     fixedReader
	buf    []byte
	rec    T
	diag   Diagram
	decode func(b []byte, rec PT)
}

func newFixedRecordReader[T any, PT checkedRecord[T]](r io.Reader, format string, size int, policy ErrorPolicy, decode func([]byte, PT)) *FixedRecordReader[T, PT] {
	return &FixedRecordReader[T, PT]{fr: newFixedReader(r, format, size, policy), buf: make([]byte, size), decode: decode}
}

// OnSkip sets a function called with each skipped record's error.
func (r *FixedRecordReader[T, PT]) OnSkip(f func(*Error)) { r.fr.onSkip = f }

// Next reads the next good record. It returns io.EOF at the end. The
// returned pointer is valid until the next call.
func (r *FixedRecordReader[T, PT]) Next() (PT, error) {
	err := r.fr.next(r.buf, func(i int64) *Error {
		r.decode(r.buf, &r.rec)
		if e := PT(&r.rec).check(&r.diag); e != nil {
			e.Index = i
			return e
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &r.rec, nil
}

// Diagram is the position of the record last returned by Next.
func (r *FixedRecordReader[T, PT]) Diagram() *Diagram { return &r.diag }

// Raw is the bytes of the record last read.
func (r *FixedRecordReader[T, PT]) Raw() []byte { return r.buf }

// Index is the index of the record last read (the next record's index minus one).
func (r *FixedRecordReader[T, PT]) Index() int64 { return r.fr.index - 1 }

// Skipped is the number of bad records skipped so far.
func (r *FixedRecordReader[T, PT]) Skipped() int64 { return r.fr.skipped }

// FixedRecordWriter writes fixed-size records through a buffer.
type FixedRecordWriter[T any] struct {
	w         io.Writer
	buf       []byte
	appendRec func(dst []byte, rec *T) []byte
}

// Write buffers one record.
func (w *FixedRecordWriter[T]) Write(rec *T) error {
	w.buf = w.appendRec(w.buf, rec)
	if len(w.buf) >= 1<<16 {
		return w.Flush()
	}
	return nil
}

// Flush writes buffered records.
func (w *FixedRecordWriter[T]) Flush() error {
	_, err := w.w.Write(w.buf)
	w.buf = w.buf[:0]
	return err
}
