package analyze

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// Config says how requests are searched.
type Config struct {
	Workers  int            // engines searching different requests at once (>= 1)
	Engine   search.Options // options of each worker's engine
	ForceStd bool           // parse with encoding/json even where simdjson-go works
	// Progress, when not nil, receives a progress line every ProgressEvery.
	Progress      io.Writer
	ProgressEvery time.Duration
	// ClearBetween clears each engine's tables before every request, so a
	// request's result does not depend on the requests before it.
	ClearBetween bool
}

// Score is a result score: exactly one of CP and Mate is set.
type Score struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"` // plies to mate; negative when the side to move is mated
}

// Line is one MultiPV line of a result.
type Line struct {
	Score Score    `json:"score"`
	Depth int      `json:"depth"`
	PV    []string `json:"pv"`
}

// Result is one output line.
type Result struct {
	Line     int      `json:"line"`
	ID       string   `json:"id,omitempty"`
	SFEN     string   `json:"sfen,omitempty"` // the analysed position (after the request's moves)
	BestMove string   `json:"bestmove,omitempty"`
	Ponder   string   `json:"ponder,omitempty"`
	Score    *Score   `json:"score,omitempty"`
	Depth    int      `json:"depth,omitempty"`
	SelDepth int      `json:"seldepth,omitempty"`
	Nodes    uint64   `json:"nodes,omitempty"`
	TimeMs   int64    `json:"time_ms"`
	PV       []string `json:"pv,omitempty"`
	MultiPV  []Line   `json:"multipv,omitempty"`
	Error    string   `json:"error,omitempty"`
}

func convertScore(s search.Score) Score {
	var out Score
	if s.IsMate() {
		m := s.MatePly() // 0: the side to move is already mated
		out.Mate = &m
	} else {
		cp := s.CP()
		out.CP = &cp
	}
	return out
}

func moveTexts(ms []board.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

// position builds the request's position.
func (r *Request) position() (*board.Position, error) {
	sfen := r.SFEN
	if sfen == "" {
		sfen = "startpos"
	}
	p, err := board.FromSFEN(sfen)
	if err != nil {
		return nil, err
	}
	for _, u := range r.Moves {
		m, err := p.ParseMove(u)
		if err != nil {
			return nil, err
		}
		p.DoMove(m)
	}
	return p, nil
}

// analyse searches one request with engine e.
func analyse(e *search.Engine, r Request, clear bool) Result {
	out := Result{Line: r.Line, ID: r.ID}
	p, err := r.position()
	if err != nil {
		out.Error = err.Error()
		return out
	}
	out.SFEN = p.SFEN()
	opts := e.Options()
	if opts.MultiPV != r.MultiPV {
		opts.MultiPV = r.MultiPV
		_ = e.SetOptions(opts) // the table keeps its size: nothing to allocate
	}
	if clear {
		e.NewGame()
	}
	lim := search.Limits{Depth: r.Depth, Nodes: uint64(r.Nodes), MoveTime: time.Duration(r.MoveTime) * time.Millisecond}
	res := e.Search(p, lim, nil)
	out.BestMove = res.BestMove.USI()
	if res.PonderMove != board.MoveNone {
		out.Ponder = res.PonderMove.USI()
	}
	sc := convertScore(res.Score)
	out.Score = &sc
	out.Depth, out.SelDepth, out.Nodes = res.Depth, res.SelDepth, res.Nodes
	out.TimeMs = res.Time.Milliseconds()
	out.PV = moveTexts(res.PV)
	if r.MultiPV > 1 {
		for _, l := range res.Lines {
			out.MultiPV = append(out.MultiPV, Line{Score: convertScore(l.Score), Depth: l.Depth, PV: moveTexts(l.PV)})
		}
	}
	return out
}

// Run reads NDJSON requests from in and writes one NDJSON result per
// request to out, in input order, as soon as each is ready. It returns the
// number of requests and of failed ones; err is an I/O error.
func Run(in io.Reader, out io.Writer, cfg Config) (total, failed int, err error) {
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	// The engines first: a table that cannot be allocated is an error
	// before any request is read.
	engines := make([]*search.Engine, cfg.Workers)
	for w := range engines {
		if engines[w], err = search.New(cfg.Engine); err != nil {
			return 0, 0, err
		}
	}
	parser := NewParser(in, cfg.ForceStd)
	type job struct {
		seq int
		req Request
		err error
	}
	type done struct {
		seq int
		res Result
	}
	jobs := make(chan job, 4*cfg.Workers)
	results := make(chan done, 4*cfg.Workers)
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if j.err != nil {
					results <- done{j.seq, Result{Line: j.req.Line, ID: j.req.ID, Error: j.err.Error()}}
					continue
				}
				results <- done{j.seq, analyse(e, j.req, cfg.ClearBetween)}
			}
		}()
	}
	var readErr error
	go func() {
		seq := 0
		for {
			r, err := parser.Next()
			if err == io.EOF {
				break
			}
			if err != nil && r.Line == 0 {
				readErr = err // an I/O error, not a bad line
				break
			}
			jobs <- job{seq, r, err}
			seq++
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	w := bufio.NewWriter(out)
	pendingOut := map[int]Result{}
	next := 0
	start := time.Now()
	lastProgress := start
	enc := json.NewEncoder(w)
	for d := range results {
		pendingOut[d.seq] = d.res
		for {
			res, ok := pendingOut[next]
			if !ok {
				break
			}
			delete(pendingOut, next)
			next++
			total++
			if res.Error != "" {
				failed++
			}
			if err := enc.Encode(res); err != nil {
				return total, failed, err
			}
		}
		if err := w.Flush(); err != nil {
			return total, failed, err
		}
		if cfg.Progress != nil && cfg.ProgressEvery > 0 && time.Since(lastProgress) >= cfg.ProgressEvery {
			lastProgress = time.Now()
			el := time.Since(start).Seconds()
			fmt.Fprintf(cfg.Progress, "analyze: %d done, %d failed, %.1f/s\n", total, failed, float64(total)/el)
		}
	}
	if readErr != nil {
		return total, failed, readErr
	}
	return total, failed, w.Flush()
}
