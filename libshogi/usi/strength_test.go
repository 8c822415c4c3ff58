package usi

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/nnue"
)

// infoField returns the integer after key in an info line (-1: absent).
func infoField(line, key string) int {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == key {
			if v, err := strconv.Atoi(f[i+1]); err == nil {
				return v
			}
		}
	}
	return -1
}

// lastInfo returns the last "info depth" line of lines.
func lastInfo(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "info depth") {
			return lines[i]
		}
	}
	return ""
}

// Issue 13: with the default NetworkDelay (120 ms) a 100 ms byoyomi used
// to leave 10 ms of thought; the move must use most of the byoyomi. Only a
// lower bound is checked (the machine may be loaded: later is possible,
// earlier is not).
func TestShortByoyomiUsesItsTime(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves 7g7f 3c3d")
	s.send("go btime 0 wtime 0 byoyomi 100")
	_, before := s.expect("bestmove", 10*time.Second)
	last := lastInfo(before)
	if ms := infoField(last, "time"); ms < 70 {
		t.Errorf("byoyomi 100 thought %d ms (last info %q), want at least 70", ms, last)
	}
	s.send("quit")
	<-s.end
}

// writeTestNet writes the seed-1 test net as an nn.bin file.
func writeTestNet(t *testing.T) string {
	t.Helper()
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "nn.bin")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := net.Write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return ru.Minflt
}

// Issue 13: the first search after isready overran a 100 ms byoyomi by
// 259 ms: the hash table was a fresh mapping whose pages the kernel gave
// (and, with transparent huge pages, compacted memory for) at the first
// write of the search. isready must leave the table in memory, so the
// first search takes few page faults whatever the table size (1 GB here:
// a search of 50000 nodes writes to nearly all of its 512 huge pages, or to
// tens of thousands of small ones; the rest of the process, its heap and
// the goroutines of earlier tests, takes up to ~150).
func TestFirstSearchTakesNoTableFaults(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("minor fault counts: Linux getrusage")
	}
	s := newSession(t)
	s.send("setoption name EvalFile value " + writeTestNet(t))
	s.send("setoption name USI_Hash value 1024")
	s.send("isready")
	if l, before := s.expect("readyok", 60*time.Second); strings.Contains(strings.Join(before, "\n"), "rror") {
		t.Fatalf("isready: %q before %q", before, l)
	}
	s.send("position startpos moves 7g7f 3c3d")
	f0 := minorFaults(t)
	s.send("go nodes 50000")
	_, before := s.expect("bestmove", 60*time.Second)
	faults := minorFaults(t) - f0
	if faults > 300 {
		t.Errorf("first search: %d minor page faults (last info %q), want at most 300", faults, lastInfo(before))
	}
	t.Logf("first search: %d minor page faults", faults)
	s.send("quit")
	<-s.end
}

// Issue 13: a position command with an illegal move used to keep the
// previous position, and the next go answered for it. The command is now
// an error the GUI sees, and go answers "bestmove resign" (after an error
// line) instead of a move for a position the GUI did not send; a valid
// position command ends that state.
func TestIllegalPositionRefusesGo(t *testing.T) {
	s := newSession(t)
	s.send("position startpos moves 7g7f")
	for _, bad := range []string{
		"position startpos moves 7g7f 3c3d 5e5d", // no piece on 5e
		"position startpos moves 7g7f 7g7f",
		"position sfen not/a/sfen b - 1",
		"position startpos junk",
	} {
		s.send(bad)
		if l, _ := s.expect("info string", 5*time.Second); !strings.HasPrefix(l, "info string ERROR: position") {
			t.Errorf("%q: %q, want an ERROR info string", bad, l)
		}
		s.send("go depth 3")
		l, before := s.expect("bestmove", 10*time.Second)
		if l != "bestmove resign" || len(before) != 1 || !strings.HasPrefix(before[0], "info string ERROR: position") {
			t.Errorf("go after %q: %q then %q, want an ERROR line and bestmove resign", bad, before, l)
		}
	}
	// go infinite on a rejected position answers only at stop, as USI wants.
	s.send("go infinite")
	s.expect("info string ERROR", 5*time.Second)
	s.send("isready")
	if l, before := s.expect("readyok", 5*time.Second); len(before) != 0 {
		t.Errorf("go infinite answered before stop: %q then %q", before, l)
	}
	s.send("stop")
	if l, _ := s.expect("bestmove", 5*time.Second); l != "bestmove resign" {
		t.Errorf("stop: %q", l)
	}
	// A valid position searches again (White to move after 7g7f).
	s.send("position startpos moves 7g7f")
	s.send("go depth 3")
	l, before := s.expect("bestmove", 10*time.Second)
	if l == "bestmove resign" || strings.Contains(strings.Join(before, "\n"), "ERROR") {
		t.Errorf("valid position: %q then %q", before, l)
	}
	s.send("quit")
	<-s.end
}

// Issue 13: a missing or unreadable EvalFile used to fall back silently to
// the material evaluation. isready reports an ERROR, go refuses with
// bestmove resign, and EvalFile <empty> (the default net), builtin (the
// material evaluation chosen knowingly) or a good file ends the refusal.
func TestBadEvalFileIsAnError(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bin")
	if err := os.WriteFile(garbage, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.send("position startpos")
	for _, f := range []string{filepath.Join(dir, "missing.bin"), garbage} {
		s.send("setoption name EvalFile value " + f)
		s.send("isready")
		l, before := s.expect("readyok", 10*time.Second)
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string ERROR: EvalFile") {
			t.Errorf("isready with EvalFile %s: %q then %q", f, before, l)
		}
		s.send("go btime 0 wtime 0 byoyomi 100")
		l, before = s.expect("bestmove", 10*time.Second)
		if l != "bestmove resign" || len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info string ERROR: EvalFile") {
			t.Errorf("go with EvalFile %s: %q then %q", f, before, l)
		}
	}
	// go mate needs no evaluation: it still answers.
	s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	s.send("go mate 5000")
	if l, _ := s.expect("checkmate", 10*time.Second); l != "checkmate G*5b" {
		t.Errorf("go mate with a bad EvalFile: %q", l)
	}
	for _, f := range []string{"<empty>", "builtin", writeTestNet(t)} {
		s.send("setoption name EvalFile value " + f)
		s.send("isready")
		l, before := s.expect("readyok", 10*time.Second)
		if strings.Contains(strings.Join(before, "\n"), "ERROR") {
			t.Errorf("isready with EvalFile %s: %q then %q", f, before, l)
		}
		s.send("position startpos")
		s.send("go depth 2")
		if l, before := s.expect("bestmove", 10*time.Second); l == "bestmove resign" || strings.Contains(strings.Join(before, "\n"), "ERROR") {
			t.Errorf("go with EvalFile %s: %q then %q", f, before, l)
		}
	}
	s.send("quit")
	<-s.end
}

// Issue 13: searchmoves in the go command the match harness sends for a
// byoyomi game ("go btime 0 wtime 0 byoyomi MS"), before or after the
// clock tokens, restricts the move and keeps the byoyomi's time.
func TestSearchMovesWithHarnessClock(t *testing.T) {
	s := newSession(t)
	for _, cmd := range []string{
		"go btime 0 wtime 0 byoyomi 100 searchmoves 1g1f 9g9f",
		"go searchmoves 1g1f 9g9f btime 0 wtime 0 byoyomi 100",
	} {
		s.send("position startpos moves 7g7f 3c3d")
		s.send(cmd)
		l, before := s.expect("bestmove", 10*time.Second)
		if !strings.HasPrefix(l, "bestmove 1g1f") && !strings.HasPrefix(l, "bestmove 9g9f") {
			t.Errorf("%q: %q", cmd, l)
		}
		if ms := infoField(lastInfo(before), "time"); ms < 70 {
			t.Errorf("%q: thought %d ms, want at least 70", cmd, ms)
		}
	}
	s.send("quit")
	<-s.end
}
