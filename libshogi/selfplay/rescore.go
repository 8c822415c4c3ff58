package selfplay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

// RescoreConfig configures the re-scoring of a training file: every
// position is searched again with Engine (one thread per worker, its table
// cleared for each position so that the output does not depend on the
// number of workers: keep HashMB small) and written with the new score and
// best move; the game result and move number are kept.
type RescoreConfig struct {
	Engine  EngineConfig
	Rules   Rules // the entering-king rule and move limit of the searches
	Threads int
	Input   string
	Output  string
	// Format of both files: FormatPSV or FormatHCPE (0: from the input's
	// extension, .hcpe or else PSV).
	Format        Format
	Progress      func(Progress)
	ProgressEvery time.Duration
}

// RescoreResult counts the records.
type RescoreResult struct {
	Records   int64
	Unchanged int64 // positions that could not be searched (no legal move, not a game position): copied as they were
	Elapsed   time.Duration
}

const rescoreBatch = 256

type rescoreJob struct {
	index int64
	data  []byte
	err   error
}

// Rescore re-scores cfg.Input into cfg.Output.
func Rescore(ctx context.Context, cfg RescoreConfig) (RescoreResult, error) {
	var res RescoreResult
	l := cfg.Engine.Limits
	if l.Depth <= 0 && l.Nodes == 0 {
		return res, errors.New("selfplay: rescore needs a depth or node limit")
	}
	if err := cfg.Engine.check(); err != nil {
		return res, err
	}
	f := cfg.Format
	if f == 0 {
		f = FormatPSV
		if strings.HasSuffix(strings.ToLower(cfg.Input), ".hcpe") {
			f = FormatHCPE
		}
	}
	size := record.PSVSize
	if f == FormatHCPE {
		size = record.HCPESize
	} else if f != FormatPSV {
		return res, errors.New("selfplay: rescore format must be PSV or hcpe")
	}
	in, err := os.Open(cfg.Input)
	if err != nil {
		return res, err
	}
	defer in.Close()
	total := int64(-1)
	if st, err := in.Stat(); err == nil {
		total = st.Size() / int64(size)
	}
	outF, err := os.Create(cfg.Output)
	if err != nil {
		return res, err
	}
	defer outF.Close()
	out := bufio.NewWriterSize(outF, 1<<20)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	threads := max(cfg.Threads, 1)
	jobs := make(chan rescoreJob, threads)
	done := make(chan rescoreJob, threads)
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		r := bufio.NewReaderSize(in, 1<<20)
		for i := int64(0); ; i++ {
			buf := make([]byte, rescoreBatch*size)
			n, err := io.ReadFull(r, buf)
			if n%size != 0 {
				readErr <- fmt.Errorf("selfplay: %s: size is not a multiple of %d bytes", cfg.Input, size)
				return
			}
			if n > 0 {
				select {
				case jobs <- rescoreJob{index: i, data: buf[:n]}:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
					readErr <- err
				}
				return
			}
		}
	}()
	var unchanged atomic.Int64
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ec := cfg.Engine
			ec.Threads = 1
			eng := search.NewEngine(ec.Options(cfg.Rules))
			var skipped int64
			for j := range jobs {
				if ctx.Err() != nil {
					break
				}
				j.err = rescoreBatchData(ctx, eng, cfg.Engine.Limits, f, size, j.data, &skipped)
				done <- j
			}
			unchanged.Add(skipped)
		}()
	}
	go func() { wg.Wait(); close(done) }()

	start := time.Now()
	every := cfg.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	last := time.Now()
	report := func(fin bool) {
		if cfg.Progress == nil {
			return
		}
		el := time.Since(start)
		p := Progress{Positions: res.Records, Elapsed: el, ETA: -1, Done: fin}
		if el > 0 {
			p.PositionsPerSec = float64(res.Records) / el.Seconds()
		}
		if fin {
			p.ETA = 0
		} else if total >= 0 && p.PositionsPerSec > 0 {
			p.ETA = time.Duration(float64(total-res.Records) / p.PositionsPerSec * float64(time.Second))
		}
		cfg.Progress(p)
	}
	pending := map[int64]rescoreJob{}
	next := int64(0)
	var firstErr error
	for j := range done {
		if j.err != nil && firstErr == nil {
			firstErr = j.err
			cancel()
		}
		pending[j.index] = j
		for firstErr == nil {
			h, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if _, err := out.Write(h.data); err != nil {
				firstErr = err
				cancel()
				break
			}
			res.Records += int64(len(h.data) / size)
		}
		if time.Since(last) >= every {
			last = time.Now()
			report(false)
		}
	}
	select {
	case err := <-readErr:
		if firstErr == nil {
			firstErr = err
		}
	default:
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	if err := out.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	res.Unchanged = unchanged.Load()
	res.Elapsed = time.Since(start)
	report(true)
	return res, firstErr
}

// rescoreBatchData searches each record of data and rewrites it in place.
func rescoreBatchData(ctx context.Context, eng *search.Engine, lim search.Limits, f Format, size int, data []byte, skipped *int64) error {
	var d record.Diagram
	var psv record.PSV
	var hc record.HCPE
	stop := context.AfterFunc(ctx, eng.Stop)
	defer stop()
	for off := 0; off < len(data); off += size {
		b := data[off : off+size]
		var err error
		if f == FormatPSV {
			err = record.DecodePSV(b, &psv, &d)
		} else {
			err = record.DecodeHCPE(b, &hc, &d)
		}
		if err != nil {
			return err
		}
		pos, err := board.FromSetup(&d, board.SFENOptions{})
		if err != nil || !pos.HasLegalMove() {
			*skipped++
			continue
		}
		eng.NewGame()
		r := eng.Search(pos, lim, nil)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		score := int16(max(min(r.Score, 32767), -32767))
		m16 := uint16(0)
		if r.BestMove != board.MoveResign && r.BestMove != board.MoveWin {
			m16 = r.BestMove.Move16()
		}
		if f == FormatPSV {
			psv.Score, psv.Move = score, m16
			psv.Encode(b)
		} else {
			hc.Eval, hc.BestMove16 = score, 0
			if m16 != 0 {
				hc.BestMove16 = board.Move16ToHcpe(m16)
			}
			hc.Encode(b)
		}
	}
	return nil
}
