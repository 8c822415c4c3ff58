package dataset

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// TestPlanesBatchAgainstPosition: the planes a stream delivers for
// thousands of hcpe3 positions agree with board.Position: piece planes
// with PieceOn, attack-count planes with AttackersTo, the check plane with
// InCheck, the hand planes with Hand, and the label with MoveLabel of the
// recorded move.
func TestPlanesBatchAgainstPosition(t *testing.T) {
	fx := makeFixture(t, 10, 30, 120)
	tr := fx.truths[FormatHCPE3]
	st := open(t, []string{fx.paths[FormatHCPE3]}, Options{Layout: LayoutPlanes, BatchSize: 64, Threads: 2})
	row := 0
	for {
		b, err := st.Next()
		if err != nil {
			break
		}
		for i := 0; i < b.N; i, row = i+1, row+1 {
			p := posOf(t, tr[row].sfen)
			f1 := b.Features1[i*Features1Num*81 : (i+1)*Features1Num*81]
			f2 := b.Features2[i*Features2Num*81 : (i+1)*Features2Num*81]
			us := p.SideToMove()
			for sq := board.Square(0); sq < 81; sq++ {
				rot := int(sq)
				if us == board.White {
					rot = 80 - rot
				}
				pc := p.PieceOn(sq)
				for c := board.Black; c <= board.White; c++ {
					base := int(c^us) * Features1PerSide * 81
					for pt := 1; pt <= PieceTypeNum; pt++ {
						want := float32(0)
						if pc != board.NoPiece && pc.Color() == c && int(pc.Type()) == pt {
							want = 1
						}
						if f1[base+(pt-1)*81+rot] != want {
							t.Fatalf("row %d %s: piece plane %d at %v", row, tr[row].sfen, pt, sq)
						}
					}
					n := p.AttackersTo(c, sq, p.Occupied()).Count()
					for k := 0; k < MaxAttackNum; k++ {
						want := float32(0)
						if n > k {
							want = 1
						}
						if f1[base+(2*PieceTypeNum+k)*81+rot] != want {
							t.Fatalf("row %d %s: %v attackers of %v: %d, plane %d wrong", row, tr[row].sfen, c, sq, n, k)
						}
					}
				}
			}
			for c := board.Black; c <= board.White; c++ {
				plane := int(c^us) * HandPlanesPerSide
				for _, hp := range handPlanes {
					n := p.Hand(c).Count(hp.pt)
					for k := 0; k < hp.max; k++ {
						want := float32(0)
						if k < n {
							want = 1
						}
						if f2[(plane+k)*81] != want || f2[(plane+k)*81+80] != want {
							t.Fatalf("row %d: hand plane %d", row, plane+k)
						}
					}
					plane += hp.max
				}
			}
			want := float32(0)
			if p.InCheck() {
				want = 1
			}
			if f2[56*81] != want {
				t.Fatalf("row %d: check plane %v, in check %v", row, f2[56*81], p.InCheck())
			}
			if b.MoveLabel[i] != MoveLabel(tr[row].move.Move16(), us) || b.MoveLabel[i] < 0 {
				t.Fatalf("row %d: label %d", row, b.MoveLabel[i])
			}
		}
	}
	if row != len(tr) || row < 2000 {
		t.Fatalf("%d rows, want %d (>= 2000)", row, len(tr))
	}
}

// TestRecordPlanes: the bulk call over an hcpe array gives the stream's
// planes and labels; a bad record gets zeros and -1 and is counted.
func TestRecordPlanes(t *testing.T) {
	fx := makeFixture(t, 13, 3, 40)
	data, err := os.ReadFile(fx.paths[FormatHCPE])
	if err != nil {
		t.Fatal(err)
	}
	n := len(data) / record.HCPESize
	copy(data[5*record.HCPESize:], bytes.Repeat([]byte{0xff}, 32))
	f1 := make([]float32, n*Features1Num*81)
	f2 := make([]float32, n*Features2Num*81)
	labels := make([]int32, n)
	bad, first := RecordPlanes(data, FormatHCPE, f1, f2, labels)
	if bad != 1 || first == nil || !strings.Contains(first.Error(), "record 5") {
		t.Fatalf("bad %d, %v", bad, first)
	}
	g1 := make([]float32, Features1Num*81)
	g2 := make([]float32, Features2Num*81)
	for i, tr := range fx.truths[FormatHCPE] {
		if i == 5 {
			if labels[i] != -1 || slices.ContainsFunc(f1[i*Features1Num*81:(i+1)*Features1Num*81], func(v float32) bool { return v != 0 }) {
				t.Fatal("bad record not zeroed")
			}
			continue
		}
		d := posOf(t, tr.sfen).Setup()
		InputFeatures(&d, g1, g2)
		if !slices.Equal(g1, f1[i*Features1Num*81:(i+1)*Features1Num*81]) || !slices.Equal(g2, f2[i*Features2Num*81:(i+1)*Features2Num*81]) {
			t.Fatalf("record %d: planes differ", i)
		}
		if labels[i] != MoveLabel(tr.move.Move16(), d.Side) {
			t.Fatalf("record %d: label %d", i, labels[i])
		}
	}
}

// TestPolicyTargets: hcpe3 rows carry their candidates' labels with
// visit shares; PSV rows carry the recorded move with probability 1.
func TestPolicyTargets(t *testing.T) {
	fx := makeFixture(t, 15, 4, 60)
	for _, f := range []Format{FormatHCPE3, FormatPSV} {
		tr := fx.truths[f]
		st := open(t, []string{fx.paths[f]}, Options{Layout: LayoutPlanes, BatchSize: 33})
		row := 0
		for {
			b, err := st.Next()
			if err != nil {
				break
			}
			for i := 0; i < b.N; i, row = i+1, row+1 {
				x := tr[row]
				side := posOf(t, x.sfen).SideToMove()
				lo, hi := b.PolicyOffsets[i], b.PolicyOffsets[i+1]
				labels, probs := b.PolicyLabel[lo:hi], b.PolicyProb[lo:hi]
				if f == FormatPSV {
					if len(labels) != 1 || labels[0] != MoveLabel(x.move.Move16(), side) || probs[0] != 1 {
						t.Fatalf("psv row %d: %v %v", row, labels, probs)
					}
					continue
				}
				total := 0
				for _, c := range x.cands {
					total += int(c.Visits)
				}
				if len(labels) != len(x.cands) {
					t.Fatalf("hcpe3 row %d: %d targets, want %d", row, len(labels), len(x.cands))
				}
				for k, c := range x.cands {
					m := record.Apery.ToYaneuraOu(c.Move16)
					if labels[k] != MoveLabel(m, side) || probs[k] != float32(c.Visits)/float32(total) {
						t.Fatalf("hcpe3 row %d candidate %d: %d %v", row, k, labels[k], probs[k])
					}
				}
			}
		}
		if row != len(tr) {
			t.Fatalf("%v: %d rows", f, row)
		}
	}
}

// TestPlanesU8MatchFloat: the compact planes hold the float planes' values
// (features2: one byte a plane) for thousands of hcpe3 and PSV positions.
func TestPlanesU8MatchFloat(t *testing.T) {
	fx := makeFixture(t, 19, 30, 120)
	for _, f := range []Format{FormatHCPE3, FormatPSV} {
		st := open(t, []string{fx.paths[f]}, Options{Layout: LayoutPlanes | LayoutPlanesU8, BatchSize: 100, Threads: 2})
		rows := 0
		for {
			b, err := st.Next()
			if err != nil {
				break
			}
			if len(b.Features1U8) != b.N*Features1Num*81 || len(b.Features2U8) != b.N*Features2Num {
				t.Fatal("compact plane sizes")
			}
			for i, v := range b.Features1U8 {
				if float32(v) != b.Features1[i] {
					t.Fatalf("%v: features1 value %d differs", f, i)
				}
			}
			for i, v := range b.Features2U8 {
				plane := b.Features2[i*81 : (i+1)*81]
				for _, x := range plane {
					if x != float32(v) {
						t.Fatalf("%v: features2 plane %d differs", f, i)
					}
				}
			}
			rows += b.N
		}
		if rows < 2000 {
			t.Fatalf("%v: %d rows", f, rows)
		}
	}
}

// TestRecordPlanesParallel: an input large enough to be split over the
// CPUs gives the same rows as row-by-row calls, and the first bad record
// (by index, not by finishing order) is the one reported.
func TestRecordPlanesParallel(t *testing.T) {
	fx := makeFixture(t, 20, 3, 40)
	one, err := os.ReadFile(fx.paths[FormatPSV])
	if err != nil {
		t.Fatal(err)
	}
	var data []byte
	for len(data) < 1200*record.PSVSize {
		data = append(data, one...)
	}
	n := len(data) / record.PSVSize
	for _, k := range []int{700, 1100} {
		copy(data[k*record.PSVSize:], bytes.Repeat([]byte{0xff}, 32))
	}
	f1 := make([]float32, n*Features1Num*81)
	f2 := make([]float32, n*Features2Num*81)
	labels := make([]int32, n)
	bad, first := RecordPlanes(data, FormatPSV, f1, f2, labels)
	if bad != 2 || first == nil || !strings.Contains(first.Error(), "record 700") {
		t.Fatalf("bad %d, first %v", bad, first)
	}
	g1 := make([]float32, Features1Num*81)
	g2 := make([]float32, Features2Num*81)
	gl := make([]int32, 1)
	for _, i := range []int{0, 255, 256, 511, 699, 701, 1099, n - 1} {
		if b, _ := RecordPlanes(data[i*record.PSVSize:(i+1)*record.PSVSize], FormatPSV, g1, g2, gl); b != 0 {
			t.Fatalf("record %d is bad", i)
		}
		if !slices.Equal(g1, f1[i*Features1Num*81:(i+1)*Features1Num*81]) || !slices.Equal(g2, f2[i*Features2Num*81:(i+1)*Features2Num*81]) || gl[0] != labels[i] {
			t.Fatalf("record %d differs from a lone call", i)
		}
	}
}
