package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var shogiBin string

// TestMain builds the shogi command once for the tests of its subcommands.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "shogi-cmd")
	if err != nil {
		panic(err)
	}
	shogiBin = filepath.Join(dir, "shogi")
	if out, err := exec.Command("go", "build", "-o", shogiBin, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runShogi(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(shogiBin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

func TestPerftCommand(t *testing.T) {
	out, code := runShogi(t, "", "perft", "-depth", "3", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "b", "-", "1")
	if code != 0 || out != "25470\n" {
		t.Fatalf("perft with SFEN args: %q (exit %d)", out, code)
	}
	in := "startpos\n\n4R2gk/9/7S1/9/9/9/9/9/4K4 b P 1\nlnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n"
	out, code = runShogi(t, in, "perft", "-depth", "2")
	if code != 0 || out != "900\n167\n900\n" {
		t.Fatalf("perft from stdin: %q (exit %d)", out, code)
	}
	// A bad line is reported and the others still get their count.
	out, code = runShogi(t, "startpos\nnot an sfen\nstartpos\n", "perft", "-depth", "1")
	if code != 1 || out != "30\n30\n" {
		t.Fatalf("perft with a bad line: %q (exit %d)", out, code)
	}
	if _, code = runShogi(t, "", "perft", "-depth", "-1", "startpos"); code != 2 {
		t.Fatalf("negative depth accepted")
	}
}

func TestAnalyzeCommand(t *testing.T) {
	in := `{"id":"a","sfen":"startpos","depth":3}` + "\n" + `{"id":"b","sfen":"kn7/9/1G7/9/9/9/9/9/4K4 b G 1","depth":3,"multipv":2}` + "\n"
	out, code := runShogi(t, in, "analyze", "-progress", "0")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("output %q", out)
	}
	var r struct {
		ID       string
		BestMove string
		Score    struct{ Mate *int }
		MultiPV  []json.RawMessage
	}
	if err := json.Unmarshal([]byte(lines[1]), &r); err != nil {
		t.Fatal(err)
	}
	if r.ID != "b" || r.Score.Mate == nil || *r.Score.Mate != 1 || len(r.MultiPV) != 2 {
		t.Fatalf("mate request result %s", lines[1])
	}
}

func TestUnknownCommand(t *testing.T) {
	if _, code := runShogi(t, "", "frobnicate"); code != 2 {
		t.Fatalf("unknown command exit %d", code)
	}
}
