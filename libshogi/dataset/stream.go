package dataset

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"

	"github.com/libshogi/libshogi/libshogi/record"
)

// Records (PSV/hcpe) or games (hcpe3) per decode chunk.
const (
	chunkRecords = 2048
	chunkGames   = 16
)

// maxErrors bounds the bad-record messages Stats keeps (counts are exact).
const maxErrors = 64

type fileInfo struct {
	path   string
	format Format
}

// Stats counts what a stream has read, removed and delivered.
type Stats struct {
	Records int64 // positions decoded (PSV/hcpe records, hcpe3 moves)
	// Bad counts bad records skipped; for hcpe3, bad games (a game with an
	// illegal move keeps the positions before it).
	Bad       int64
	Removed   [NumFilters]int64
	Positions int64 // positions delivered in batches
	Batches   int64
	Epochs    int64 // passes over the files completed
	// Errors are the first bad-record messages ("file: format: record N:
	// fault"); LastError is the latest.
	Errors    []string
	LastError string
}

// Stream delivers batches of training positions; see the package comment.
// A Stream is used from one goroutine at a time.
type Stream struct {
	opts  Options
	files []fileInfo
	fs    FeatureSet

	work    chan *chunk
	results chan *chunk
	free    chan *chunk
	stop    chan struct{}
	wg      sync.WaitGroup
	closed  bool

	ring    []*chunk // decoded chunks waiting for their turn, by seq
	nextSeq uint64
	cur     *chunk
	curPos  int
	ended   bool
	fatal   error

	rng      *rand.Rand
	buf      []Sample // shuffle buffer
	draining bool     // the shuffle buffer empties at an epoch's end
	epochPos int64    // positions delivered in the current epoch

	batch    Batch
	rows     []Sample // the samples of the batch being filled
	fillJobs chan fillJob
	fillWG   sync.WaitGroup
	fillErr  atomic.Pointer[error] // a panic while filling rows

	produceErr atomic.Pointer[error]
	stats      Stats
}

// Open checks the files and options and starts the decode goroutines.
func Open(paths []string, opts Options) (*Stream, error) {
	if err := opts.normalize(); err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, errors.New("dataset: no files")
	}
	st := &Stream{opts: opts}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		if fi.IsDir() {
			return nil, fmt.Errorf("dataset: %s is a directory", p)
		}
		st.files = append(st.files, fileInfo{p, formatOf(opts.Format, p)})
	}
	if opts.FeatureSet != "" {
		fs, err := LookupFeatureSet(opts.FeatureSet)
		if err != nil {
			return nil, err
		}
		st.fs = fs
	}
	st.batch.alloc(opts.BatchSize, st.fs, opts.Layout, opts.Allocator)
	st.rng = rand.New(rand.NewPCG(opts.Seed, 0x5851f42d4c957f2d))
	if opts.ShuffleBuffer > 1 {
		st.buf = make([]Sample, 0, min(opts.ShuffleBuffer, 1<<16)) // grows to ShuffleBuffer
	}
	st.rows = make([]Sample, 0, opts.BatchSize)
	st.start()
	st.startFillers()
	return st, nil
}

// start launches the reader and the decode goroutines.
func (st *Stream) start() {
	pool := 4 * st.opts.Threads
	if pool < 4 {
		pool = 4
	}
	st.ring = make([]*chunk, pool)
	st.free = make(chan *chunk, pool)
	for i := 0; i < pool; i++ {
		st.free <- &chunk{}
	}
	st.work = make(chan *chunk, pool)
	st.results = make(chan *chunk, pool)
	st.stop = make(chan struct{})
	st.wg.Add(st.opts.Threads)
	for i := 0; i < st.opts.Threads; i++ {
		go st.decodeLoop()
	}
	go st.produce()
	go func() { st.wg.Wait(); close(st.results) }()
}

func (st *Stream) decodeLoop() {
	defer st.wg.Done()
	for c := range st.work {
		st.decode(c)
		st.results <- c
	}
}

// decode decodes one chunk. A panic (a bug: the decoders return errors
// for bad input) becomes the chunk's fatal error instead of ending the
// process, which may be a host program calling through the C ABI.
func (st *Stream) decode(c *chunk) {
	defer func() {
		if r := recover(); r != nil {
			c.n = 0
			c.fatal = fmt.Errorf("dataset: internal error decoding %s from record %d: %v", st.files[c.file].path, c.first, r)
		}
	}()
	switch {
	case c.games != nil:
		st.decodeGames(c)
	case len(c.raw) > 0:
		st.decodeFixed(c)
	}
}

// produce reads the files in order, epoch after epoch, and hands out chunks.
func (st *Stream) produce() {
	defer close(st.work)
	defer func() {
		if r := recover(); r != nil { // a bug; reported by Next, not a crash
			err := fmt.Errorf("dataset: internal error reading the files: %v", r)
			st.produceErr.Store(&err)
		}
	}()
	var seq uint64
	var held *chunk // the latest chunk, sent once the next exists (to mark the epoch's last)
	send := func(c *chunk) bool {
		if held != nil {
			held.seq = seq
			seq++
			select {
			case st.work <- held:
			case <-st.stop:
				return false
			}
		}
		held = c
		return true
	}
	get := func() *chunk {
		select {
		case c := <-st.free:
			c.reset()
			return c
		case <-st.stop:
			return nil
		}
	}
	order := make([]int, len(st.files))
	for epoch := 0; st.opts.Epochs < 0 || epoch < st.opts.Epochs; epoch++ {
		for i := range order {
			order[i] = i
		}
		if st.opts.ShuffleFiles {
			r := rand.New(rand.NewPCG(st.opts.Seed, uint64(epoch)^0x9e3779b97f4a7c15))
			r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		for _, fi := range order {
			ok, fatal := st.readFile(epoch, fi, get, send)
			if !ok {
				return
			}
			if fatal {
				send(nil)
				return
			}
		}
		if held == nil { // no chunk this epoch: an empty one carries the mark
			c := get()
			if c == nil || !send(c) {
				return
			}
		}
		held.lastOfEpoch = true
		if !send(nil) {
			return
		}
	}
}

// readFile cuts one file into chunks. It returns false when the stream
// stops, and fatal when an I/O error ended the stream (the error rides on
// the chunk that was sent last).
func (st *Stream) readFile(epoch, fi int, get func() *chunk, send func(*chunk) bool) (ok, fatal bool) {
	f := st.files[fi]
	fail := func(err error) (bool, bool) {
		c := get()
		if c == nil {
			return false, false
		}
		c.epoch, c.file, c.fatal = epoch, fi, fmt.Errorf("dataset: %w", err)
		return send(c), true
	}
	fh, err := os.Open(f.path)
	if err != nil {
		return fail(err)
	}
	defer fh.Close()
	if f.format == FormatHCPE3 {
		r := record.NewHCPE3Reader(fh, record.SkipBadRecords)
		var skipped []error
		r.OnSkip(func(e *record.Error) { skipped = append(skipped, e) })
		var index int64
		for done := false; !done; {
			c := get()
			if c == nil {
				return false, false
			}
			c.epoch, c.file, c.format, c.first = epoch, fi, f.format, index
			for len(c.games) < chunkGames {
				g, _, err := r.Next()
				for _, e := range skipped {
					c.badRecord(f.path, e)
					index++
				}
				skipped = skipped[:0]
				if err == io.EOF {
					done = true
					break
				}
				if err != nil {
					c.fatal = fmt.Errorf("dataset: %s: %w", f.path, err)
					return send(c), true
				}
				if len(c.games) == 0 {
					c.first = index
				}
				c.games = append(c.games, g)
				c.gameIdx = append(c.gameIdx, index)
				index++
			}
			if !send(c) {
				return false, false
			}
		}
		return true, false
	}
	size := record.PSVSize
	if f.format == FormatHCPE {
		size = record.HCPESize
	}
	var index int64
	for {
		c := get()
		if c == nil {
			return false, false
		}
		if cap(c.raw) < chunkRecords*size {
			c.raw = make([]byte, chunkRecords*size)
		}
		c.raw = c.raw[:chunkRecords*size]
		n, err := io.ReadFull(fh, c.raw)
		c.raw = c.raw[:n]
		c.epoch, c.file, c.format, c.first = epoch, fi, f.format, index
		index += int64(n / size)
		if n > 0 && !send(c) {
			return false, false
		}
		if n == 0 {
			st.free <- c
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return true, false
		}
		if err != nil {
			c := get()
			if c == nil {
				return false, false
			}
			c.epoch, c.file, c.fatal = epoch, fi, fmt.Errorf("dataset: %s: %w", f.path, err)
			return send(c), true
		}
	}
}
