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
	"path/filepath"
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

type optKind int

const (
	optSpin optKind = iota
	optCheck
	optString
	optCombo
	optFilename
)

type option struct {
	name     string
	kind     optKind
	def      string
	min, max int
	vars     []string
}

var optionList = []option{
	{name: "Threads", kind: optSpin, def: "1", min: 1, max: 256},
	{name: "USI_Hash", kind: optSpin, def: "16", min: 1, max: 65536},
	{name: "USI_Ponder", kind: optCheck, def: "false"},
	{name: "MultiPV", kind: optSpin, def: "1", min: 1, max: 800},
	{name: "EvalFile", kind: optString, def: "<empty>"},
	{name: "EvalDir", kind: optString, def: "<empty>"},
	{name: "FV_SCALE", kind: optSpin, def: "16", min: 1, max: 128},
	{name: "EvalArch", kind: optString, def: "<empty>"}, // nnue.ArchByName: read EvalFile as this layout
	{name: "EnteringKingRule", kind: optCombo, def: "CSARule27",
		vars: []string{"none", "CSARule24", "CSARule24H", "CSARule27", "CSARule27H", "TryRule"}},
	{name: "MaxMovesToDraw", kind: optSpin, def: "0", min: 0, max: 100000},
	{name: "ResignValue", kind: optSpin, def: "99999", min: 0, max: 99999},
	{name: "NetworkDelay", kind: optSpin, def: "120", min: 0, max: 10000},
}

// Engine is one USI session.
type Engine struct {
	outMu sync.Mutex
	out   *bufio.Writer

	eng     *search.Engine
	values  map[string]string // option values by lower-case name
	applied string            // signature of the options last applied
	loaded  string            // eval file currently loaded ("" = fallback)
	factory search.EvalFactory

	pos *board.Position

	mu      sync.Mutex // guards the fields below
	running bool
	done    chan struct{}
	stopM   atomic.Bool
	multiPV atomic.Int32 // MultiPV of the current options (read by info)
}

// New returns a session writing to out.
func New(out io.Writer) *Engine {
	u := &Engine{out: bufio.NewWriter(out), values: map[string]string{}, pos: board.NewPosition()}
	for _, o := range optionList {
		u.values[strings.ToLower(o.name)] = o.def
	}
	u.eng = search.NewEngine(search.DefaultOptions())
	u.multiPV.Store(1)
	return u
}

// SearchEngine returns the underlying search engine.
func (u *Engine) SearchEngine() *search.Engine { return u.eng }

func (u *Engine) println(s string) {
	u.outMu.Lock()
	u.out.WriteString(s)
	u.out.WriteByte('\n')
	u.out.Flush()
	u.outMu.Unlock()
}

func (u *Engine) infoString(format string, a ...any) {
	u.println("info string " + fmt.Sprintf(format, a...))
}

// Run reads commands from in until "quit" or the end of the input. A search
// still running at the end of the input is stopped and its bestmove
// written.
func (u *Engine) Run(in io.Reader) error {
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
func (u *Engine) Handle(line string) (goOn bool) {
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
		for _, o := range optionList {
			u.println(o.usi())
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

func (o option) usi() string {
	s := "option name " + o.name + " type "
	switch o.kind {
	case optSpin:
		return s + fmt.Sprintf("spin default %s min %d max %d", o.def, o.min, o.max)
	case optCheck:
		return s + "check default " + o.def
	case optCombo:
		s += "combo default " + o.def
		for _, v := range o.vars {
			s += " var " + v
		}
		return s
	case optFilename:
		return s + "filename default " + o.def
	default:
		return s + "string default " + o.def
	}
}

func (u *Engine) setOption(args []string) {
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
	n := strings.Join(name, " ")
	v := strings.Join(value, " ")
	var opt *option
	for i := range optionList {
		if strings.EqualFold(optionList[i].name, n) {
			opt = &optionList[i]
		}
	}
	if opt == nil {
		u.infoString("unknown option: %s", truncate(n, 60))
		return
	}
	switch opt.kind {
	case optSpin:
		x, err := strconv.Atoi(v)
		if err != nil {
			u.infoString("option %s: %q is not a number", opt.name, truncate(v, 40))
			return
		}
		if x < opt.min || x > opt.max {
			u.infoString("option %s: %d out of range %d..%d", opt.name, x, opt.min, opt.max)
			return
		}
		v = strconv.Itoa(x)
	case optCheck:
		if v != "true" && v != "false" {
			u.infoString("option %s: %q is not true or false", opt.name, truncate(v, 40))
			return
		}
	case optCombo:
		ok := false
		for _, c := range opt.vars {
			if c == v {
				ok = true
			}
		}
		// Accept the other spellings board knows (e.g. NoEnteringKing).
		if _, known := board.ParseEnteringKingRule(v); !ok && opt.name == "EnteringKingRule" && known {
			ok = true
		}
		if !ok {
			u.infoString("option %s: %q is not one of %s", opt.name, truncate(v, 40), strings.Join(opt.vars, " "))
			return
		}
	}
	u.values[strings.ToLower(opt.name)] = v
}

func (u *Engine) intOpt(name string) int {
	x, _ := strconv.Atoi(u.values[strings.ToLower(name)])
	return x
}

// evalPath is the network file the options name ("" for none).
func (u *Engine) evalPath() string {
	f := u.values["evalfile"]
	d := u.values["evaldir"]
	if f == "<empty>" {
		f = ""
	}
	if d == "<empty>" {
		d = ""
	}
	switch {
	case f != "" && d != "" && !filepath.IsAbs(f):
		// Relative EvalFile under EvalDir, when it is not found as is.
		return filepath.Join(d, f)
	case f != "":
		return f
	case d != "":
		return filepath.Join(d, "nn.bin")
	}
	return ""
}

// apply makes the options effective (no search is running).
func (u *Engine) apply() {
	path := u.evalPath()
	fv := u.intOpt("FV_SCALE")
	arch := strings.TrimPrefix(u.values["evalarch"], "<empty>")
	sig := fmt.Sprint(path, "|", arch, "|", fv, "|", u.values["threads"], "|", u.values["usi_hash"], "|",
		u.values["multipv"], "|", u.values["enteringkingrule"], "|", u.values["maxmovestodraw"], "|",
		u.values["resignvalue"], "|", u.values["networkdelay"])
	if sig == u.applied {
		return
	}
	if path != u.loaded || u.factory == nil || !strings.HasPrefix(u.applied, path+"|"+arch+"|"+strconv.Itoa(fv)+"|") {
		u.factory = nil
		u.loaded = ""
		if path != "" {
			net, err := nnue.LoadWith(path, nnue.LoadOptions{Arch: arch})
			if err != nil {
				u.infoString("EvalFile %s: %v; using the built-in material evaluation", path, err)
			} else {
				u.factory = search.NNUEFactory(net, fv)
				u.loaded = path
				u.infoString("loaded %s", path)
			}
		}
	}
	opts := search.DefaultOptions()
	opts.Threads = u.intOpt("Threads")
	opts.HashMB = u.intOpt("USI_Hash")
	opts.MultiPV = u.intOpt("MultiPV")
	opts.Eval = u.factory
	if u.factory != nil {
		opts.EvalID = fmt.Sprint(u.loaded, "@", fv)
	}
	if r, ok := board.ParseEnteringKingRule(u.values["enteringkingrule"]); ok {
		opts.EnteringKingRule = r
	}
	opts.MaxMovesToDraw = u.intOpt("MaxMovesToDraw")
	if rv := u.intOpt("ResignValue"); rv > 0 && rv < 99999 {
		opts.ResignValue = rv * search.PawnValue / 100
	}
	opts.NetworkDelay = time.Duration(u.intOpt("NetworkDelay")) * time.Millisecond
	u.eng.SetOptions(opts)
	u.multiPV.Store(int32(opts.MultiPV))
	u.applied = sig
}

func (u *Engine) position(args []string) {
	if len(args) == 0 {
		u.infoString("usage: position startpos|sfen <sfen> [moves ...]")
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
			u.infoString("position sfen: missing SFEN")
			return
		}
		p, err := board.FromSFEN(strings.Join(args[1:i], " "))
		if err != nil {
			u.infoString("position: %v", err)
			return
		}
		pos = p
		rest = args[i:]
	default:
		u.infoString("position: expected startpos or sfen, got %q", truncate(args[0], 40))
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			u.infoString("position: expected moves, got %q", truncate(rest[0], 40))
			return
		}
		for _, mv := range rest[1:] {
			m, err := pos.ParseMove(mv)
			if err != nil {
				u.infoString("position: move %s: %v", truncate(mv, 20), err)
				return
			}
			pos.DoMove(m)
		}
	}
	u.pos = pos
}

func (u *Engine) isRunning() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.running
}

// stopAndWait stops a running search and waits until its bestmove is out.
func (u *Engine) stopAndWait() {
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

func parseMs(args []string, i int) (time.Duration, error) {
	if i >= len(args) {
		return 0, fmt.Errorf("%s: missing value", args[i-1])
	}
	x, err := strconv.ParseInt(args[i], 10, 64)
	if err != nil || x < 0 {
		return 0, fmt.Errorf("%s: bad value %q", args[i-1], truncate(args[i], 20))
	}
	return time.Duration(x) * time.Millisecond, nil
}

func (u *Engine) goCmd(args []string) {
	if u.isRunning() {
		u.infoString("go: a search is already running (send stop first)")
		return
	}
	var lim search.Limits
	mate := false
	var mateTime time.Duration
	for i := 0; i < len(args); i++ {
		var err error
		var d time.Duration
		switch args[i] {
		case "btime", "wtime", "binc", "winc", "byoyomi", "movetime":
			d, err = parseMs(args, i+1)
			i++
			if err == nil {
				switch args[i-1] {
				case "btime":
					lim.Time[board.Black] = d
				case "wtime":
					lim.Time[board.White] = d
				case "binc":
					lim.Inc[board.Black] = d
				case "winc":
					lim.Inc[board.White] = d
				case "byoyomi":
					lim.Byoyomi = [2]time.Duration{d, d}
				case "movetime":
					lim.MoveTime = d
				}
			}
		case "depth", "nodes":
			if i+1 >= len(args) {
				err = fmt.Errorf("%s: missing value", args[i])
				break
			}
			x, perr := strconv.ParseUint(args[i+1], 10, 63)
			if perr != nil || x == 0 {
				err = fmt.Errorf("%s: bad value %q", args[i], truncate(args[i+1], 20))
			} else if args[i] == "depth" {
				lim.Depth = int(min(x, search.MaxPly-1))
			} else {
				lim.Nodes = x
			}
			i++
		case "infinite":
			lim.Infinite = true
		case "ponder":
			lim.Ponder = true
		case "mate":
			mate = true
			if i+1 < len(args) {
				if args[i+1] == "infinite" {
					i++
				} else if x, perr := strconv.ParseInt(args[i+1], 10, 64); perr == nil && x > 0 {
					mateTime = time.Duration(x) * time.Millisecond
					i++
				}
			}
		case "searchmoves":
			err = fmt.Errorf("searchmoves is not supported")
			i = len(args)
		default:
			err = fmt.Errorf("unknown token %q", truncate(args[i], 20))
		}
		if err != nil {
			u.infoString("go: %v", err)
		}
	}
	u.apply()
	pos := u.pos.Clone()
	done := make(chan struct{})
	u.mu.Lock()
	u.running = true
	u.done = done
	u.mu.Unlock()
	u.stopM.Store(false)
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
			u.info(&search.Info{Depth: r.Depth, SelDepth: r.SelDepth, MultiPV: 1, Score: r.Score, Bound: search.BoundExact,
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

func (u *Engine) info(i *search.Info) {
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

func (u *Engine) mateSearch(pos *board.Position, limit time.Duration, done chan struct{}) {
	var timedOut atomic.Bool
	var timer *time.Timer
	if limit > 0 {
		timer = time.AfterFunc(limit, func() { timedOut.Store(true); u.stopM.Store(true) })
	}
	ms := search.NewMateSolver(&u.stopM)
	pv := ms.Solve(pos, search.MaxPly-1)
	if timer != nil {
		timer.Stop()
	}
	line := "checkmate nomate"
	switch {
	case pv != nil:
		s := make([]string, len(pv))
		for i, m := range pv {
			s[i] = m.USI()
		}
		line = "checkmate " + strings.Join(s, " ")
	case timedOut.Load() || u.stopM.Load():
		line = "checkmate timeout"
	}
	u.finish(line, done)
}

// finish writes the last line of a search and marks the session idle in
// one step, so that a GUI that answers the line at once with a new go
// never finds the old search still running.
func (u *Engine) finish(line string, done chan struct{}) {
	u.mu.Lock()
	u.println(line)
	u.running = false
	u.mu.Unlock()
	close(done)
}
