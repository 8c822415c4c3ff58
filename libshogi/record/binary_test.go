package record

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func psvFile(t testing.TB) ([]byte, [][]string) {
	rows := loadTSV(t, "psv.tsv")
	var file []byte
	for _, r := range rows {
		b, _ := hex.DecodeString(r[5])
		file = append(file, b...)
	}
	return file, rows
}

func TestPSVReaderSkipAndStop(t *testing.T) {
	file, rows := psvFile(t)
	// Corrupt record 3 (bad game_result), record 7 (bad sfen) and record 9
	// (bad move), and cut the last record short.
	file[3*PSVSize+38] = 5
	file[7*PSVSize+0] = 0xff
	file[7*PSVSize+1] = 0xff
	file[9*PSVSize+34], file[9*PSVSize+35] = 0x7f, 0x3f
	file = file[:len(file)-3]
	bad := map[int64]string{3: "game_result", 7: "sfen", 9: "move", int64(len(rows) - 1): "truncated"}

	// Skip: every good record comes back; each bad one is reported once.
	var skipped []*Error
	r := NewPSVReader(bytes.NewReader(file), SkipBadRecords)
	r.OnSkip(func(e *Error) { skipped = append(skipped, e) })
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, isBad := bad[r.Index()]; isBad {
			t.Errorf("bad record %d returned", r.Index())
		}
		if r.Diagram().SFEN() != rows[r.Index()][0] {
			t.Errorf("record %d: %s", r.Index(), r.Diagram().SFEN())
		}
		n++
	}
	if n != len(rows)-len(bad) || r.Skipped() != int64(len(bad)) || len(skipped) != len(bad) {
		t.Errorf("read %d, skipped %d (%d reported)", n, r.Skipped(), len(skipped))
	}
	for _, e := range skipped {
		if !strings.Contains(e.Msg, bad[e.Index]) {
			t.Errorf("record %d: error %q, want %q", e.Index, e.Msg, bad[e.Index])
		}
	}

	// Stop: the first bad record is an error with its index; the caller may
	// go on.
	r = NewPSVReader(bytes.NewReader(file), StopOnError)
	var errs []int64
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		var e *Error
		if errors.As(err, &e) {
			errs = append(errs, e.Index)
			if !strings.Contains(e.Error(), "psv: record ") {
				t.Errorf("message %q", e.Error())
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(errs) != 4 || errs[0] != 3 || errs[1] != 7 || errs[2] != 9 {
		t.Errorf("stop errors at %v", errs)
	}
}

func TestHCPEReaderSkip(t *testing.T) {
	rows := loadTSV(t, "hcpe.tsv")
	var file []byte
	for _, r := range rows {
		b, _ := hex.DecodeString(r[4])
		file = append(file, b...)
	}
	file[2*HCPESize+36] = 3
	file[5*HCPESize+35] = 0x80
	r := NewHCPEReader(bytes.NewReader(file), SkipBadRecords)
	n := 0
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != len(rows)-2 || r.Skipped() != 2 {
		t.Errorf("read %d skipped %d", n, r.Skipped())
	}
	r = NewHCPEReader(bytes.NewReader(file), StopOnError)
	for i := 0; i < 2; i++ {
		r.Next()
	}
	_, err := r.Next()
	if err == nil || !strings.Contains(err.Error(), "hcpe: record 2: result byte") {
		t.Errorf("error %v", err)
	}
}

func TestHCPE3RoundTrip(t *testing.T) {
	rng := newRand(7)
	var file []byte
	var games []*HCPE3Game
	for i := 0; i < 10; i++ {
		g := randomGame(t, rng, false)
		h, err := EncodeHCP(&g.Start)
		if err != nil {
			t.Fatal(err)
		}
		hg := &HCPE3Game{Start: h, Result: uint8(g.Result()) & 3, Opponent: uint8(i % 3)}
		if hg.Result == 3 {
			hg.Result = 0
		}
		for j, n := range g.MainLine() {
			m := HCPE3Move{Move16: n.Move.HcpeMove16(), Eval: int16(j * 7)}
			if j%3 == 0 {
				m.Candidates = []MoveVisits{{n.Move.HcpeMove16(), 100}, {n.Move.HcpeMove16(), 3}}
			}
			hg.Moves = append(hg.Moves, m)
		}
		games = append(games, hg)
		file = AppendHCPE3(file, hg)
	}
	r := NewHCPE3Reader(bytes.NewReader(file), StopOnError)
	for i := 0; ; i++ {
		g, d, err := r.Next()
		if err == io.EOF {
			if i != len(games) {
				t.Errorf("read %d games", i)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(AppendHCPE3(nil, g), AppendHCPE3(nil, games[i])) {
			t.Errorf("game %d differs", i)
		}
		// Replay the moves on the start position.
		if sd := mustDiagram(t, g.Start); d.SFEN4() != sd.SFEN4() {
			t.Fatalf("game %d: start diagram", i)
		}
		n := 0
		if err := g.Replay(func(p *board.Position, m board.Move, mi *HCPE3Move) error {
			if m.HcpeMove16() != mi.Move16 {
				t.Fatalf("game %d move %d", i, n)
			}
			n++
			return nil
		}); err != nil || n != len(g.Moves) {
			t.Fatalf("game %d: replay %v (%d moves)", i, err, n)
		}
		if len(g.Moves) > 0 {
			bad := *g
			bad.Moves = append([]HCPE3Move{}, g.Moves...)
			bad.Moves[0].Move16 = 40<<7 | 40 // 5e5e, never legal
			if err := bad.Replay(nil); err == nil || !strings.Contains(err.Error(), "move 0") {
				t.Errorf("illegal move replayed: %v", err)
			}
		}
	}
	// A truncated file gives an error with the game index.
	r = NewHCPE3Reader(bytes.NewReader(file[:len(file)-5]), StopOnError)
	var last error
	for {
		_, _, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			last = err
		}
	}
	if last == nil || !strings.Contains(last.Error(), "hcpe3: record 9: truncated") {
		t.Errorf("truncated: %v", last)
	}
}

func mustDiagram(t *testing.T, h HCP) Diagram {
	d, err := h.Diagram()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPackRefusesUnpackable(t *testing.T) {
	for _, s := range []string{
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", // missing king
		"8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1", // fine (control)
	} {
		d, err := ParseDiagram(s)
		if err != nil {
			t.Fatal(err)
		}
		_, err1 := EncodePackedSfen(&d)
		_, err2 := EncodeHCP(&d)
		wantErr := strings.HasSuffix(s, "2r2b4g4s4n4l18p 1")
		if (err1 != nil) != wantErr || (err2 != nil) != wantErr {
			t.Errorf("%s: %v %v", s, err1, err2)
		}
	}
	// Too many pieces: refused already by ParseDiagram.
	if _, err := ParseDiagram("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"); err == nil {
		t.Error("19 pawns accepted")
	}
}
