package record_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

func Example_readKIF() {
	kif := "手合割：平手\n先手：A\n後手：B\n" +
		"   1 ７六歩(77)   ( 0:01/00:00:01)\n" +
		"**評価値=40\n" +
		"   2 ３四歩(33)\n" +
		"   3 投了\n" +
		"\n変化：2手\n   2 ８四歩(83)\n"
	data, _ := record.EncodeText(kif, record.ShiftJIS) // .kif files are CP932
	g, enc, err := record.ReadKIF(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(enc, g.Black, g.White, g.Moves(), g.Result())
	first := g.Root.Children[0]
	score, _ := first.EngineScore()
	fmt.Println(len(first.Children), "replies to", first.Move, "score", score)
	fmt.Print(record.FormatCSA(g, record.CSAOptions{Version: "V2.2"}))
	// Output:
	// shift_jis A B [7g7f 3c3d] white
	// 2 replies to 7g7f score 40
	// V2.2
	// N+A
	// N-B
	// PI
	// +
	// +7776FU
	// T1
	// '**評価値=40
	// -3334FU
	// %TORYO
}

func Example_psvReader() {
	d, _ := record.ParseDiagram(board.StartSFEN)
	rec, _ := record.NewPSV(&d, 35, 7739 /* 7g7f */, 1)
	file := record.AppendPSV(nil, &rec)
	file = append(file, make([]byte, record.PSVSize)...) // a bad (all-zero) record

	r := record.NewPSVReader(bytes.NewReader(file), record.SkipBadRecords)
	r.OnSkip(func(e *record.Error) { fmt.Println("skipped:", e) })
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		fmt.Println(r.Diagram().SFEN(), record.YaneuraOu.USI(p.Move), p.Score, p.Result)
	}
	// Output:
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 7g7f 35 1
	// skipped: psv: record 1: sfen: both kings on square 1a
}
