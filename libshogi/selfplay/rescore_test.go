package selfplay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
	"github.com/libshogi/libshogi/libshogi/search"
)

func TestRescore(t *testing.T) {
	dir := t.TempDir()
	gen := smallGensfen(dir, 3, 1)
	gen.ShardRecords = 0
	if _, err := Gensfen(context.Background(), gen); err != nil {
		t.Fatal(err)
	}
	net, err := nnue.MakeTestNet("test", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".bin", ".hcpe"} {
		in := filepath.Join(dir, "gen-00000"+ext)
		cfg := RescoreConfig{Engine: EngineConfig{Net: net, HashMB: 1, Limits: search.Limits{Depth: 3}}, Input: in}
		var outs [][]byte
		for _, threads := range []int{1, 2} {
			cfg.Threads = threads
			cfg.Output = filepath.Join(dir, "re"+ext)
			res, err := Rescore(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(cfg.Output)
			outs = append(outs, b)
			old, _ := os.ReadFile(in)
			if len(b) != len(old) || res.Records == 0 || int(res.Records)*len(old)/int(res.Records) != len(old) {
				t.Fatalf("%s: %d records, %d bytes from %d", ext, res.Records, len(b), len(old))
			}
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: 2 workers rescored differently", ext)
		}
		// Cross-check each record against a direct search.
		old, _ := os.ReadFile(in)
		eng := search.NewEngine(cfg.Engine.Options(Rules{}))
		size := record.PSVSize
		if ext == ".hcpe" {
			size = record.HCPESize
		}
		changed := 0
		for off := 0; off < len(old); off += size {
			var d0, d1 record.Diagram
			var score int16
			var m16 uint16
			if ext == ".bin" {
				var a, b record.PSV
				if record.DecodePSV(old[off:off+size], &a, &d0) != nil || record.DecodePSV(outs[0][off:off+size], &b, &d1) != nil {
					t.Fatal("decode")
				}
				if a.Result != b.Result || a.GamePly != b.GamePly {
					t.Fatalf("record %d: result or ply changed", off/size)
				}
				if a.Score != b.Score {
					changed++
				}
				score, m16 = b.Score, b.Move
			} else {
				var a, b record.HCPE
				if record.DecodeHCPE(old[off:off+size], &a, &d0) != nil || record.DecodeHCPE(outs[0][off:off+size], &b, &d1) != nil {
					t.Fatal("decode")
				}
				if a.GameResult != b.GameResult {
					t.Fatalf("record %d: result changed", off/size)
				}
				if a.Eval != b.Eval {
					changed++
				}
				score, m16 = b.Eval, b.BestMove16
				if m16 != 0 {
					m16 = board.HcpeToMove16(m16)
				}
			}
			if d0.SFEN() != d1.SFEN() {
				t.Fatalf("record %d: position changed", off/size)
			}
			pos, _ := board.FromSetup(&d1, board.SFENOptions{})
			eng.NewGame()
			r := eng.Search(pos, cfg.Engine.Limits, nil)
			if int16(r.Score) != score || r.BestMove.Move16() != m16 {
				t.Errorf("record %d: %d %04x, direct search %d %s", off/size, score, m16, r.Score, r.BestMove.USI())
			}
		}
		if changed == 0 {
			t.Errorf("%s: the test net changed no score", ext)
		}
	}
}
