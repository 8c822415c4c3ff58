package usi

import (
	"io"
	"strings"
	"testing"
	"time"
)

// syncBuf collects output safely.
type lineWriter struct {
	ch  chan string
	buf []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		w.ch <- string(w.buf[:i])
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

type session struct {
	t   *testing.T
	u   *Session
	w   *lineWriter
	in  *io.PipeWriter
	end chan struct{}
}

func newSession(t *testing.T) *session {
	w := &lineWriter{ch: make(chan string, 100000)}
	u := New(w)
	r, pw := io.Pipe()
	s := &session{t: t, u: u, w: w, in: pw, end: make(chan struct{})}
	go func() {
		u.Run(r)
		close(s.end)
	}()
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one starts with prefix, returning it and the
// lines before it.
func (s *session) expect(prefix string, timeout time.Duration) (string, []string) {
	s.t.Helper()
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l := <-s.w.ch:
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			s.t.Fatalf("no %q within %v; got %q", prefix, timeout, before)
		}
	}
}

// answer sends a position and a go command and checks that the reply line
// starting with prefix is one of want; what names the case in a failure.
func (s *session) answer(what, position, goCmd, prefix string, timeout time.Duration, want ...string) {
	s.t.Helper()
	s.send(position)
	s.send(goCmd)
	l, _ := s.expect(prefix, timeout)
	for _, w := range want {
		if l == w {
			return
		}
	}
	s.t.Errorf("%s: %q, want one of %q", what, l, want)
}

func TestSessionScript(t *testing.T) {
	s := newSession(t)
	s.send("usi")
	_, lines := s.expect("usiok", time.Second)
	want := []string{"id name", "option name Threads", "option name USI_Hash", "option name MultiPV",
		"option name EvalFile", "option name EvalDir", "option name FV_SCALE", "option name EnteringKingRule",
		"option name MaxMovesToDraw", "option name ResignValue"}
	joined := strings.Join(lines, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("usi reply lacks %q", w)
		}
	}
	// Malformed lines: each answered with info string, nothing else.
	bad := []string{
		"foo bar",
		"setoption",
		"setoption name Nope value 3",
		"setoption name Threads value many",
		"setoption name Threads value 0",
		"setoption name EnteringKingRule value Whatever",
		"setoption name USI_Ponder value maybe",
		"position",
		"position fen 9/9 b - 1",
		"position sfen",
		"position sfen not/a/sfen b - 1",
		"position startpos moves 7g7f 7g7f",
		"position startpos moves zz",
		"position startpos junk",
		"go depth",
		"go nodes -5",
		"go btime x",
	}
	for _, b := range bad {
		s.send(b)
		l, before := s.expect("info string", time.Second)
		if len(before) != 0 {
			t.Errorf("%q: unexpected lines %q before %q", b, before, l)
		}
		if strings.HasPrefix(b, "go ") {
			// A bad go command starts no search (issue 22 item 8).
			s.send("stop")
			s.send("isready")
			if l, before := s.expect("readyok", 5*time.Second); len(before) != 0 {
				t.Errorf("%q: lines %q before %q: a search ran", b, before, l)
			}
		}
	}
	s.send("") // empty line: ignored
	s.send("setoption name Threads value 2")
	s.send("setoption name USI_Hash value 8")
	s.send("setoption name EnteringKingRule value TryRule")
	s.send("setoption name EvalFile value /nonexistent/nn.bin")
	s.send("isready")
	l, before := s.expect("readyok", 5*time.Second)
	if len(before) != 1 || !strings.HasPrefix(before[0], "info string ERROR: EvalFile") {
		t.Errorf("isready with a missing EvalFile: %q then %q", before, l)
	}
	s.send("setoption name EvalFile value <empty>")
	s.send("isready")
	s.expect("readyok", 5*time.Second)
	s.send("usinewgame")
	s.send("position startpos moves 7g7f 3c3d")
	s.send("go depth 4")
	l, before = s.expect("bestmove", 10*time.Second)
	if len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info depth") {
		t.Errorf("no info before %q: %q", l, before)
	}
	for _, b := range before {
		if !strings.Contains(b, " score ") || !strings.Contains(b, " pv ") || !strings.Contains(b, " nodes ") {
			t.Errorf("info line %q", b)
		}
	}
	// go while searching, stop, ponder.
	s.send("go infinite")
	s.send("go depth 3")
	s.expect("info string go: a search is already running", 2*time.Second)
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	s.send("stop")
	s.expect("bestmove", 2*time.Second)
	if d := time.Since(t0); d > 500*time.Millisecond {
		t.Errorf("stop took %v", d)
	}
	s.send("go ponder btime 1000 wtime 1000 byoyomi 1000")
	time.Sleep(50 * time.Millisecond)
	s.send("isready")
	s.expect("readyok", time.Second)
	s.send("ponderhit")
	s.expect("bestmove", 5*time.Second)
	// Clock: byoyomi 300 ms.
	t0 = time.Now()
	s.send("setoption name NetworkDelay value 100")
	s.send("go btime 0 wtime 0 byoyomi 300")
	s.expect("bestmove", 3*time.Second)
	if d := time.Since(t0); d > time.Second { // 200 ms of search + generous slack for a loaded machine
		t.Errorf("byoyomi 300 took %v", d)
	}
	// Mated: resign. Declaration: win.
	s.answer("mated", "position sfen 9/9/9/9/9/9/4g4/4g4/4K4 b - 1", "go depth 3", "bestmove", 2*time.Second, "bestmove resign")
	s.send("setoption name EnteringKingRule value CSARule27")
	s.answer("declaration", "position sfen KGGGGSSSS/LLLL5/9/9/9/9/9/9/8k b 2R2B4N18P 1", "go btime 1000 wtime 1000", "bestmove", 2*time.Second, "bestmove win")
	// go mate.
	s.answer("go mate", "position sfen 9/k8/3R3n1/9/9/9/9/9/9 b SN 1", "go mate 5000", "checkmate", 5*time.Second, "checkmate S*9c 9b8a 6c6a+")
	s.answer("go mate startpos", "position startpos", "go mate 200", "checkmate", 3*time.Second, "checkmate timeout", "checkmate nomate")
	// MultiPV.
	s.send("setoption name MultiPV value 2")
	s.send("go depth 3")
	_, before = s.expect("bestmove", 5*time.Second)
	if !strings.Contains(strings.Join(before, "\n"), "multipv 2") {
		t.Errorf("no multipv 2 line: %q", before)
	}
	s.send("gameover win")
	s.send("quit")
	select {
	case <-s.end:
	case <-time.After(2 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

func TestEndOfInputStopsSearch(t *testing.T) {
	var out strings.Builder
	u := New(&out)
	done := make(chan struct{})
	go func() {
		u.Run(strings.NewReader("position startpos\ngo infinite\n"))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("Run did not return")
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("output %q", out.String())
	}
}

// TestRandomCommands feeds random token soup: every line must be answered
// without a crash or a hang, and isready must always answer readyok.
func TestRandomCommands(t *testing.T) {
	vocab := []string{"usi", "isready", "setoption", "name", "value", "Threads", "MultiPV", "USI_Hash", "EvalFile",
		"position", "startpos", "sfen", "moves", "7g7f", "3c3d", "8h2b+", "P*5e", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
		"b", "w", "-", "1", "go", "depth", "nodes", "btime", "wtime", "byoyomi", "binc", "winc", "movetime", "infinite", "ponder",
		"mate", "ponderhit", "usinewgame", "gameover", "win", "lose", "draw", "2", "0", "-3", "99999999999999999999", "x", "",
		"EnteringKingRule", "TryRule", "FV_SCALE", "ResignValue", "MaxMovesToDraw", "\t", "\x00", "日本"}
	seed := uint64(12345)
	rnd := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int((seed >> 33) % uint64(n))
	}
	var in strings.Builder
	readies := 0
	for i := 0; i < 300; i++ {
		n := 1 + rnd(7)
		toks := make([]string, n)
		for j := range toks {
			toks[j] = vocab[rnd(len(vocab))]
		}
		if rnd(4) == 0 {
			toks[0] = "go"
			toks = append(toks, "nodes", "500")
		}
		in.WriteString(strings.Join(toks, " ") + "\n")
		if toks[0] == "go" {
			in.WriteString("stop\n")
		}
		if toks[0] == "isready" {
			readies++
		}
	}
	in.WriteString("isready\nquit\n")
	readies++
	var out strings.Builder
	u := New(&out)
	done := make(chan struct{})
	go func() {
		u.Run(strings.NewReader(in.String()))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the session hung")
	}
	if got := strings.Count(out.String(), "readyok\n"); got != readies {
		t.Errorf("%d readyok for %d isready", got, readies)
	}
	if strings.Contains(out.String(), "internal error") {
		t.Errorf("a command panicked: %s", out.String())
	}
}
