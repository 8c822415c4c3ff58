package book

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
)

// probeBookSize is the size of the generated book that the on-disk probes
// are checked on. 1M positions take about a minute to generate and write
// on a loaded 2-core machine, so the test uses 100k unless
// LIBSHOGI_BOOK_1M is set (BenchmarkProbe* cover the large sizes).
func probeBookSize() int {
	if os.Getenv("LIBSHOGI_BOOK_1M") != "" {
		return 1_000_000
	}
	if testing.Short() {
		return 20_000
	}
	return 100_000
}

// Probing each on-disk format agrees with a linear scan of the same file.
func TestProbeAgreesWithLinearScan(t *testing.T) {
	n := probeBookSize()
	t0 := time.Now()
	b, misses := genBook(n, 42)
	dir := t.TempDir()
	paths := map[Format]string{}
	for _, f := range []Format{FormatDB2016, FormatYBB, FormatAperyBin} {
		p := filepath.Join(dir, "book."+f.String())
		if err := WriteFile(p, b, f); err != nil {
			t.Fatal(err)
		}
		paths[f] = p
	}
	t.Logf("%d positions generated and written in %v", b.Len(), time.Since(t0))

	// The linear scans: read each file from start to end.
	textScan, err := ReadFile(paths[FormatDB2016], FormatDB2016)
	if err != nil {
		t.Fatal(err)
	}
	ybbScan, err := ReadFile(paths[FormatYBB], FormatYBB)
	if err != nil {
		t.Fatal(err)
	}
	fh, _ := os.Open(paths[FormatAperyBin])
	binEntries, err := ReadAperyBin(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	binScan := map[uint64][]Move{}
	for _, e := range binEntries {
		binScan[e.Key] = append(binScan[e.Key], e.Move())
	}

	text, err := OpenSortedText(paths[FormatDB2016])
	if err != nil {
		t.Fatal(err)
	}
	defer text.Close()
	ybb, err := OpenYBB(paths[FormatYBB])
	if err != nil {
		t.Fatal(err)
	}
	defer ybb.Close()
	bin, err := OpenAperyBin(paths[FormatAperyBin])
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Close()

	check := func(p *board.Position, present bool) {
		key := SFENKey(p)
		for _, c := range []struct {
			pr   Prober
			want []Move
		}{
			{text, entryMoves(textScan, key)},
			{ybb, entryMoves(ybbScan, key)},
			{bin, binScan[AperyKey(p)]},
		} {
			got, err := c.pr.Probe(p)
			if err != nil {
				t.Fatalf("%v probe %s: %v", c.pr.Format(), key, err)
			}
			if !reflect.DeepEqual(got, c.want) || (len(got) > 0) != present {
				t.Fatalf("%v probe %s: got %+v want %+v (present %v)", c.pr.Format(), key, got, c.want, present)
			}
		}
	}
	// About 14k positions spread over the sorted order (the first and
	// last included), and up to 7k misses.
	entries := b.Entries()
	step := max(1, len(entries)/14000)
	if len(misses) > 7000 {
		misses = misses[:7000]
	}
	for i := 0; i < len(entries); i++ {
		if i%step != 0 && i != len(entries)-1 {
			continue
		}
		p, err := board.FromSFEN(entries[i].SFEN)
		if err != nil {
			t.Fatal(err)
		}
		check(p, true)
	}
	for _, p := range misses {
		check(p, false)
	}
	t.Logf("%d hits and %d misses checked in %v total", len(entries)/step+1, len(misses), time.Since(t0))
}

func entryMoves(b *Book, key string) []Move {
	if e := b.Get(key); e != nil {
		return e.Moves
	}
	return nil
}

// The flipped lookup finds a position stored from the other side.
func TestFlippedLookup(t *testing.T) {
	b, _ := genBook(2000, 7)
	for _, e := range b.Entries()[:200] {
		p, _ := board.FromSFEN(e.SFEN)
		q, err := FlipPosition(p)
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := FlipPosition(q); SFENKey(r) != e.SFEN {
			t.Fatalf("flip is not an involution: %s", e.SFEN)
		}
		if b.Get(SFENKey(q)) != nil {
			continue // symmetric position
		}
		got, err := Lookup(b, q, true)
		if err != nil || len(got) != len(e.Moves) {
			t.Fatalf("%s flipped: %v %+v", e.SFEN, err, got)
		}
		for i, m := range got {
			if _, err := q.MoveFromMove16(m.Move); err != nil {
				t.Fatalf("%s: flipped move %s is not legal in the flipped position", e.SFEN, board.Move(m.Move))
			}
			if FlipMove16(m.Move) != e.Moves[i].Move {
				t.Fatal("flip of move is not an involution")
			}
		}
		if got, _ := Lookup(b, q, false); got != nil {
			t.Fatal("found without flipping")
		}
	}
}

// On-disk probing copes with CRLF line ends, comments, blank lines and
// positions whose move lists span more than the linear-scan window.
func TestSortedTextOddLayout(t *testing.T) {
	b, misses := genBook(3000, 11)
	var sb strings.Builder
	sb.WriteString(TextHeader + "\r\n")
	for i, e := range b.Entries() {
		sb.WriteString("sfen " + e.SFEN + " " + strconv.Itoa(e.Ply) + "\r\n")
		if i%3 == 0 {
			sb.WriteString("# a comment\r\n\r\n")
		}
		if i%97 == 0 { // a long entry: repeat its moves with comments
			for k := 0; k < 400; k++ {
				sb.WriteString("#" + strings.Repeat("x", 40) + "\r\n")
			}
		}
		for _, m := range e.Moves {
			line := string(appendTextMove(nil, &m))
			sb.WriteString(strings.TrimSuffix(line, "\n") + " // note\r\n")
		}
	}
	path := filepath.Join(t.TempDir(), "odd.db")
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := OpenSortedText(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	loaded, err := ReadText(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(project(loaded, FormatDB2016), project(b, FormatDB2016)) {
		t.Fatal("loaded book differs from the generated one")
	}
	for _, e := range b.Entries() {
		got, err := st.Lookup(e.SFEN)
		if err != nil || got == nil || !reflect.DeepEqual(got.Moves, e.Moves) || got.Ply != e.Ply {
			t.Fatalf("%s: %v %+v", e.SFEN, err, got)
		}
	}
	for _, p := range misses {
		if got, err := st.Probe(p); err != nil || got != nil {
			t.Fatalf("miss %s: %v %+v", SFENKey(p), err, got)
		}
	}
	// An unsorted file is reported, not silently misread, when the scan sees it.
	bad := TextHeader + "\nsfen 9/9/9/9/9/9/9/9/9 w - 1\n7g7f\nsfen 9/9/9/9/9/9/9/9/9 b - 1\n7g7f\n"
	os.WriteFile(path, []byte(bad), 0o644)
	st2, _ := OpenSortedText(path)
	defer st2.Close()
	if _, err := st2.Lookup("9/9/9/9/9/9/9/9/9 x -"); err == nil || !strings.Contains(err.Error(), "not sorted") {
		t.Fatalf("unsorted: %v", err)
	}
}

// Open samples the order of a text book it is to probe on disk.
func TestOpenOnDiskRefusesUnsorted(t *testing.T) {
	b, _ := genBook(3000, 17)
	entries := b.Entries()
	// Reverse order: every sample is out of order.
	var sb strings.Builder
	sb.WriteString(TextHeader + "\n")
	for i := len(entries) - 1; i >= 0; i-- {
		sb.Write(appendTextEntry(nil, entries[i]))
	}
	path := filepath.Join(t.TempDir(), "unsorted.db")
	os.WriteFile(path, []byte(sb.String()), 0o644)
	if _, err := Open(path, OpenOptions{Mode: ModeOnDisk}); err == nil || !strings.Contains(err.Error(), "not sorted") {
		t.Fatalf("ModeOnDisk on an unsorted book: %v", err)
	}
	pr, err := Open(path, OpenOptions{Mode: ModeMemory})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := board.FromSFEN(entries[5].SFEN)
	if ms, _ := pr.Probe(p); len(ms) != len(entries[5].Moves) {
		t.Fatal("loaded unsorted book misses a position")
	}
	// The sorted book passes the sample.
	sorted := filepath.Join(t.TempDir(), "sorted.db")
	WriteFile(sorted, b, FormatDB2016)
	st, err := Open(sorted, OpenOptions{Mode: ModeOnDisk})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
}
