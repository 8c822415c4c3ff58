package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

const convertCSA = `V2.2
N+Sente
N-Gote
PI
+
+7776FU
T3
'** 30 -3334FU
-3334FU
T2
'** 25
+8822UM
-3122GI
%TORYO
`

func TestConvertCommand(t *testing.T) {
	dir := t.TempDir()
	csa := filepath.Join(dir, "g.csa")
	if err := os.WriteFile(csa, []byte(convertCSA), 0o644); err != nil {
		t.Fatal(err)
	}
	// CSA -> KIF (Shift_JIS) -> KI2 (UTF-8) -> CSA keeps the moves.
	kif := filepath.Join(dir, "g.kif")
	if _, code := runShogi(t, "", "convert", "-o", kif, csa); code != 0 {
		t.Fatalf("csa -> kif: exit %d", code)
	}
	ki2 := filepath.Join(dir, "g.ki2u")
	if _, code := runShogi(t, "", "convert", "-o", ki2, "-from", "kif", kif); code != 0 {
		t.Fatalf("kif -> ki2: exit %d", code)
	}
	out, code := runShogi(t, "", "convert", "-to", "csa", "-csa-version", "V2.2", "-from", "ki2", ki2)
	if code != 0 {
		t.Fatalf("ki2 -> csa: exit %d", code)
	}
	for _, want := range []string{"N+Sente", "+7776FU", "-3334FU", "+8822UM", "-3122GI", "%TORYO"} {
		if !strings.Contains(out, want) {
			t.Errorf("csa output lacks %q:\n%s", want, out)
		}
	}
	// CSA -> PSV -> hcpe -> SFEN list; and CSA -> NDJSON.
	psv := filepath.Join(dir, "g.bin")
	if _, code := runShogi(t, "", "convert", "-o", psv, csa); code != 0 {
		t.Fatalf("csa -> psv: exit %d", code)
	}
	if st, err := os.Stat(psv); err != nil || st.Size() != 4*40 {
		t.Fatalf("psv size %v %v", st, err)
	}
	hcpe := filepath.Join(dir, "g.hcpe")
	if _, code := runShogi(t, "", "convert", "-o", hcpe, psv); code != 0 {
		t.Fatalf("psv -> hcpe: exit %d", code)
	}
	out, code = runShogi(t, "", "convert", "-to", "sfen", hcpe)
	if code != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 4 ||
		!strings.HasPrefix(out, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n") {
		t.Fatalf("hcpe -> sfen (%d):\n%s", code, out)
	}
	out, code = runShogi(t, "", "convert", "-to", "ndjson", psv)
	if code != 0 {
		t.Fatalf("psv -> ndjson: exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || lines[0] != `{"sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","move":"7g7f","score":30,"result":-1,"ply":1}` ||
		!strings.Contains(lines[1], `"move":"3c3d","score":-25,"result":1`) {
		t.Fatalf("ndjson:\n%s", out)
	}
	// NDJSON back to PSV through stdin gives the same bytes.
	out, code = runShogi(t, strings.Join(lines, "\n")+"\n", "convert", "-from", "ndjson", "-to", "psv")
	want, _ := os.ReadFile(psv)
	if code != 0 || out != string(want) {
		t.Fatalf("ndjson -> psv differs (exit %d)", code)
	}
	// A bad record: stop with its index, or skip it.
	bad := append([]byte{}, want...)
	bad[40+38] = 9
	badPath := filepath.Join(dir, "bad.bin")
	os.WriteFile(badPath, bad, 0o644)
	if _, code := runShogi(t, "", "convert", "-to", "sfen", badPath); code != 1 {
		t.Errorf("bad record: exit %d, want 1", code)
	}
	out, code = runShogi(t, "", "convert", "-skip-bad", "-to", "sfen", badPath)
	if code != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 3 {
		t.Errorf("skip: exit %d\n%s", code, out)
	}
	// hcpe3 games: each move's position.
	h3 := filepath.Join(dir, "g.hcpe3")
	if err := os.WriteFile(h3, hcpe3Game(t), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code = runShogi(t, "", "convert", "-to", "ndjson", h3)
	if code != 0 || !strings.Contains(out, `"move":"7g7f","score":12,"result":1`) || len(strings.Split(strings.TrimSpace(out), "\n")) != 2 {
		t.Errorf("hcpe3 -> ndjson (%d):\n%s", code, out)
	}
	// Positions cannot become games.
	if _, code := runShogi(t, "", "convert", "-to", "kif", psv); code != 2 {
		t.Errorf("psv -> kif: exit %d, want 2", code)
	}
}

// hcpe3Game is one game: 7g7f (eval 12), 3c3d (eval -5), Black won.
func hcpe3Game(t *testing.T) []byte {
	d, err := record.ParseDiagram(board.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	h, err := record.EncodeHCP(&d)
	if err != nil {
		t.Fatal(err)
	}
	g := &record.HCPE3Game{Start: h, Result: record.ResultBlackWin, Moves: []record.HCPE3Move{
		{Move16: 7739, Eval: 12, Candidates: []record.MoveVisits{{Move16: 7739, Visits: 10}}},
		{Move16: 2581, Eval: -5},
	}}
	return record.AppendHCPE3(nil, g)
}

// Issue 22 item 3: a psv -> psv or hcpe -> hcpe copy keeps every byte
// (a score of -32768 was written as -32767), and psv <-> hcpe gives what
// the library's bulk conversion (the C ABI's) gives.
func TestConvertBinaryKeepsBytes(t *testing.T) {
	dir := t.TempDir()
	d, _ := record.ParseDiagram(board.StartSFEN)
	d.Ply = 77
	var psv []byte
	for _, s := range []int16{-32768, 32767, 0, -32767} {
		r, err := record.NewPSV(&d, s, 7739 /* 7g7f */, 1)
		if err != nil {
			t.Fatal(err)
		}
		psv = record.AppendPSV(psv, &r)
	}
	in := filepath.Join(dir, "in.bin")
	os.WriteFile(in, psv, 0o644)
	out, code := runShogi(t, "", "convert", "-to", "psv", in)
	if code != 0 || out != string(psv) {
		t.Fatalf("psv -> psv changed the bytes (exit %d)", code)
	}
	hcpe := make([]byte, 4*record.HCPESize)
	if i, err := record.PSVsToHCPEs(psv, hcpe); err != nil {
		t.Fatalf("record %d: %v", i, err)
	}
	if int16(uint16(hcpe[32])|uint16(hcpe[33])<<8) != -32768 {
		t.Fatalf("hcpe eval of record 0: % x", hcpe[32:34])
	}
	out, code = runShogi(t, "", "convert", "-to", "hcpe", in)
	if code != 0 || out != string(hcpe) {
		t.Fatalf("psv -> hcpe differs from record.PSVsToHCPEs (exit %d)", code)
	}
	hin := filepath.Join(dir, "in.hcpe")
	os.WriteFile(hin, hcpe, 0o644)
	out, code = runShogi(t, "", "convert", "-to", "hcpe", hin)
	if code != 0 || out != string(hcpe) {
		t.Fatalf("hcpe -> hcpe changed the bytes (exit %d)", code)
	}
	back := make([]byte, 4*record.PSVSize)
	record.HCPEsToPSVs(hcpe, back)
	out, code = runShogi(t, "", "convert", "-to", "psv", hin)
	if code != 0 || out != string(back) {
		t.Fatalf("hcpe -> psv differs from record.HCPEsToPSVs (exit %d)", code)
	}
	// Through NDJSON the score -32768 survives too.
	out, code = runShogi(t, `{"sfen":"startpos","move":"7g7f","score":-32768,"result":1,"ply":77}`+"\n", "convert", "-from", "ndjson", "-to", "psv")
	if code != 0 || out != string(psv[:record.PSVSize]) {
		t.Fatalf("ndjson -> psv: exit %d, % x", code, out)
	}
}
