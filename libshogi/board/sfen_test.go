package board

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestSFENRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		"4k4/9/9/9/9/9/9/9/9 b 16P 1", // one king only (mate problems)
		"9/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 5",
	} {
		p, err := FromSFEN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := p.SFEN(); got != s {
			t.Errorf("round trip %s -> %s", s, got)
		}
	}
	// Non-canonical input comes out canonical.
	p, err := FromSFEN("sfen 4k4/9/9/9/9/9/9/9/4K4 b P2Lr 7")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.SFEN(), "4k4/9/9/9/9/9/9/9/4K4 b 2LPr 7"; got != want {
		t.Errorf("canonical form %s, want %s", got, want)
	}
	if q, err := FromSFEN("startpos"); err != nil || q.SFEN() != StartSFEN {
		t.Errorf("startpos: %v", err)
	}
}

func TestSFENErrors(t *testing.T) {
	cases := []struct{ sfen, want string }{
		{"", "fields"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "8 squares"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "more than 9"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/10/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece letter"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", "unknown piece letter"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", "cannot be promoted"},
		{"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - abc", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "in hand"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "in hand"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2 1", "count"},
		{"4k4/9/9/9/9/9/9/9/4K4 b K 1", "hand piece"},
		{"4k4/9/9/9/9/9/9/9/4K4 b PP 1", "twice"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "count"},
		{"4k4/9/9/9/9/9/9/9/RRK6 b R 1", "at most 2"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "at most 18"},
		{"4kP3/9/9/9/9/9/9/9/4K4 b - 1", "never move"},
		{"4kL3/9/9/9/9/9/9/9/4K4 b - 1", "never move"},
		{"4k4/3N5/9/9/9/9/9/9/4K4 b - 1", "never move"},
		{"4k4/9/9/9/9/9/9/9/3nK4 b - 1", "never move"},
		{"4k4/9/9/4P4/4P4/9/9/9/4K4 b - 1", "nifu"},
		{"4k4/9/9/4p4/4p4/9/9/9/4K4 b - 1", "nifu"},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "not to move"},
		{"4k4/9/9/9/9/9/9/9/4K3K b - 1", "two kings"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "fields"},
	}
	for _, c := range cases {
		_, err := FromSFEN(c.sfen)
		if err == nil {
			t.Errorf("%q accepted", c.sfen)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q does not mention %q", c.sfen, err, c.want)
		}
	}
	// A tokin does not count for nifu.
	if _, err := FromSFEN("4k4/9/9/4+P4/4P4/9/9/9/4K4 b - 1"); err != nil {
		t.Errorf("tokin + pawn rejected: %v", err)
	}
}

func TestUSIMoveText(t *testing.T) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "G*9i", "1a1b", "9i1a+"} {
		m, err := ParseUSIMoveText(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if m.USI() != s {
			t.Errorf("%s -> %s", s, m.USI())
		}
	}
	for _, s := range []string{"", "7g7", "7g7f++", "0a1a", "7j7f", "K*5e", "p*5e", "P*5j", "7g7g", "P*5e+", "7g7f="} {
		if _, err := ParseUSIMoveText(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	for m, s := range map[Move]string{MoveNone: "none", MoveNull: "0000", MoveResign: "resign", MoveWin: "win"} {
		if m.USI() != s {
			t.Errorf("special move %x prints %s", uint32(m), m.USI())
		}
	}
}

// TestMove16Vectors checks both move16 conventions against the byte vectors.
func TestMove16Vectors(t *testing.T) {
	f, err := os.Open(testdataPath(t, "records/move16.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		yo, _ := strconv.Atoi(c[2])
		hc, _ := strconv.Atoi(c[3])
		// Some vectors are composed positions the strict parser refuses.
		p, err := FromSFENWith(c[0], SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true})
		if err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
		m, err := p.ParseMove(c[1])
		if err != nil {
			t.Fatalf("%s %s: %v", c[0], c[1], err)
		}
		if int(m.Move16()) != yo || int(m.HcpeMove16()) != hc {
			t.Errorf("%s %s: move16 %d/%d, want %d/%d", c[0], c[1], m.Move16(), m.HcpeMove16(), yo, hc)
		}
		if Move16ToHcpe(uint16(yo)) != uint16(hc) || HcpeToMove16(uint16(hc)) != uint16(yo) {
			t.Errorf("%s: conversion between conventions fails", c[1])
		}
		back, err := p.MoveFromMove16(uint16(yo))
		if err != nil || back != m {
			t.Errorf("%s: MoveFromMove16(%d) = %v, %v", c[1], yo, back, err)
		}
		rows++
	}
	if rows < 70 {
		t.Fatalf("only %d move16 rows read", rows)
	}
}

func TestSetSFENReuses(t *testing.T) {
	p := NewPosition()
	playUSI(t, p, "7g7f 3c3d")
	if err := p.SetSFEN("not an sfen", SFENOptions{}); err == nil {
		t.Fatal("bad SFEN accepted")
	}
	if p.Ply() != 3 || p.LastMove().USI() != "3c3d" {
		t.Fatal("a failed SetSFEN changed the position")
	}
	s := "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
	if err := p.SetSFEN(s, SFENOptions{}); err != nil {
		t.Fatal(err)
	}
	q, _ := FromSFEN(s)
	if p.SFEN() != s || p.Key() != q.Key() || p.LastMove() != MoveNone || p.GamePlyFromRoot() != 0 || p.Perft(2) != q.Perft(2) {
		t.Fatal("SetSFEN differs from FromSFEN")
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := p.SetSFEN(StartSFEN, SFENOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 2 { // strings.Fields and strings.Split
		t.Errorf("SetSFEN allocates %v times", allocs)
	}
}
