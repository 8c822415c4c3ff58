package selfplay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/search"
)

// USIConfig describes an external USI engine.
type USIConfig struct {
	Name    string   // shown in records (default: the command)
	Command string   // the program
	Args    []string // its arguments
	Dir     string   // its working directory ("" : the current one)
	// Options are sent as "setoption name N value V" after "usi".
	Options [][2]string
	// Limits of each move: Depth, Nodes, or MoveTime / Byoyomi[0] (sent
	// as "go btime 0 wtime 0 byoyomi").
	Limits search.Limits
	// MoveMargin is the time past MoveTime after which a silent engine loses
	// (default 1 s); with a depth or node limit MoveTimeout is the whole
	// allowance (default 60 s).
	MoveMargin  time.Duration
	MoveTimeout time.Duration
	// StartTimeout bounds usi/isready (default 10 s).
	StartTimeout time.Duration
}

// USIPlayer runs an external USI engine. A crash or a timeout is a
// PlayerError; the engine is killed and started again at the next game.
type USIPlayer struct {
	cfg   USIConfig
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *os.File // the read end of the engine's stdout
	lines chan string
	dead  chan struct{} // closed when the reader has stopped and the process is reaped
}

// NewUSIPlayer returns a player for cfg; the engine starts at the first game.
func NewUSIPlayer(cfg USIConfig) *USIPlayer {
	if cfg.Name == "" {
		cfg.Name = cfg.Command
	}
	return &USIPlayer{cfg: cfg}
}

// Name implements Player.
func (p *USIPlayer) Name() string { return p.cfg.Name }

func (p *USIPlayer) start(ctx context.Context) error {
	cmd := exec.Command(p.cfg.Command, p.cfg.Args...)
	cmd.Dir = p.cfg.Dir
	ownProcessGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	// Our own pipe rather than StdoutPipe: kill can close its read end,
	// which ends the reader even when a process outside our reach still
	// holds the write end.
	out, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdout = w
	err = cmd.Start()
	w.Close()
	if err != nil {
		out.Close()
		return &PlayerError{ReasonCrash, err}
	}
	p.cmd, p.in, p.out = cmd, in, out
	p.lines = make(chan string, 256)
	p.dead = make(chan struct{})
	lines, dead := p.lines, p.dead
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- strings.TrimSpace(sc.Text())
		}
		cmd.Wait()
		close(dead)
		close(lines)
	}()
	st := p.cfg.StartTimeout
	if st <= 0 {
		st = 10 * time.Second
	}
	if err := p.send("usi"); err != nil {
		return err
	}
	if _, err := p.await(ctx, "usiok", st); err != nil {
		return err
	}
	for _, o := range p.cfg.Options {
		if err := p.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			return err
		}
	}
	return nil
}

func (p *USIPlayer) send(s string) error {
	if _, err := io.WriteString(p.in, s+"\n"); err != nil {
		return &PlayerError{ReasonCrash, fmt.Errorf("writing %q: %v", s, err)}
	}
	return nil
}

// await reads lines until one starts with word, within timeout; the other
// lines go to onLine (may be nil).
func (p *USIPlayer) awaitLines(ctx context.Context, word string, timeout time.Duration, onLine func(string)) (string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", &PlayerError{ReasonCrash, fmt.Errorf("engine exited while waiting for %s", word)}
			}
			if l == word || strings.HasPrefix(l, word+" ") {
				return l, nil
			}
			if onLine != nil {
				onLine(l)
			}
		case <-t.C:
			p.kill()
			return "", &PlayerError{ReasonTimeout, fmt.Errorf("no %s within %v", word, timeout)}
		case <-ctx.Done():
			p.kill()
			return "", ctx.Err()
		}
	}
}

func (p *USIPlayer) await(ctx context.Context, word string, timeout time.Duration) (string, error) {
	return p.awaitLines(ctx, word, timeout, nil)
}

func (p *USIPlayer) alive() bool {
	if p.cmd == nil {
		return false
	}
	select {
	case <-p.dead:
		return false
	default:
		return true
	}
}

// kill ends the process; the next game starts a new one.
func (p *USIPlayer) kill() {
	if p.cmd == nil {
		return
	}
	killProcessGroup(p.cmd)
	p.out.Close()
	go func(lines chan string) {
		for range lines { // unblock the reader so that it can reap the process
		}
	}(p.lines)
	<-p.dead
	p.cmd = nil
}

// NewGame implements Player: (re)starts the engine if needed, then
// isready / usinewgame.
func (p *USIPlayer) NewGame(ctx context.Context) error {
	if !p.alive() {
		p.kill()
		if err := p.start(ctx); err != nil {
			p.kill()
			return err
		}
	}
	st := p.cfg.StartTimeout
	if st <= 0 {
		st = 10 * time.Second
	}
	if err := p.send("isready"); err != nil {
		return err
	}
	if _, err := p.await(ctx, "readyok", st); err != nil {
		return err
	}
	return p.send("usinewgame")
}

// Move implements Player.
func (p *USIPlayer) Move(ctx context.Context, g *GameState) (Decision, error) {
	if !p.alive() {
		return Decision{}, &PlayerError{ReasonCrash, errors.New("engine is not running")}
	}
	var b strings.Builder
	b.WriteString("position sfen ")
	b.WriteString(g.StartSFEN)
	if len(g.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range g.Moves {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	}
	if err := p.send(b.String()); err != nil {
		return Decision{}, err
	}
	l := p.cfg.Limits
	goCmd := "go"
	timeout := p.cfg.MoveTimeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	switch {
	case l.Depth > 0:
		goCmd = fmt.Sprintf("go depth %d", l.Depth)
	case l.Nodes > 0:
		goCmd = fmt.Sprintf("go nodes %d", l.Nodes)
	case l.MoveTime > 0 || l.Byoyomi[0] > 0:
		t := max(l.MoveTime, l.Byoyomi[0])
		goCmd = fmt.Sprintf("go btime 0 wtime 0 byoyomi %d", t.Milliseconds())
		margin := p.cfg.MoveMargin
		if margin <= 0 {
			margin = time.Second
		}
		timeout = t + margin
	}
	if err := p.send(goCmd); err != nil {
		return Decision{}, err
	}
	var d Decision
	line, err := p.awaitLines(ctx, "bestmove", timeout, func(info string) {
		if s, ok := parseInfoScore(info); ok {
			d.Score, d.HasScore = s, true
		}
	})
	if err != nil {
		return Decision{}, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return Decision{}, &PlayerError{ReasonIllegalMove, fmt.Errorf("%q names no move", line)}
	}
	switch f[1] {
	case "resign":
		d.Move = board.MoveResign
	case "win":
		d.Move = board.MoveWin
	default:
		m, err := g.Pos.ParseMove(f[1])
		if err != nil {
			return Decision{}, &PlayerError{ReasonIllegalMove, fmt.Errorf("bestmove %s in %s: %v", f[1], g.Pos.SFEN(), err)}
		}
		d.Move = m
	}
	return d, nil
}

// GameOver implements GameEnder: "gameover win|lose|draw" to a live engine.
func (p *USIPlayer) GameOver(r *GameResult, c board.Color) {
	if !p.alive() {
		return
	}
	p.send("gameover " + map[int8]string{1: "win", -1: "lose", 0: "draw"}[r.ResultFor(c)])
}

// parseInfoScore reads "score cp N" / "score mate N" of an info line, in
// the library's units.
func parseInfoScore(l string) (search.Score, bool) {
	f := strings.Fields(l)
	if len(f) == 0 || f[0] != "info" {
		return 0, false
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] == "string" || f[i] == "pv" {
			break // free text and moves follow
		}
		if f[i] != "score" {
			continue
		}
		switch f[i+1] {
		case "cp":
			v, err := strconv.Atoi(f[i+2])
			if err != nil {
				return 0, false
			}
			s := search.Score(v * search.PawnValue / 100)
			return max(min(s, search.MaxEval), -search.MaxEval), true
		case "mate":
			t := f[i+2]
			v, err := strconv.Atoi(strings.TrimPrefix(t, "+"))
			if err != nil {
				if t == "+" || t == "-" {
					return map[bool]search.Score{true: search.MateIn(search.MaxPly), false: search.MatedIn(search.MaxPly)}[t == "+"], true
				}
				return 0, false
			}
			if v < 0 || strings.HasPrefix(t, "-") {
				return search.MatedIn(min(-v, search.MaxPly)), true
			}
			return search.MateIn(min(v, search.MaxPly)), true
		}
	}
	return 0, false
}

// Close sends quit and ends the engine.
func (p *USIPlayer) Close() error {
	if p.alive() {
		p.send("quit")
		select {
		case <-p.dead:
			p.cmd = nil
		case <-time.After(time.Second):
			p.kill()
		}
	}
	return nil
}
