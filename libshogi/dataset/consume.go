package dataset

import "io"

// event is what pull found.
type event uint8

const (
	evSample event = iota
	evEpochEnd
	evEnd
)

// nextChunk returns the next decoded chunk in file order, nil at the end.
func (st *Stream) nextChunk() *chunk {
	n := uint64(len(st.ring))
	for st.ring[st.nextSeq%n] == nil {
		c, ok := <-st.results
		if !ok {
			return nil
		}
		st.ring[c.seq%n] = c
	}
	c := st.ring[st.nextSeq%n]
	st.ring[st.nextSeq%n] = nil
	st.nextSeq++
	st.stats.Records += c.records
	st.stats.Bad += c.bad
	for i, r := range c.removed {
		st.stats.Removed[i] += r
	}
	for _, e := range c.errs {
		if len(st.stats.Errors) < maxErrors {
			st.stats.Errors = append(st.stats.Errors, e)
		}
		st.stats.LastError = e
	}
	return c
}

// pull returns the next kept position in file order.
func (st *Stream) pull() (*Sample, event) {
	for {
		if st.ended {
			return nil, evEnd
		}
		if st.cur != nil && st.curPos < st.cur.n {
			st.curPos++
			return &st.cur.out[st.curPos-1], evSample
		}
		if c := st.cur; c != nil {
			st.cur = nil
			if c.fatal != nil && st.fatal == nil {
				st.fatal = c.fatal
			}
			last := c.lastOfEpoch
			st.free <- c
			if st.fatal != nil {
				st.ended = true
				continue
			}
			if last {
				return nil, evEpochEnd
			}
		}
		c := st.nextChunk()
		if c == nil {
			if e := st.produceErr.Load(); e != nil && st.fatal == nil {
				st.fatal = *e
			}
			st.ended = true
			continue
		}
		st.cur, st.curPos = c, 0
	}
}

// nextSample returns the next position to deliver (through the shuffle
// buffer when there is one), nil at the end of the stream. The pointer is
// valid until the next call.
func (st *Stream) nextSample() *Sample {
	for {
		if st.buf == nil {
			s, ev := st.pull()
			switch ev {
			case evSample:
				st.epochPos++
				return s
			case evEpochEnd:
				if !st.endEpoch() {
					return nil
				}
				continue
			}
			return nil
		}
		for len(st.buf) < st.opts.ShuffleBuffer && !st.draining {
			s, ev := st.pull()
			if ev != evSample {
				st.draining = true
				break
			}
			st.buf = append(st.buf, *s)
		}
		if n := len(st.buf); n > 0 {
			j := st.rng.IntN(n)
			st.buf[j], st.buf[n-1] = st.buf[n-1], st.buf[j]
			st.buf = st.buf[:n-1]
			st.epochPos++
			return &st.buf[:n][n-1]
		}
		if st.ended || !st.endEpoch() {
			return nil
		}
		st.draining = false
	}
}

// endEpoch counts a finished pass; it ends the stream when a pass that
// cycles forever delivered nothing (nothing would ever come).
func (st *Stream) endEpoch() bool {
	st.stats.Epochs++
	if st.epochPos == 0 && st.opts.Epochs < 0 {
		st.ended = true
		return false
	}
	st.epochPos = 0
	return true
}

// Next fills the stream's batch with up to BatchSize positions and returns
// it; the batch is valid until the next call to Next or Close. At the end
// it returns io.EOF; an I/O error (a file that vanished) is returned once
// the positions before it have been delivered.
func (st *Stream) Next() (*Batch, error) {
	if st.closed {
		return nil, errClosed
	}
	b := &st.batch
	rows := st.rows[:0]
	for len(rows) < st.opts.BatchSize {
		s := st.nextSample()
		if s == nil {
			break
		}
		rows = append(rows, *s)
	}
	st.rows = rows
	b.N = len(rows)
	st.fill(rows)
	if e := st.fillErr.Load(); e != nil {
		return nil, *e
	}
	b.buildCSR(b.N)
	b.buildPolicy(rows)
	if b.N == 0 {
		if st.fatal != nil {
			return nil, st.fatal
		}
		return nil, io.EOF
	}
	b.finish()
	st.stats.Positions += int64(b.N)
	st.stats.Batches++
	return b, nil
}

// Current is the batch the latest Next returned (nil when there is none:
// before the first batch, at the end, after Close); valid as long as that
// batch is.
func (st *Stream) Current() *Batch {
	if st.closed || st.batch.N == 0 || st.stats.Batches == 0 {
		return nil
	}
	return &st.batch
}

// Stats returns the counts so far (a copy).
func (st *Stream) Stats() Stats {
	s := st.stats
	s.Errors = append([]string(nil), s.Errors...)
	return s
}

// BatchSize is the number of positions of a full batch.
func (st *Stream) BatchSize() int { return st.opts.BatchSize }

// FeatureSet is the stream's feature set (nil when none was named).
func (st *Stream) FeatureSet() FeatureSet { return st.fs }

// Close stops the goroutines and releases the batch.
func (st *Stream) Close() error {
	if st.closed {
		return nil
	}
	st.closed = true
	close(st.stop)
	for range st.results { // let the decoders finish
	}
	if st.fillJobs != nil {
		close(st.fillJobs)
	}
	st.batch = Batch{}
	st.buf, st.rows = nil, nil
	return nil
}
