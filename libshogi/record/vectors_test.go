package record

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// loadTSV reads a vector file of the repository's golden data.
func loadTSV(t testing.TB, name string) [][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "tests", "testdata", "records", name))
	if err != nil {
		t.Fatalf("golden data missing: %v (tests/testdata ships with the repository)", err)
	}
	var rows [][]string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rows = append(rows, strings.Split(l, "\t"))
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", name)
	}
	return rows
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// sfen4 drops the move number.
func sfen4(s string) string {
	f := strings.Fields(s)
	return strings.Join(f[:3], " ")
}

func TestPSVVectors(t *testing.T) {
	rows := loadTSV(t, "psv.tsv")
	var file []byte
	for i, r := range rows {
		want, err := hex.DecodeString(r[5])
		if err != nil || len(want) != PSVSize {
			t.Fatalf("row %d: bad hex", i)
		}
		d, err := ParseDiagram(r[0])
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		mv, err := YaneuraOu.ParseUSI(r[1])
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		p, err := NewPSV(&d, int16(atoi(t, r[2])), mv, int8(atoi(t, r[4])))
		if err != nil {
			t.Fatalf("row %d: encode %s: %v", i, r[0], err)
		}
		if int(p.GamePly) != atoi(t, r[3]) {
			t.Errorf("row %d: game ply %d, want %s", i, p.GamePly, r[3])
		}
		got := AppendPSV(nil, &p)
		if !bytes.Equal(got, want) {
			t.Errorf("row %d %s: encode\n got %x\nwant %x", i, r[0], got, want)
		}
		file = append(file, want...)
		// decode
		var q PSV
		var qd Diagram
		if err := DecodePSV(want, &q, &qd); err != nil {
			t.Fatalf("row %d: decode: %v", i, err)
		}
		if qd.SFEN() != r[0] {
			t.Errorf("row %d: decode sfen %q, want %q", i, qd.SFEN(), r[0])
		}
		if YaneuraOu.USI(q.Move) != r[1] || int(q.Score) != atoi(t, r[2]) || int(q.GamePly) != atoi(t, r[3]) || int(q.Result) != atoi(t, r[4]) {
			t.Errorf("row %d: decode fields %+v, want %v", i, q, r[1:5])
		}
	}
	// The whole set as a file through the reader.
	rd := NewPSVReader(bytes.NewReader(file), StopOnError)
	n := 0
	for {
		rec, err := rd.Next()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatal(err)
			}
			break
		}
		if rd.Diagram().SFEN() != rows[n][0] || YaneuraOu.USI(rec.Move) != rows[n][1] {
			t.Errorf("reader record %d: %s", n, rd.Diagram().SFEN())
		}
		n++
	}
	if n != len(rows) {
		t.Errorf("reader read %d records, want %d", n, len(rows))
	}
	t.Logf("%d psv vectors", len(rows))
}

func TestHCPEVectors(t *testing.T) {
	rows := loadTSV(t, "hcpe.tsv")
	var file []byte
	for i, r := range rows {
		want, err := hex.DecodeString(r[4])
		if err != nil || len(want) != HCPESize {
			t.Fatalf("row %d: bad hex", i)
		}
		d, err := ParseDiagram(r[0])
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		mv, err := Apery.ParseUSI(r[1])
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		h, err := NewHCPE(&d, int16(atoi(t, r[2])), mv, uint8(atoi(t, r[3])))
		if err != nil {
			t.Fatalf("row %d: encode %s: %v", i, r[0], err)
		}
		got := AppendHCPE(nil, &h)
		if !bytes.Equal(got, want) {
			t.Errorf("row %d %s: encode\n got %x\nwant %x", i, r[0], got, want)
		}
		file = append(file, want...)
		var q HCPE
		var qd Diagram
		if err := DecodeHCPE(want, &q, &qd); err != nil {
			t.Fatalf("row %d: decode: %v", i, err)
		}
		if qd.SFEN4() != sfen4(r[0]) {
			t.Errorf("row %d: decode sfen %q, want %q", i, qd.SFEN4(), sfen4(r[0]))
		}
		if Apery.USI(q.BestMove16) != r[1] || int(q.Eval) != atoi(t, r[2]) || int(q.GameResult) != atoi(t, r[3]) {
			t.Errorf("row %d: decode fields %+v, want %v", i, q, r[1:4])
		}
	}
	rd := NewHCPEReader(bytes.NewReader(file), StopOnError)
	n := 0
	for {
		if _, err := rd.Next(); err != nil {
			if err.Error() != "EOF" {
				t.Fatal(err)
			}
			break
		}
		if rd.Diagram().SFEN4() != sfen4(rows[n][0]) {
			t.Errorf("reader record %d", n)
		}
		n++
	}
	if n != len(rows) {
		t.Errorf("reader read %d records, want %d", n, len(rows))
	}
}

func TestMove16Vectors(t *testing.T) {
	rows := loadTSV(t, "move16.tsv")
	for i, r := range rows {
		yo, ap := uint16(atoi(t, r[2])), uint16(atoi(t, r[3]))
		if v, err := YaneuraOu.ParseUSI(r[1]); err != nil || v != yo {
			t.Errorf("row %d %s: yaneuraou %d (%v), want %d", i, r[1], v, err, yo)
		}
		if v, err := Apery.ParseUSI(r[1]); err != nil || v != ap {
			t.Errorf("row %d %s: apery %d (%v), want %d", i, r[1], v, err, ap)
		}
		if s := YaneuraOu.USI(yo); s != r[1] {
			t.Errorf("row %d: yaneuraou %d decodes to %s, want %s", i, yo, s, r[1])
		}
		if s := Apery.USI(ap); s != r[1] {
			t.Errorf("row %d: apery %d decodes to %s, want %s", i, ap, s, r[1])
		}
		if Apery.ToYaneuraOu(ap) != yo || Apery.FromYaneuraOu(yo) != ap {
			t.Errorf("row %d: conversion mismatch", i)
		}
		if YaneuraOu.Check(yo) != nil || Apery.Check(ap) != nil {
			t.Errorf("row %d: valid move16 rejected", i)
		}
	}
}

func TestPackedWorkedExamples(t *testing.T) {
	for _, c := range [][2]string{
		{board.StartSFEN, "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c"},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "58240000000000000000000024499224499294524aadb5b6d65a7beffd7afd7e"},
		{"4k4/9/9/9/9/9/9/9/4K4 w r 1", "5924000000000000000000c0579224499224494a29a5d65a5b6badbdf77ebd7e"},
	} {
		d, _ := ParseDiagram(c[0])
		p, err := EncodePackedSfen(&d)
		if err != nil || hex.EncodeToString(p[:]) != c[1] {
			t.Errorf("%s: %x %v", c[0], p, err)
		}
	}
	d, _ := ParseDiagram(board.StartSFEN)
	h, _ := EncodeHCP(&d)
	if hex.EncodeToString(h[:]) != "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c" {
		t.Errorf("hcp start %x", h)
	}
}
