package record

import (
	"os"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

func TestDetectAndReadRecord(t *testing.T) {
	for name, want := range map[string]RecordFormat{
		"testdata/spec_example.csa": RecordCSA, "testdata/branches_sjis.kif": RecordKIF,
		"testdata/branches_bom.kif": RecordKIF, "testdata/ki2sample_sjis.ki2": RecordKI2,
		"testdata/bod.kifu": RecordKIF, "testdata/handicap2.kifu": RecordKIF,
	} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		g, f, err := ReadRecord(data, RecordAuto)
		if err != nil || f != want {
			t.Errorf("%s: format %v (%v), want %v", name, f, err, want)
			continue
		}
		for _, out := range []RecordFormat{RecordCSA, RecordKIF, RecordKI2, RecordUSI} {
			b, err := WriteRecord(g, out, UTF8)
			if err != nil {
				t.Fatalf("%s -> %v: %v", name, out, err)
			}
			g2, f2, err := ReadRecord(b, RecordAuto)
			if err != nil || f2 != out {
				t.Fatalf("%s -> %v: read back as %v: %v\n%s", name, out, f2, err, b)
			}
			if FormatUSIText(g2) != FormatUSIText(g) {
				t.Errorf("%s -> %v: %s vs %s", name, out, FormatUSIText(g2), FormatUSIText(g))
			}
		}
	}
}

func TestGameFromPosition(t *testing.T) {
	g, err := ParseUSI("position startpos moves 7g7f 3c3d 8h2b+ 3a2b")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.PositionAt(4)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := GameFromPosition(p)
	if err != nil || FormatUSIText(g2) != "startpos moves 7g7f 3c3d 8h2b+ 3a2b" {
		t.Errorf("%v %s", err, FormatUSIText(g2))
	}
	if _, err := g.PositionAt(5); err == nil {
		t.Error("ply 5 accepted")
	}
	for _, bad := range []string{"", "sfen x", "startpos moves 7g7e", "startpos foo"} {
		if _, err := ParseUSI(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestValidateFixesBareMoves(t *testing.T) {
	d, _ := ParseDiagram(board.StartSFEN)
	g := NewGame(d)
	n := g.Root.AddChild(board.Move(7739)) // 7g7f without piece bits
	n.AddChild(board.Move(2581))           // 3c3d
	for _, f := range []RecordFormat{RecordCSA, RecordKIF, RecordKI2, RecordUSI} {
		b, err := WriteRecord(g, f, UTF8)
		if err != nil {
			t.Fatal(err)
		}
		g2, _, err := ReadRecord(b, f)
		if err != nil || FormatUSIText(g2) != "startpos moves 7g7f 3c3d" {
			t.Errorf("%v: %v\n%s", f, err, b)
		}
	}
	g.Root.AddChild(board.Move(40<<7 | 40))
	if _, err := WriteRecord(g, RecordKIF, UTF8); err == nil || !strings.Contains(err.Error(), "ply 1") {
		t.Errorf("illegal move written: %v", err)
	}
	// Garbage piece bits never make a writer panic.
	g.Root.Children[1].Move = board.Move(0xffffffff)
	FormatKIF(g)
	FormatCSA(g, CSAOptions{})
	FormatKI2(g)
}
