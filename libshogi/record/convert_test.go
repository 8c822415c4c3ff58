package record

import (
	"bytes"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// The bulk conversions agree with the one-record ones on every record, in
// the parallel path too, zero a bad record and name the lowest bad index.
func TestBulkConversions(t *testing.T) {
	p := board.NewPosition()
	var psv []byte
	for i := 0; i < 1200; i++ {
		var l board.MoveList
		p.Generate(board.GenNoUseless, &l)
		if l.N == 0 || p.Ply() > 100 {
			p = board.NewPosition()
			p.Generate(board.GenNoUseless, &l)
		}
		m := l.Moves[i%l.N]
		d := p.Setup()
		r, err := NewPSV(&d, int16(i*7-4000), m.Move16(), int8(i%3-1))
		if err != nil {
			t.Fatal(err)
		}
		psv = AppendPSV(psv, &r)
		p.DoMove(m)
	}
	n := len(psv) / PSVSize
	hcpe := make([]byte, n*HCPESize)
	if i, err := PSVsToHCPEs(psv, hcpe); err != nil {
		t.Fatalf("record %d: %v", i, err)
	}
	one := make([]byte, HCPESize)
	for i := 0; i < n; i++ {
		if err := PSVToHCPE(psv[i*PSVSize:(i+1)*PSVSize], one); err != nil || !bytes.Equal(one, hcpe[i*HCPESize:(i+1)*HCPESize]) {
			t.Fatalf("record %d differs: %v", i, err)
		}
	}
	back := make([]byte, n*PSVSize)
	if i, err := HCPEsToPSVs(hcpe, back); err != nil {
		t.Fatalf("record %d: %v", i, err)
	}
	for i := 0; i < n; i++ {
		a, b := psv[i*PSVSize:(i+1)*PSVSize], back[i*PSVSize:(i+1)*PSVSize]
		// hcpe has no move number: everything else comes back.
		if !bytes.Equal(a[:36], b[:36]) || !bytes.Equal(a[38:], b[38:]) || b[36] != 0 || b[37] != 0 {
			t.Fatalf("record %d: % x vs % x", i, a, b)
		}
	}
	bad := append([]byte(nil), psv...)
	for _, i := range []int{1100, 700} {
		bad[i*PSVSize+38] = 9 // game_result 9
	}
	i, err := PSVsToHCPEs(bad, hcpe)
	if i != 700 || err == nil {
		t.Fatalf("bad records: %d, %v", i, err)
	}
	if !bytes.Equal(hcpe[700*HCPESize:701*HCPESize], make([]byte, HCPESize)) {
		t.Error("a bad record's output is not zeroed")
	}
	if _, err := PSVsToHCPEs(psv[:PSVSize+1], hcpe); err == nil {
		t.Error("a partial record was accepted")
	}
}
