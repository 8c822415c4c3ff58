package dataset

import (
	"fmt"
	"sort"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// planeVector is a hand-written expectation for one position: the squares
// set in each Features1 plane (every other plane empty), the Features2
// planes that are all ones (every other all zeros) and whether in check.
type planeVector struct {
	sfen  string
	f1    map[int][]int
	f2    []int
	check bool
}

// Start position, Black to move: the pieces and attacks of Black written
// square by square (squares (file-1)*9 + rank-1).
var startUs = map[int][]int{
	0:  {6, 15, 24, 33, 42, 51, 60, 69, 78}, // P on rank g
	1:  {8, 80},                             // L 1i 9i
	2:  {17, 71},                            // N 2i 8i
	3:  {26, 62},                            // S 3i 7i
	4:  {70},                                // B 8h
	5:  {16},                                // R 2h
	6:  {35, 53},                            // G 4i 6i
	7:  {44},                                // K 5i
	14: {5, 14, 23, 32, 41, 50, 59, 68, 77}, // pawn attacks: rank f
	15: {6, 7, 78, 79},                      // lances up to their pawns
	16: {6, 24, 60, 78},                     // knights 1g 3g 7g 9g
	17: {16, 25, 34, 52, 61, 70},            // silvers
	18: {60, 62, 78, 80},                    // bishop's four neighbours
	19: {7, 15, 17, 25, 34, 43, 52, 61, 70}, // rook: 1h, 2g, 2i, 3h..8h
	20: {25, 26, 34, 43, 44, 52, 61, 62},    // golds
	21: {34, 35, 43, 52, 53},                // king
	// attacked by >= 1, 2, 3 Black pieces
	28: {5, 6, 7, 14, 15, 16, 17, 23, 24, 25, 26, 32, 34, 35, 41, 43, 44, 50, 52, 53, 59, 60, 61, 62, 68, 70, 77, 78, 79, 80},
	29: {6, 7, 25, 34, 43, 44, 52, 60, 61, 62, 70, 78},
	30: {25, 34, 43, 52, 61, 78},
}

// rotated gives the planes of the other side of a point-symmetric position.
func rotated(us map[int][]int) map[int][]int {
	out := map[int][]int{}
	for p, sqs := range us {
		out[p] = sqs
		for _, s := range sqs {
			out[Features1PerSide+p] = append(out[Features1PerSide+p], 80-s)
		}
	}
	return out
}

var planeVectors = []planeVector{
	{sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", f1: rotated(startUs)},
	// White to move sees the same picture from its side.
	{sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", f1: rotated(startUs)},
	// White to move (board rotated), hands: White b, Black R G 2P.
	{sfen: "4k4/9/9/9/9/9/9/9/4K4 w RG2Pb 1", f1: map[int][]int{
		7: {44}, 21: {34, 35, 43, 52, 53}, 28: {34, 35, 43, 52, 53},
		31 + 7: {36}, 31 + 21: {27, 28, 37, 45, 46}, 31 + 28: {27, 28, 37, 45, 46},
	}, f2: []int{24, 28, 29, 48, 54}},
	// Black in check from a rook on 5h.
	{sfen: "4k4/9/9/9/9/9/9/4r4/4K4 b - 1", f1: map[int][]int{
		7: {44}, 21: {34, 35, 43, 52, 53}, 28: {34, 35, 43, 52, 53},
		31 + 7:  {36},
		31 + 5:  {43},
		31 + 21: {27, 28, 37, 45, 46},
		31 + 19: {7, 16, 25, 34, 36, 37, 38, 39, 40, 41, 42, 44, 52, 61, 70, 79},
		31 + 28: {7, 16, 25, 27, 28, 34, 36, 37, 38, 39, 40, 41, 42, 44, 45, 46, 52, 61, 70, 79},
		31 + 29: {37},
	}, f2: []int{56}, check: true},
	// Hands beyond the plane counts are capped (9 pawns: 8 planes); kings
	// in the corners.
	{sfen: "8k/9/9/9/9/9/9/9/K8 b 9P2l 1", f1: map[int][]int{
		7: {80}, 21: {70, 71, 79}, 28: {70, 71, 79},
		31 + 7: {0}, 31 + 21: {1, 9, 10}, 31 + 28: {1, 9, 10},
	}, f2: []int{0, 1, 2, 3, 4, 5, 6, 7, 36, 37}},
}

func TestInputFeaturesVectors(t *testing.T) {
	f1 := make([]float32, Features1Num*81)
	f2 := make([]float32, Features2Num*81)
	for _, v := range planeVectors {
		d, err := record.ParseDiagram(v.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for i := range f1 {
			f1[i] = 7 // overwritten entirely
		}
		check := InputFeatures(&d, f1, f2)
		if check != v.check {
			t.Errorf("%s: check %v", v.sfen, check)
		}
		for p := 0; p < Features1Num; p++ {
			var got []int
			for s := 0; s < 81; s++ {
				switch f1[p*81+s] {
				case 1:
					got = append(got, s)
				case 0:
				default:
					t.Fatalf("%s: plane %d square %d = %v", v.sfen, p, s, f1[p*81+s])
				}
			}
			want := append([]int(nil), v.f1[p]...)
			sort.Ints(want)
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%s: features1 plane %d = %v, want %v", v.sfen, p, got, want)
			}
		}
		ones := map[int]bool{}
		for _, p := range v.f2 {
			ones[p] = true
		}
		for p := 0; p < Features2Num; p++ {
			want := float32(0)
			if ones[p] {
				want = 1
			}
			for s := 0; s < 81; s++ {
				if f2[p*81+s] != want {
					t.Fatalf("%s: features2 plane %d square %d = %v, want %v", v.sfen, p, s, f2[p*81+s], want)
				}
			}
		}
	}
}

// Labels written from the layout: direction*81 + destination (rotated for
// White); directions UP 0, UP_LEFT 1, UP_RIGHT 2, LEFT 3, RIGHT 4, DOWN 5,
// DOWN_LEFT 6, DOWN_RIGHT 7, UP2_LEFT 8, UP2_RIGHT 9, +10 promoting;
// drops 20 + (P L N S B R G = 0..6).
var labelVectors = []struct {
	usi   string
	side  board.Color
	label int32
}{
	{"7g7f", board.Black, 0*81 + 59},
	{"3c3d", board.White, 0*81 + 59},
	{"5e6d", board.Black, 1*81 + 48},
	{"5i4h", board.Black, 2*81 + 34},
	{"5i6i", board.Black, 3*81 + 53},
	{"5e4e", board.Black, 4*81 + 31},
	{"5e5g", board.Black, 5*81 + 42},
	{"5e7g", board.Black, 6*81 + 60},
	{"5e3g", board.Black, 7*81 + 24},
	{"2c1a", board.Black, 9*81 + 0},
	{"8i7g", board.Black, 9*81 + 60},
	{"2c1a+", board.Black, 19*81 + 0},
	{"8c9a+", board.Black, 18*81 + 72},
	{"8h2b+", board.Black, 12*81 + 10},
	{"2b8h+", board.White, 12*81 + 10},
	{"P*5e", board.Black, 20*81 + 40},
	{"P*5e", board.White, 20*81 + 40},
	{"L*5e", board.Black, 21*81 + 40},
	{"N*5e", board.Black, 22*81 + 40},
	{"S*5e", board.Black, 23*81 + 40},
	{"B*5e", board.Black, 24*81 + 40},
	{"R*5e", board.Black, 25*81 + 40},
	{"G*5e", board.Black, 26*81 + 40},
	{"G*1a", board.White, 26*81 + 80},
	{"none", board.Black, -1},
}

func TestMoveLabelVectors(t *testing.T) {
	for _, v := range labelVectors {
		m, err := record.YaneuraOu.ParseUSI(v.usi)
		if err != nil {
			t.Fatal(err)
		}
		if got := MoveLabel(m, v.side); got != v.label {
			t.Errorf("%s %v: label %d, want %d", v.usi, v.side, got, v.label)
		}
	}
}

// TestMoveLabelsDistinct: in random positions the legal moves get distinct
// labels in range (the label is a function of the move, never ambiguous).
func TestMoveLabelsDistinct(t *testing.T) {
	fx := makeFixture(t, 8, 5, 100)
	for _, tr := range fx.truths[FormatPSV] {
		p := posOf(t, tr.sfen)
		var ml board.MoveList
		p.GenerateLegal(&ml)
		seen := map[int32]board.Move{}
		for _, m := range ml.Slice() {
			l := MoveLabel(m.Move16(), p.SideToMove())
			if l < 0 || l >= MoveLabelNum {
				t.Fatalf("%s %s: label %d", tr.sfen, m.USI(), l)
			}
			if o, dup := seen[l]; dup {
				t.Fatalf("%s: %s and %s share label %d", tr.sfen, o.USI(), m.USI(), l)
			}
			seen[l] = m
		}
	}
}
