package record

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// Issue 22 item 4: end words other writers use. Known variants map to
// their meaning; an unknown word keeps the game (no result, a warning).
func TestKIFEndWordVariants(t *testing.T) {
	const head = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
	for _, c := range []struct {
		word    string
		kind    EndKind
		outcome Outcome
		warn    bool
	}{
		{"入玉宣言", EndDeclareWin, BlackWin, false}, // cshogi's exporter
		{"宣言勝ち", EndDeclareWin, BlackWin, false},
		{"投了", EndResign, WhiteWin, false},
		{"珍事発生", EndUnknown, NoResult, true},
	} {
		g, _, err := ReadRecord([]byte(head+"   3 "+c.word+"\n"), RecordKIF)
		if err != nil {
			t.Fatalf("%s: %v", c.word, err)
		}
		if n := len(g.MainLine()); n != 2 {
			t.Errorf("%s: %d moves, want 2", c.word, n)
		}
		e := g.End()
		if e == nil || e.Kind != c.kind || e.Outcome() != c.outcome {
			t.Errorf("%s: end %+v", c.word, e)
		}
		if (len(g.Warnings) > 0) != c.warn {
			t.Errorf("%s: warnings %q", c.word, g.Warnings)
		}
		if c.kind == EndUnknown {
			if e.Text != c.word || !strings.Contains(g.Warnings[0], c.word) {
				t.Errorf("unknown end: %q, %q", e.Text, g.Warnings)
			}
			out := FormatKIF(g)
			if !strings.Contains(out, "   3 "+c.word) {
				t.Errorf("the unknown word is not written back:\n%s", out)
			}
		}
	}
	// A move after an unknown word is still an error, and so is an ASCII
	// line that is neither a move nor an end word.
	for _, bad := range []string{head + "   3 珍事発生\n   4 ２六歩(27)\n", head + "   3 xyz\n"} {
		if _, _, err := ReadRecord([]byte(bad), RecordKIF); err == nil {
			t.Errorf("accepted:\n%s", bad)
		}
	}
}

// Issue 22 item 5: text with no record in it is an error, not a game with
// no moves.
func TestRecordWithNothingInIt(t *testing.T) {
	const kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n"
	u16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(kif))
	u16be, _ := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder().Bytes([]byte(kif))
	u32, _ := utf32.UTF32(utf32.LittleEndian, utf32.UseBOM).NewEncoder().Bytes([]byte(kif))
	euc, _ := japanese.EUCJP.NewEncoder().Bytes([]byte("▲７六歩 △３四歩\n"))
	cases := map[string]struct {
		data []byte
		f    RecordFormat
	}{
		"empty": {nil, RecordAuto}, "blank lines": {[]byte("\n\n  \n"), RecordAuto},
		"utf-16 bom": {u16, RecordAuto}, "utf-16 no bom": {u16be, RecordKIF}, "utf-32": {u32, RecordAuto},
		"euc-jp as ki2": {euc, RecordKI2}, "empty as kif": {nil, RecordKIF}, "empty as ki2": {nil, RecordKI2},
	}
	for name, c := range cases {
		if g, _, err := ReadRecord(c.data, c.f); err == nil {
			t.Errorf("%s: accepted (%d moves)", name, len(g.MainLine()))
		}
	}
	// What is there still reads: the same record in UTF-8 and Shift_JIS, a
	// header alone.
	sjis, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte(kif))
	for _, data := range [][]byte{[]byte(kif), sjis} {
		if g, _, err := ReadRecord(data, RecordAuto); err != nil || len(g.MainLine()) != 1 {
			t.Errorf("good record: %v", err)
		}
	}
	if _, _, err := ReadRecord([]byte("先手：A\n"), RecordKIF); err != nil {
		t.Errorf("a header alone: %v", err)
	}
}

// Issue 22 item 6: every game of a multi-game CSA file; the one-game call
// says the file holds several.
func TestCSAMultiGame(t *testing.T) {
	const two = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n-3334FU\n%CHUDAN\n"
	gs, f, err := ReadRecords([]byte(two), RecordAuto)
	if err != nil || f != RecordCSA || len(gs) != 2 {
		t.Fatalf("%d games, %v, %v", len(gs), f, err)
	}
	if gs[0].Black != "A" || len(gs[0].MainLine()) != 1 || gs[1].Black != "C" || len(gs[1].MainLine()) != 2 {
		t.Errorf("games: %+v %+v", gs[0], gs[1])
	}
	if _, _, err := ReadRecord([]byte(two), RecordAuto); err == nil || !strings.Contains(err.Error(), "2 games") {
		t.Errorf("ReadRecord: %v", err)
	}
	if gs, _, err := ReadRecords([]byte("PI\n+\n+7776FU\n"), RecordCSA); err != nil || len(gs) != 1 {
		t.Errorf("one game: %d, %v", len(gs), err)
	}
	if _, _, err := ReadRecords([]byte(two+"/\nN+E\n"), RecordCSA); err == nil {
		t.Error("a bad third game was accepted")
	}
}
