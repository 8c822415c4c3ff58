package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// runShogiWithin runs the command with a deadline: a hang fails the test.
func runShogiWithin(t *testing.T, d time.Duration, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, shogiBin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("shogi %v still running after %v (hung)", args, d)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// Issue 22 item 1: a request line over the 1 MiB read block made analyze
// spin forever.
func TestAnalyzeLongLine(t *testing.T) {
	id := strings.Repeat("i", 3<<20)
	in := `{"id":"` + id + `","depth":1}` + "\n" + `{"id":"next","depth":1}` + "\n"
	for _, flag := range []string{"-std=false", "-std=true"} {
		out, _, code := runShogiWithin(t, 120*time.Second, []byte(in), "analyze", "-progress", "0", flag)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 2 {
			t.Fatalf("%s: exit %d, %d output lines", flag, code, len(lines))
		}
		var r struct{ ID, BestMove, Error string }
		if err := json.Unmarshal([]byte(lines[0]), &r); err != nil || r.ID != id || r.BestMove == "" {
			t.Fatalf("%s: first result: %v %.200s", flag, err, lines[0])
		}
		if err := json.Unmarshal([]byte(lines[1]), &r); err != nil || r.ID != "next" || r.BestMove == "" {
			t.Fatalf("%s: second result: %v %s", flag, err, lines[1])
		}
	}
}

// Issue 22 item 14: one line over 1 MiB ended perft and eval ("token too
// long"); it is reported and the later lines still get their answer.
func TestPerftEvalLongLine(t *testing.T) {
	long := strings.Repeat("x", 1<<20+10)
	in := []byte("startpos\n" + long + "\nstartpos\n")
	out, errOut, code := runShogiWithin(t, 60*time.Second, in, "perft", "-depth", "1")
	if code != 1 || out != "30\n30\n" || !strings.Contains(errOut, "line 2: longer than 1 MiB") {
		t.Fatalf("perft: exit %d, out %q, stderr %q", code, out, errOut)
	}
	out, errOut, code = runShogiWithin(t, 60*time.Second, in, "eval", "-testnet", "test:1")
	lines := strings.Split(out, "\n")
	if code != 1 || len(lines) != 4 || lines[0] == "" || lines[1] != "" || lines[2] != lines[0] ||
		!strings.Contains(errOut, "line 2: longer than 1 MiB") {
		t.Fatalf("eval: exit %d, out %q, stderr %q", code, out, errOut)
	}
}
