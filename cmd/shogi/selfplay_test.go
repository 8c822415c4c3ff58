package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGensfenRescoreCommands(t *testing.T) {
	dir := t.TempDir()
	args := []string{"gensfen", "-q", "-depth", "2", "-games", "2", "-random-moves", "4", "-random-maxply", "8",
		"-write-minply", "1", "-format", "both", "-o", dir, "-prefix", "t"}
	out, code := runShogi(t, "", args...)
	if code != 0 || !strings.HasPrefix(out, "games 2 positions ") {
		t.Fatalf("gensfen: %q (exit %d)", out, code)
	}
	psv, _ := os.ReadFile(filepath.Join(dir, "t-00000.bin"))
	hcpe, _ := os.ReadFile(filepath.Join(dir, "t-00000.hcpe"))
	if len(psv) == 0 || len(psv)%40 != 0 || len(hcpe)/38 != len(psv)/40 {
		t.Fatalf("files: %d and %d bytes", len(psv), len(hcpe))
	}
	// Raising the target resumes: the first records stay as they were.
	args[5] = "3"
	if out, code = runShogi(t, "", args...); code != 0 || !strings.HasPrefix(out, "games 3 ") {
		t.Fatalf("resume: %q (exit %d)", out, code)
	}
	more, _ := os.ReadFile(filepath.Join(dir, "t-00000.bin"))
	if len(more) <= len(psv) || string(more[:len(psv)]) != string(psv) {
		t.Error("resuming changed or dropped records")
	}
	re := filepath.Join(dir, "re.bin")
	out, code = runShogi(t, "", "rescore", "-q", "-net", "test", "-depth", "2", "-threads", "2", filepath.Join(dir, "t-00000.bin"), re)
	if code != 0 || !strings.HasPrefix(out, "records ") {
		t.Fatalf("rescore: %q (exit %d)", out, code)
	}
	if b, _ := os.ReadFile(re); len(b) != len(more) {
		t.Errorf("rescored %d bytes of %d", len(b), len(more))
	}
	if _, code = runShogi(t, "", "gensfen", "-games", "1"); code != 1 {
		t.Errorf("gensfen without a limit: exit %d", code)
	}
}

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	out, code := runShogi(t, "", "match", "-q", "-a", "depth=2,name=two", "-b", "depth=1", "-pairs", "1", "-save", dir, "-save-format", "kif")
	if code != 0 || !strings.Contains(out, "games 2  W/D/L") || !strings.Contains(out, "Elo (pentanomial)") {
		t.Fatalf("match: %q (exit %d)", out, code)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.kif")); len(files) != 2 {
		t.Errorf("%d saved games", len(files))
	}
	if _, code = runShogi(t, "", "match", "-a", "depth=2", "-b", "bogus"); code != 2 {
		t.Errorf("bad player spec: exit %d", code)
	}
}
