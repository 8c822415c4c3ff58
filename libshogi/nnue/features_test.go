package nnue

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// TestArchTable checks every layout against the table of
// docs/specs/nnue-archs.md §2 (confirmed there by the engine itself).
func TestArchTable(t *testing.T) {
	cases := []struct {
		name                      string
		dims, half, h1, h2        int
		fileHash, ftHash, netHash uint32
		descLen, size             int
	}{
		{"halfkp_1024x2-8-32", 125388, 1024, 8, 32, 0x3E5AB7EC, 0x5D69DDB8, 0x63336A54, 190, 256814486},
		{"halfkp_768x2-16-64", 125388, 768, 16, 64, 0x3E5AA222, 0x5D69D3B8, 0x6333719A, 192, 192624728},
		{"halfkp_512x2-16-32", 125388, 512, 16, 32, 0x3E5AA772, 0x5D69D1B8, 0x633376CA, 192, 128416184},
		{"halfkp_1024x2-8-64", 125388, 1024, 8, 64, 0x3E5AB79C, 0x5D69DDB8, 0x63336A24, 190, 256815670},
		{"halfkahm2_1024x2-8-96", 73305, 1024, 8, 96, 0x1C102E8C, 0x7F2344B8, 0x63336A34, 193, 150150873},
		{"kp_256x2-32-32", 1710, 256, 32, 32, 0x5C6464A9, 0x3F5715FF, 0x63337156, 176, 893928},
		{"halfkpe9_256x2-32-32", 1128492, 256, 32, 32, 0x3E5AA6EE, 0x5D69D7B8, 0x63337156, 192, 577806328},
		{"halfkpvm_256x2-32-32", 69660, 256, 32, 32, 0x68586ECC, 0x0B6B1F9A, 0x63337156, 191, 35684343},
		{"halfkp_256x2-32-32", 125388, 256, 32, 32, 0x3E5AA6EE, 0x5D69D7B8, 0x63337156, 189, 64217077},
		{"sfnn1536", 73305, 1536, 15, 32, 0x3C203B32, 0x5F134AB8, 0x6333718A, 100, 0},
	}
	for _, c := range cases {
		a, err := ArchByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if a.Name() != c.name || a.Features.Dims != c.dims || a.HalfDims != c.half || a.Hidden[0] != c.h1 || a.Hidden[1] != c.h2 {
			t.Errorf("%s: %s D %d L %d H %v", c.name, a.Name(), a.Features.Dims, a.HalfDims, a.Hidden)
		}
		if a.FileHash() != c.fileHash || a.FTHash() != c.ftHash || a.NetHash() != c.netHash {
			t.Errorf("%s: hashes %08X %08X %08X", c.name, a.FileHash(), a.FTHash(), a.NetHash())
		}
		if len(a.String()) != c.descLen {
			t.Errorf("%s: description of %d bytes, want %d: %s", c.name, len(a.String()), c.descLen, a)
		}
		if c.size != 0 && a.Size() != c.size {
			t.Errorf("%s: size %d, want %d", c.name, a.Size(), c.size)
		}
		b, err := ParseArch(a.String())
		if err != nil || b.Name() != c.name {
			t.Errorf("%s: description parses as %s, %v", c.name, b.Name(), err)
		}
	}
	if want := "ModelType=SFNNWithoutPsqt;Features=HalfKA_hm2(Friend)[73305->1536x2],Network=SFNN-1536{LayerStack=9}"; SFNN1536.String() != want {
		t.Errorf("sfnn1536 description %s", SFNN1536)
	}
	if KP.Hash != 0x3F5717FF {
		t.Errorf("K+P hash %08X", KP.Hash)
	}
}

func TestFeatureSetByName(t *testing.T) {
	for _, n := range []string{"halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2", "HalfKA_hm2(Friend)", "K+P"} {
		fs, err := FeatureSetByName(n)
		if err != nil || !strings.EqualFold(fs.Short, n) && fs.Name != n {
			t.Errorf("%s: %+v %v", n, fs, err)
		}
	}
	if _, err := FeatureSetByName("halfka"); err == nil {
		t.Error("unknown set accepted")
	}
	if got := strings.Join(FeatureSetNames(), ","); got != "halfkahm2,halfkp,halfkpe9,halfkpvm,kp" {
		t.Errorf("names %s", got)
	}
}

// TestHalfKPE9Example: in the starting position Black's pawn on 7g is
// attacked by two Black pieces (the bishop on 8h and the knight on 8i) and
// no White piece: plane e_own*3+e_opp = 6 from Black's view, 2 (e_own 0,
// e_opp 2) from White's.
func TestHalfKPE9Example(t *testing.T) {
	pos := board.NewPosition()
	sq := board.NewSquare(7, 7)
	pc := board.NewPiece(board.Black, board.Pawn)
	for _, c := range []struct {
		p     board.Color
		plane int
	}{{board.Black, 6}, {board.White, 2}} {
		f, ok := HalfKPE9.AppendActive(nil, pos, c.p)
		want := int32(KingIndex(c.p, pos.KingSquare(c.p))*FEEnd+int(BoardBona(c.p, pc, sq))) + int32(c.plane*e9Plane)
		if !ok || len(f) != MaxPieces || !slices.Contains(f, want) {
			t.Errorf("perspective %d: %d features, %d missing", c.p, len(f), want)
		}
	}
}

// mirrorSFEN flips the board part of an SFEN left-right (file f <-> 10-f).
func mirrorSFEN(sfen string) string {
	parts := strings.SplitN(sfen, " ", 2)
	rows := strings.Split(parts[0], "/")
	for i, r := range rows {
		var tok []string
		for j := 0; j < len(r); j++ {
			if r[j] == '+' {
				tok = append(tok, r[j:j+2])
				j++
			} else {
				tok = append(tok, r[j:j+1])
			}
		}
		slices.Reverse(tok)
		rows[i] = strings.Join(tok, "")
	}
	return strings.Join(rows, "/") + " " + parts[1]
}

// TestMirroredSets: HalfKP_vm and HalfKA_hm2 fold the own king onto files
// 1..5, so a position and its mirror image have the same features for a
// perspective whose king is not on file 5; HalfKA_hm2 puts the own king at
// K_p*1629 + 1548 + K_p.
func TestMirroredSets(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	pos := board.NewPosition()
	var ml board.MoveList
	checked := 0
	for ply := 0; ply < 400; ply++ {
		m, err := board.FromSFEN(mirrorSFEN(pos.SFEN()))
		if err != nil {
			t.Fatal(err)
		}
		for _, fs := range []FeatureSet{HalfKPvm, HalfKAhm2} {
			for p := board.Black; p <= board.White; p++ {
				a, ok1 := fs.AppendActive(nil, pos, p)
				b, ok2 := fs.AppendActive(nil, m, p)
				slices.Sort(a)
				slices.Sort(b)
				if !ok1 || !ok2 || len(a) != fs.MaxActive {
					t.Fatalf("%s: %d features", fs.Name, len(a))
				}
				if pos.KingSquare(p).File() != 5 {
					if !slices.Equal(a, b) {
						t.Fatalf("%s perspective %d: %s and its mirror differ", fs.Name, p, pos.SFEN())
					}
					checked++
				}
				for _, x := range a {
					if x < 0 || int(x) >= fs.Dims {
						t.Fatalf("%s: index %d", fs.Name, x)
					}
				}
				if fs.Kind == KindHalfKAhm2 {
					kp, _ := mirroredKing(p, pos.KingSquare(p))
					if !slices.Contains(a, int32(kp*EKingOther+EKingOwn+kp)) {
						t.Fatalf("own king feature missing in %s", pos.SFEN())
					}
				}
			}
		}
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			pos = board.NewPosition()
			continue
		}
		pos.DoMove(ml.Moves[r.IntN(ml.N)])
	}
	if checked < 800 {
		t.Fatalf("only %d mirror checks", checked)
	}
}

// TestMoveChanges: for every feature set, the features MoveChanges says a
// move removes and adds turn the active features before the move into
// those after it (as multisets), unless it asks for a refresh, which only
// the own king's moves do (and never for K+P).
func TestMoveChanges(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	sets := []FeatureSet{HalfKP, KP, HalfKPE9, HalfKPvm, HalfKAhm2}
	pos := board.NewPosition()
	var ml board.MoveList
	refreshes := 0
	for ply := 0; ply < 600; ply++ {
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			pos = board.NewPosition()
			continue
		}
		m := ml.Moves[r.IntN(ml.N)]
		kingMove := !m.IsDrop() && pos.PieceOn(m.From()).Type() == board.King
		for _, fs := range sets {
			for p := board.Black; p <= board.White; p++ {
				before, _ := fs.AppendActive(nil, pos, p)
				rem, add, refresh := fs.MoveChanges(pos, m, p)
				pos.DoMove(m)
				after, _ := fs.AppendActive(nil, pos, p)
				pos.UndoMove()
				if refresh {
					if !kingMove || fs.Kind == KindKP || pos.SideToMove() != p {
						t.Fatalf("%s: refresh for perspective %d on %s %s", fs.Name, p, pos.SFEN(), m)
					}
					refreshes++
					continue
				}
				got := slices.Clone(before)
				for _, x := range rem {
					i := slices.Index(got, x)
					if i < 0 {
						t.Fatalf("%s: removes inactive feature %d (%s %s)", fs.Name, x, pos.SFEN(), m)
					}
					got = slices.Delete(got, i, i+1)
				}
				got = append(got, add...)
				slices.Sort(got)
				slices.Sort(after)
				if !slices.Equal(got, after) {
					t.Fatalf("%s perspective %d: %s %s: changes do not give the features after the move", fs.Name, p, pos.SFEN(), m)
				}
			}
		}
		pos.DoMove(m)
	}
	if refreshes == 0 {
		t.Fatal("no king move refresh seen")
	}
}
