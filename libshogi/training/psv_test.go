package training

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/record"
)

// psvs packs the positions of random games (n records).
func psvs(t testing.TB, n int) ([]byte, []string) {
	rng := rand.New(rand.NewSource(5))
	p := board.NewPosition()
	var out []byte
	var sfens []string
	for len(sfens) < n {
		var l board.MoveList
		p.Generate(board.GenNoUseless, &l)
		if l.N == 0 || p.Ply() > 120 {
			p = board.NewPosition()
			continue
		}
		m := l.Moves[rng.Intn(l.N)]
		d := p.Setup()
		r, err := record.NewPSV(&d, 0, m.Move16(), 0)
		if err != nil {
			t.Fatal(err)
		}
		out = record.AppendPSV(out, &r)
		sfens = append(sfens, p.SFEN())
		p.DoMove(m)
	}
	return out, sfens
}

// The bulk calls agree, record by record, with the same work done on a
// Position built from the SFEN text (the independent path), in the
// parallel path too; bad records are marked and the lowest is named.
func TestBulkPSV(t *testing.T) {
	const n = 1100
	in, sfens := psvs(t, n)
	net, err := nnue.MakeTestNet("test", 3)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]int32, n)
	if i, err := EvaluatePSVs(net, in, 16, values); err != nil {
		t.Fatalf("record %d: %v", i, err)
	}
	k := nnue.HalfKP.MaxActive
	black, white := make([]int32, n*k), make([]int32, n*k)
	if i, err := PSVFeatures(in, black, white); err != nil {
		t.Fatalf("record %d: %v", i, err)
	}
	for i, s := range sfens {
		p, err := board.FromSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		if want := int32(net.Evaluate(p, 16)); values[i] != want {
			t.Fatalf("record %d: %d, want %d", i, values[i], want)
		}
		for c, rows := range [2][]int32{black, white} {
			want, _ := nnue.AppendActive(nil, p, board.Color(c))
			got := slices.Clone(rows[i*k : (i+1)*k])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("record %d colour %d: features differ", i, c)
			}
		}
	}
	bad := slices.Clone(in)
	for _, i := range []int{900, 600} {
		bad[i*record.PSVSize+38] = 7 // game_result 7
	}
	marks := make([]bool, n)
	if i, err := CheckPSVs(bad, marks); i != 600 || err == nil || !marks[600] || !marks[900] || marks[601] {
		t.Fatalf("check: %d, %v", i, err)
	}
	if i, _ := EvaluatePSVs(net, bad, 16, values); i != 600 || values[600] != 0 {
		t.Fatalf("evaluate: %d", i)
	}
	if i, _ := PSVFeatures(bad, black, white); i != 600 || black[600*k] != -1 || white[(900+1)*k-1] != -1 {
		t.Fatalf("features: %d", i)
	}
	if i, err := CheckPSVs(in, nil); i != -1 || err != nil {
		t.Fatalf("good records: %d, %v", i, err)
	}
	if _, err := CheckPSVs(in[:record.PSVSize+3], nil); err == nil {
		t.Fatal("a partial record was accepted")
	}
}
