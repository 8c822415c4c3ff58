package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBookCommand(t *testing.T) {
	dir := t.TempDir()
	csa := filepath.Join(dir, "games.csa")
	// Two games in one CSA file: 7g7f twice, then different replies.
	os.WriteFile(csa, []byte("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-8384FU\n+2726FU\n%TORYO\n"), 0o644)
	db := filepath.Join(dir, "built.db")
	if out, code := runShogi(t, "", "book", "build", "-eval", "-o", db, csa); code != 0 {
		t.Fatalf("build: %d %s", code, out)
	}
	out, code := runShogi(t, "", "book", "probe", db, "startpos")
	if code != 0 || !strings.HasPrefix(out, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f none ") ||
		!strings.HasSuffix(out, " 0 2\n") {
		t.Fatalf("probe startpos: %d %q", code, out)
	}
	out, code = runShogi(t, "", "book", "probe", db, "startpos", "moves", "7g7f")
	if code != 0 || strings.Count(out, "\n") != 3 {
		t.Fatalf("probe after 7g7f: %d %q", code, out)
	}
	for _, ext := range []string{"ybb", "bin"} {
		p := filepath.Join(dir, "b."+ext)
		if out, code := runShogi(t, "", "book", "convert", db, p); code != 0 {
			t.Fatalf("convert to %s: %s", ext, out)
		}
		out, code := runShogi(t, "", "book", "probe", p, "startpos", "moves", "7g7f")
		if code != 0 || !strings.Contains(out, "\n3c3d ") || !strings.Contains(out, "\n8c8d ") {
			t.Fatalf("probe %s: %d %q", ext, code, out)
		}
	}
	m := filepath.Join(dir, "m.db")
	if out, code := runShogi(t, "", "book", "merge", "-top", "1", "-o", m, db, filepath.Join(dir, "b.bin")); code != 0 {
		t.Fatalf("merge: %s", out)
	}
	out, _ = runShogi(t, "", "book", "probe", m, "startpos")
	if !strings.HasSuffix(out, " 4\n") || strings.Count(out, "\n") != 2 {
		t.Fatalf("merged: %q", out)
	}
	// Not in the book, flipped, errors.
	if _, code := runShogi(t, "", "book", "probe", db, "startpos", "moves", "2g2f"); code != 1 {
		t.Fatalf("absent position: exit %d", code)
	}
	out, code = runShogi(t, "", "book", "probe", "-flipped", db, "sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "w", "-", "1")
	if code != 0 || !strings.Contains(out, "\n3c3d ") {
		t.Fatalf("flipped: %d %q", code, out)
	}
	bad := filepath.Join(dir, "bad.db")
	os.WriteFile(bad, []byte("#YANEURAOU-DB2016 1.00\nsfen 9/9/9/9/9/9/9/9/9 b - 1\n7g7z\n"), 0o644)
	if _, code := runShogi(t, "", "book", "probe", bad, "startpos"); code != 1 {
		t.Fatalf("malformed book: exit %d", code)
	}
	if _, code := runShogi(t, "", "book", "nope"); code != 2 {
		t.Fatalf("unknown subcommand: exit %d", code)
	}
}
