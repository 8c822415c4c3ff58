package dataset

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// TestBadFiles: truncated, corrupted and garbage files are read up to what
// can be read; each bad record is skipped, counted and described with its
// file and record index; nothing stops the stream.
func TestBadFiles(t *testing.T) {
	fx := makeFixture(t, 6, 3, 40)
	dir := t.TempDir()
	read := func(f Format, data []byte) ([]row, Stats, string) {
		name := map[Format]string{FormatPSV: "x.bin", FormatHCPE: "x.hcpe", FormatHCPE3: "x.hcpe3"}[f]
		path := writeFile(t, dir, name, data)
		st := open(t, []string{path}, Options{FeatureSet: "HalfKP", Threads: 2})
		return collect(t, st), st.Stats(), path
	}
	for _, f := range []Format{FormatPSV, FormatHCPE} {
		good, _ := os.ReadFile(fx.paths[f])
		size := record.PSVSize
		if f == FormatHCPE {
			size = record.HCPESize
		}
		n := len(good) / size

		// truncated: a partial record at the end
		rows, s, path := read(f, append(append([]byte(nil), good...), good[:7]...))
		wantMsg := fmt.Sprintf("%s: %v: record %d: truncated record: 7 of %d bytes", path, f, n, size)
		if len(rows) != n || s.Bad != 1 || len(s.Errors) != 1 || s.Errors[0] != wantMsg {
			t.Fatalf("%v truncated: %d rows (want %d), bad %d, errors %q (want %q)", f, len(rows), n, s.Bad, s.Errors, wantMsg)
		}

		// one corrupted record in the middle: its index is named
		bad := append([]byte(nil), good...)
		k := n / 2
		for i := 0; i < 32; i++ {
			bad[k*size+i] = 0xff
		}
		rows, s, path = read(f, bad)
		if len(rows) != n-1 || s.Bad != 1 || !strings.HasPrefix(s.LastError, fmt.Sprintf("%s: %v: record %d: ", path, f, k)) {
			t.Fatalf("%v corrupted: %d rows, bad %d, last error %q", f, len(rows), s.Bad, s.LastError)
		}
		if s.Records != int64(n) || s.Positions != int64(n-1) {
			t.Fatalf("%v corrupted: stats %+v", f, s)
		}
	}

	// garbage in every format: no crash, every record accounted for
	rng := rand.New(rand.NewSource(9))
	junk := make([]byte, 40*38*20+13)
	rng.Read(junk)
	for _, f := range allFormats {
		rows, s, _ := read(f, junk)
		if f != FormatHCPE3 && s.Records != int64(len(rows))+s.Bad {
			t.Fatalf("%v garbage: %d records, %d rows, %d bad", f, s.Records, len(rows), s.Bad)
		}
		if s.Bad == 0 {
			t.Fatalf("%v garbage: no bad record reported", f)
		}
	}

	// hcpe3 cut inside a game: the games before it are delivered
	good, _ := os.ReadFile(fx.paths[FormatHCPE3])
	rows, s, path := read(FormatHCPE3, good[:len(good)-5])
	nFirst := 0
	for _, x := range fx.truths[FormatHCPE3] {
		if x.ply == 1 {
			nFirst++
		}
	}
	if nFirst != 3 {
		t.Fatalf("fixture has %d games", nFirst)
	}
	lastGame := 0
	for i, x := range fx.truths[FormatHCPE3] {
		if x.ply == 1 {
			lastGame = i
		}
	}
	if len(rows) != lastGame || s.Bad != 1 || !strings.HasPrefix(s.LastError, path+": hcpe3: record 2: truncated") {
		t.Fatalf("hcpe3 truncated: %d rows (want %d), bad %d, %q", len(rows), lastGame, s.Bad, s.LastError)
	}
}

// TestFileVanishes: a file removed after Open ends the stream with an
// error naming it, after the positions of the files before it.
func TestFileVanishes(t *testing.T) {
	fx := makeFixture(t, 7, 2, 30)
	dir := t.TempDir()
	data, _ := os.ReadFile(fx.paths[FormatPSV])
	// The first file spans more chunks than the stream holds, so the reader
	// cannot reach the second file before the first batch is taken.
	var big []byte
	for len(big) < 8*chunkRecords*record.PSVSize {
		big = append(big, data...)
	}
	first := writeFile(t, dir, "first.bin", big)
	gone := writeFile(t, dir, "gone.bin", data)
	st, err := Open([]string{first, gone}, Options{FeatureSet: "HalfKP", BatchSize: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	os.Remove(gone)
	b, err := st.Next()
	if err != nil || b.N != len(big)/record.PSVSize {
		t.Fatalf("first batch: %v", err)
	}
	if _, err = st.Next(); err == nil || !strings.Contains(err.Error(), gone) {
		t.Fatalf("vanished file: %v", err)
	}
}

// TestHCPE3IllegalMove: a game whose 6th move is not legal keeps its first
// five positions, counts one bad game and names it; the next game is whole.
func TestHCPE3IllegalMove(t *testing.T) {
	start, _ := record.ParseDiagram(board.StartSFEN)
	hcp, err := record.EncodeHCP(&start)
	if err != nil {
		t.Fatal(err)
	}
	mv := func(usi string) record.HCPE3Move {
		m, err := record.Apery.ParseUSI(usi)
		if err != nil {
			t.Fatal(err)
		}
		return record.HCPE3Move{Move16: m}
	}
	bad := record.HCPE3Game{Start: hcp, Moves: []record.HCPE3Move{mv("7g7f"), mv("3c3d"), mv("2g2f"), mv("8c8d"), mv("2f2e"), mv("5e5d"), mv("8d8e")}}
	good := record.HCPE3Game{Start: hcp, Result: record.ResultBlackWin, Moves: []record.HCPE3Move{mv("7g7f"), mv("3c3d")}}
	data := record.AppendHCPE3(record.AppendHCPE3(nil, &bad), &good)
	path := writeFile(t, t.TempDir(), "x.hcpe3", data)
	st := open(t, []string{path}, Options{FeatureSet: "HalfKP"})
	rows := collect(t, st)
	s := st.Stats()
	if len(rows) != 5+2 || s.Bad != 1 || s.Records != 7 || !strings.HasPrefix(s.LastError, path+": hcpe3: record 0: move 5 (5e5d)") {
		t.Fatalf("%d rows, stats %+v", len(rows), s)
	}
	if rows[5].result != 1 || rows[6].result != -1 || rows[6].ply != 2 {
		t.Fatalf("second game rows: %+v %+v", rows[5], rows[6])
	}
}
