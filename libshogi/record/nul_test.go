package record

import (
	"errors"
	"testing"
)

// Issue 22 item 11: a CSA header "N+ab\x00cd" was read as "ab\x00cd", which
// a C caller then saw as "ab" while 6 bytes were reported. Text with a NUL
// is rejected, naming its line, in every text format.
func TestRecordTextWithNUL(t *testing.T) {
	for _, c := range []struct {
		text string
		f    RecordFormat
		line int
	}{
		{"V2.2\nN+ab\x00cd\nN-x\nPI\n+\n+7776FU\n", RecordAuto, 2},
		{"V2.2\r\nN+ab\r\n'comment\x00\r\nPI\r\n+\r\n", RecordCSA, 3},
		{"先手：a\x00b\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", RecordKIF, 1},
		{"先手：ab\n▲７六歩\x00\n", RecordKI2, 2},
		{"startpos moves 7g7f\x00", RecordUSI, 1},
	} {
		g, _, err := ReadRecord([]byte(c.text), c.f)
		var re *Error
		if g != nil || !errors.As(err, &re) || re.Line != c.line {
			t.Errorf("%q: game %v, error %v; want an error on line %d", c.text, g != nil, err, c.line)
		}
	}
	// Without the NUL the same texts read.
	if _, _, err := ReadRecord([]byte("V2.2\nN+abcd\nN-x\nPI\n+\n+7776FU\n"), RecordAuto); err != nil {
		t.Fatal(err)
	}
}

// Issue 22 item 13: the record SFEN reader takes the move number as the
// board's does: digits only.
func TestDiagramMoveNumberDigitsOnly(t *testing.T) {
	base := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - "
	for _, n := range []string{"+5", "-5", "0", "1000001"} {
		if _, err := ParseDiagram(base + n); err == nil {
			t.Errorf("move number %q accepted", n)
		}
	}
	if d, err := ParseDiagram(base + "5"); err != nil || d.Ply != 5 {
		t.Errorf("move number 5: %v %v", d.Ply, err)
	}
}
