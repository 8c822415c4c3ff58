package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

func TestDatasetCommand(t *testing.T) {
	var data []byte
	p, err := board.FromSFEN(board.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	for i, usi := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"} {
		m, err := p.ParseMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		d := p.Setup()
		rec, err := record.NewPSV(&d, int16(100*i), m.Move16(), 0)
		if err != nil {
			t.Fatal(err)
		}
		data = record.AppendPSV(data, &rec)
		p.DoMove(m)
	}
	path := filepath.Join(t.TempDir(), "t.bin")
	if err := os.WriteFile(path, append(data, 1, 2, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := runShogi(t, "", "dataset", "-o", "features=HalfKP epochs=2 skip_capture=1 max_abs_score=300", path)
	// per epoch: 5 records + a truncated one; 8h2b+ and 3a2b capture; 400 > 300
	for _, want := range []string{"records 12\n", "bad 2\n", "removed.capture 4\n", "removed.score 2\n", "positions 4\n", "epochs 2\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("missing %q in (exit %d):\n%s", want, code, out)
		}
	}
	if _, code := runShogi(t, "", "dataset", "-o", "colour=1", path); code != 2 {
		t.Fatalf("bad option: exit %d", code)
	}
	if _, code := runShogi(t, "", "dataset", filepath.Join(t.TempDir(), "missing.bin")); code != 1 {
		t.Fatalf("missing file: exit %d", code)
	}
}
