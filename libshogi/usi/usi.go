// Package usi is the USI protocol front end of the libshogi engine. It reads
// commands line by line and writes replies; a search runs in the
// background so that stop, ponderhit and isready are answered at once.
// Malformed commands are answered with "info string" and never stop the
// engine.
package usi

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// Name and Author are what "usi" answers.
var (
	Name   = "libshogi"
	Author = "the libshogi authors"
)

// Session is one USI session.
type Session struct {
	outMu sync.Mutex
	out   *bufio.Writer

	eng        *search.Engine
	values     *search.OptionValues // what setoption has set
	applied    *search.OptionValues // the values last applied (nil: none yet)
	loaded     string               // eval file currently loaded ("" = fallback)
	loadedFV   int                  // its FV_SCALE
	loadedArch string               // its EvalArch override (empty: identified from the file)
	factory    search.EvalFactory

	pos *board.Position
	// posErr is why the last position command was rejected ("" when it
	// was not); evalErr is why EvalFile could not be loaded. Either makes
	// go refuse to search (see refuse).
	posErr  string
	evalErr string

	mu      sync.Mutex // guards the fields below
	running bool
	done    chan struct{}
	stopM   atomic.Bool
	hitM    atomic.Bool  // ponderhit came during the current go
	multiPV atomic.Int32 // MultiPV of the current options (read by info)
	// shownDepth is the deepest "info depth" sent during the current go:
	// the final line never reports less (a stop inside an iteration has
	// already shown that iteration's depth in progress and bound lines).
	shownDepth atomic.Int32

	book bookState // the opening book (book.go)
}

// New returns a session writing to out.
func New(out io.Writer) *Session {
	u := &Session{out: bufio.NewWriter(out), values: search.NewOptionValues(), pos: board.NewPosition()}
	u.eng = search.NewEngine(search.DefaultOptions())
	u.multiPV.Store(1)
	return u
}

// SearchEngine returns the underlying search engine.
func (u *Session) SearchEngine() *search.Engine { return u.eng }

func (u *Session) println(s string) {
	u.outMu.Lock()
	u.out.WriteString(s)
	u.out.WriteByte('\n')
	u.out.Flush()
	u.outMu.Unlock()
}

func (u *Session) infoString(format string, a ...any) {
	u.println("info string " + cleanText(fmt.Sprintf(format, a...)))
}

// Run reads commands from in until "quit" or the end of the input. A search
// still running at the end of the input is stopped and its bestmove
// written.
func (u *Session) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		if !u.Handle(sc.Text()) {
			return nil
		}
	}
	u.stopAndWait()
	if err := sc.Err(); err != nil {
		u.infoString("input error: %v", err)
		return err
	}
	return nil
}

// Handle executes one command line and reports whether the session goes on
// (false after "quit").
func (u *Session) Handle(line string) (goOn bool) {
	goOn = true
	defer func() {
		if r := recover(); r != nil {
			u.infoString("internal error on %q: %v", line, r)
			goOn = true
		}
	}()
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "usi":
		u.println("id name " + Name)
		u.println("id author " + Author)
		for _, o := range search.OptionTable() {
			u.println(o.USI())
		}
		u.println("usiok")
	case "isready":
		// Options take effect here, unless a search is running (they
		// will at the next go).
		if !u.isRunning() {
			u.apply()
		}
		u.println("readyok")
	case "setoption":
		u.setOption(f[1:])
	case "usinewgame":
		u.stopAndWait()
		u.apply()
		u.eng.NewGame()
	case "position":
		u.position(f[1:])
	case "go":
		u.goCmd(f[1:])
	case "stop":
		u.stopAndWait()
	case "ponderhit":
		u.hitM.Store(true)
		u.eng.PonderHit()
	case "gameover":
		u.stopAndWait()
	case "quit":
		u.stopAndWait()
		return false
	case "d", "display":
		u.println(u.pos.String())
		u.println("sfen " + u.pos.SFEN())
	default:
		u.infoString("unknown command: %s", truncate(line, 80))
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func (u *Session) setOption(args []string) {
	// setoption name <id> [value <x>]; names and values may hold spaces.
	if len(args) < 2 || args[0] != "name" {
		u.infoString("usage: setoption name <id> [value <x>]")
		return
	}
	var name, value []string
	inValue := false
	for _, a := range args[1:] {
		if a == "value" && !inValue {
			inValue = true
			continue
		}
		if inValue {
			value = append(value, a)
		} else {
			name = append(name, a)
		}
	}
	if err := u.values.Set(strings.Join(name, " "), strings.Join(value, " ")); err != nil {
		u.infoString("%v", err)
	}
}

// apply makes the options effective (no search is running).
func (u *Session) apply() {
	u.applyBook()
	if u.values.Equal(u.applied) && u.evalErr == "" {
		return
	}
	path := u.values.EvalPath()
	named := path != ""
	if !named {
		path = nnue.DefaultNetName // no net named: the one built into the library (issue 20)
	}
	fv := u.values.Int("FV_SCALE")
	arch := u.values.Text("EvalArch")
	if path != u.loaded || fv != u.loadedFV || arch != u.loadedArch || u.factory == nil {
		u.factory = nil
		u.loaded = ""
		u.evalErr = ""
		if path != nnue.BuiltinEvalName {
			net, err := nnue.LoadWith(path, nnue.LoadOptions{Arch: arch})
			if err != nil {
				// Policy (issue 13): a network that cannot be loaded is an
				// error the GUI shows, and go refuses to search until
				// EvalFile is loaded or names another evaluation (builtin:
				// the material evaluation, chosen knowingly). A silent fallback gave a
				// much weaker engine unawares. isready is still answered
				// (a GUI left without readyok only hangs) and it tries
				// the file again.
				u.evalErr = fmt.Sprintf("EvalFile %s: %v", path, err)
				u.infoString("ERROR: %s; go will not search until EvalFile loads (or is <empty> for the default net, builtin for the material evaluation)", u.evalErr)
			} else {
				u.factory = search.NNUEFactory(net, fv)
				u.loaded, u.loadedFV, u.loadedArch = path, fv, arch
				if named { // the default is said once it is asked for, not at every isready
					u.infoString("loaded %s", path)
				}
			}
		}
	}
	opts := u.values.EngineOptions()
	opts.Eval = u.factory
	if u.factory != nil {
		opts.EvalID = fmt.Sprint(u.loaded, "@", fv)
	}
	if err := u.eng.SetOptions(opts); err != nil {
		// Policy: a table that cannot be had leaves the engine with the
		// table it has; USI_Hash goes back to that size.
		kept := u.eng.Options().HashMB
		u.infoString("USI_Hash %d: %v; keeping %d MB", opts.HashMB, err, kept)
		_ = u.values.Set("USI_Hash", strconv.Itoa(kept))
		opts.HashMB = kept
		_ = u.eng.SetOptions(opts) // same size: nothing to allocate
	}
	u.multiPV.Store(int32(opts.MultiPV))
	u.applied = u.values.Clone()
}

// badPosition rejects a position command: the GUI sees an error, and the
// session holds no position until the next good one (go refuses), so that
// no move is ever sent for a position the GUI did not send.
func (u *Session) badPosition(format string, a ...any) {
	u.posErr = cleanText(fmt.Sprintf(format, a...))
	u.infoString("ERROR: %s; go will not search until a valid position command", u.posErr)
}

func (u *Session) position(args []string) {
	if len(args) == 0 {
		u.badPosition("usage: position startpos|sfen <sfen> [moves ...]")
		return
	}
	var pos *board.Position
	rest := args
	switch args[0] {
	case "startpos":
		pos = board.NewPosition()
		rest = args[1:]
	case "sfen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		if i == 1 {
			u.badPosition("position sfen: missing SFEN")
			return
		}
		p, err := board.FromSFEN(strings.Join(args[1:i], " "))
		if err != nil {
			u.badPosition("position: %v", err)
			return
		}
		pos = p
		rest = args[i:]
	default:
		u.badPosition("position: expected startpos or sfen, got %q", truncate(args[0], 40))
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			u.badPosition("position: expected moves, got %q", truncate(rest[0], 40))
			return
		}
		for _, mv := range rest[1:] {
			m, err := pos.ParseMove(mv)
			if err != nil {
				u.badPosition("position: move %s: %v", truncate(mv, 20), err)
				return
			}
			pos.DoMove(m)
		}
	}
	u.pos = pos
	u.posErr = ""
}

func (u *Session) isRunning() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.running
}

// stopAndWait stops a running search and waits until its bestmove is out.
func (u *Session) stopAndWait() {
	u.mu.Lock()
	done := u.done
	running := u.running
	u.mu.Unlock()
	if !running {
		return
	}
	u.stopM.Store(true)
	u.eng.Stop()
	<-done
}

func (u *Session) goCmd(args []string) {
	if u.isRunning() {
		u.infoString("go: a search is already running (send stop first)")
		return
	}
	g, err := parseGo(args, u.pos)
	if err != nil {
		u.infoString("go: %v; no search started", err)
		return
	}
	lim, mate, mateTime := g.lim, g.mate, g.mateTime
	u.apply()
	pos := u.pos.Clone()
	done := make(chan struct{})
	u.mu.Lock()
	u.running = true
	u.done = done
	u.mu.Unlock()
	u.stopM.Store(false)
	u.hitM.Store(false)
	u.shownDepth.Store(0)
	if why := u.posErr; why != "" || u.evalErr != "" && !mate {
		if why == "" {
			why = u.evalErr
		}
		go u.refuse(why, lim, mate, done)
		return
	}
	if !mate && u.bookGo(pos, lim, done) {
		return
	}
	if mate {
		go u.mateSearch(pos, mateTime, done)
		return
	}
	ch := u.eng.Go(pos, lim, u.info)
	go func() {
		r := <-ch
		line := "bestmove " + moveText(r.BestMove)
		if r.PonderMove != board.MoveNone && r.BestMove != board.MoveResign && r.BestMove != board.MoveWin {
			line += " ponder " + r.PonderMove.USI()
		}
		if r.Depth > 0 && len(r.PV) > 0 && u.multiPV.Load() == 1 {
			// A final info line so that the GUI sees the score of the move played.
			depth := max(r.Depth, int(u.shownDepth.Load()))
			u.info(&search.Info{Depth: depth, SelDepth: max(r.SelDepth, depth), MultiPV: 1, Score: r.Score, Bound: search.BoundExact,
				Nodes: r.Nodes, NPS: nps(r.Nodes, r.Time), Time: r.Time, Hashfull: u.eng.Hashfull(), PV: r.PV})
		}
		u.finish(line, done)
	}()
}

func nps(n uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(n) / d.Seconds())
}

func moveText(m board.Move) string {
	switch m {
	case board.MoveResign, board.MoveNone:
		return "resign"
	case board.MoveWin:
		return "win"
	}
	return m.USI()
}

func (u *Session) info(i *search.Info) {
	if d := int32(i.Depth); d > u.shownDepth.Load() {
		u.shownDepth.Store(d) // only the search goroutine and then the final line write it
	}
	if i.Kind == search.InfoProgress {
		u.println(progressLine(i))
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d", i.Depth, i.SelDepth)
	if u.multiPV.Load() > 1 {
		fmt.Fprintf(&b, " multipv %d", i.MultiPV)
	}
	b.WriteString(" score ")
	b.WriteString(i.Score.USI())
	switch i.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	fmt.Fprintf(&b, " nodes %d nps %d time %d hashfull %d pv", i.Nodes, i.NPS, i.Time.Milliseconds(), i.Hashfull)
	for _, m := range i.PV {
		b.WriteByte(' ')
		b.WriteString(m.USI())
	}
	u.println(b.String())
}

// finish writes the last line of a search and marks the session idle in
// one step, so that a GUI that answers the line at once with a new go
// never finds the old search still running.
func (u *Session) finish(line string, done chan struct{}) {
	u.mu.Lock()
	u.println(line)
	u.running = false
	u.mu.Unlock()
	close(done)
}

// refuse answers a go that must not search: the last position command was
// rejected (the session has no position the GUI sent) or EvalFile could
// not be loaded. Policy (issue 13): an "info string ERROR" line the GUI
// shows, then "bestmove resign" ("checkmate timeout" for go mate), at once
// or, for go infinite/ponder, when stop or ponderhit comes, as USI wants.
// Every GUI waits for bestmove after go: silence would hang the game until
// the GUI's time-out, and a move for another position may be illegal or a
// blunder in the GUI's game; resign is a reply every GUI handles and ends
// the game visibly, with the reason in its log.
func (u *Session) refuse(why string, lim search.Limits, mate bool, done chan struct{}) {
	u.infoString("ERROR: %s; no search", why)
	for (lim.Infinite || lim.Ponder && !u.hitM.Load()) && !u.stopM.Load() {
		time.Sleep(time.Millisecond)
	}
	line := "bestmove resign"
	if mate {
		line = "checkmate timeout"
	}
	u.finish(line, done)
}
