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
// first search takes few page faults whatever the table size (256 MB here:
// a search of 30000 nodes touches nearly all of its 128 huge pages, or
// thousands of small ones).
func TestFirstSearchTakesNoTableFaults(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("minor fault counts: Linux getrusage")
	}
	s := newSession(t)
	s.send("setoption name EvalFile value " + writeTestNet(t))
	s.send("setoption name USI_Hash value 256")
	s.send("isready")
	if l, before := s.expect("readyok", 60*time.Second); strings.Contains(strings.Join(before, "\n"), "rror") {
		t.Fatalf("isready: %q before %q", before, l)
	}
	s.send("position startpos moves 7g7f 3c3d")
	f0 := minorFaults(t)
	s.send("go nodes 30000")
	_, before := s.expect("bestmove", 60*time.Second)
	faults := minorFaults(t) - f0
	if faults > 100 {
		t.Errorf("first search: %d minor page faults (last info %q), want at most 100", faults, lastInfo(before))
	}
	t.Logf("first search: %d minor page faults", faults)
	s.send("quit")
	<-s.end
}
