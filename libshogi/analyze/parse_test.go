package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/minio/simdjson-go"
)

const sampleInput = `{"sfen":"startpos","depth":3}
{"id":"a1","sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d"],"nodes":5000,"multipv":2}
{"id":42,"movetime":100}

{"sfen":"4k4/9/9/9/9/9/9/9/4K4 b G 1","depth":1.5}
{"sfen":"startpos","bogus":1}
[1,2,3]
{"sfen":"startpos","moves":["7g7f",3]}
{"sfen":"startpos" 
{"id":"last","depth":2}
`

func readAll(t *testing.T, p *Parser) ([]Request, []error) {
	var reqs []Request
	var errs []error
	for {
		r, err := p.Next()
		if err == io.EOF {
			return reqs, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		reqs = append(reqs, r)
	}
}

func TestParsersAgree(t *testing.T) {
	if !simdjson.SupportedCPU() {
		t.Log("simdjson-go unsupported on this CPU: only the fallback is checked")
	}
	want := []Request{
		{Line: 1, SFEN: "startpos", Depth: 3, MultiPV: 1},
		{Line: 2, ID: "a1", SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", Moves: []string{"7g7f", "3c3d"}, Nodes: 5000, MultiPV: 2},
		{Line: 3, ID: "42", MoveTime: 100, MultiPV: 1},
		{Line: 10, ID: "last", Depth: 2, MultiPV: 1},
	}
	for _, std := range []bool{true, false} {
		p := NewParser(strings.NewReader(sampleInput), std)
		reqs, errs := readAll(t, p)
		if !reflect.DeepEqual(reqs, want) {
			t.Errorf("std=%v: requests\n%+v\nwant\n%+v", std, reqs, want)
		}
		wantErrLines := []string{"line 5:", "line 6:", "line 7:", "line 8:", "line 9:"}
		if len(errs) != len(wantErrLines) {
			t.Fatalf("std=%v: %d errors %v, want %d", std, len(errs), errs, len(wantErrLines))
		}
		for i, e := range errs {
			if !strings.HasPrefix(e.Error(), wantErrLines[i]) {
				t.Errorf("std=%v: error %q should start with %q", std, e, wantErrLines[i])
			}
		}
	}
}

// bigInput is n valid request lines.
func bigInput(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"id":"r%d","sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d","8h2b+"],"depth":%d,"multipv":1}`+"\n", i, 1+i%9)
	}
	return b.Bytes()
}

func TestLargeInputBothParsers(t *testing.T) {
	in := bigInput(20000) // more than one simdjson block
	for _, std := range []bool{true, false} {
		reqs, errs := readAll(t, NewParser(bytes.NewReader(in), std))
		if len(errs) != 0 || len(reqs) != 20000 {
			t.Fatalf("std=%v: %d requests, %d errors", std, len(reqs), len(errs))
		}
		if reqs[19999].ID != "r19999" || reqs[19999].Line != 20000 || reqs[123].Depth != 1+123%9 {
			t.Fatalf("std=%v: wrong content %+v", std, reqs[19999])
		}
	}
}

func benchParse(b *testing.B, std bool) {
	in := bigInput(20000)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := NewParser(bytes.NewReader(in), std)
		for {
			if _, err := p.Next(); err == io.EOF {
				break
			}
		}
	}
}

func BenchmarkParseSIMD(b *testing.B) {
	if !simdjson.SupportedCPU() {
		b.Skip("simdjson-go needs AVX2 and CLMUL")
	}
	benchParse(b, false)
}
func BenchmarkParseEncodingJSON(b *testing.B) { benchParse(b, true) }

// sameOutcome reports how two parsers' answers for one line differ ("" if
// they agree). Requests compare field by field (no moves and "moves":[]
// are the same); errors must both be there, with the same message when the
// line is valid UTF-8 (encoding/json and simdjson word JSON syntax errors
// differently, so those are compared only as errors).
func sameOutcome(line string, a []Request, errA []error, b []Request, errB []error) string {
	if len(a) != len(b) || len(errA) != len(errB) {
		return fmt.Sprintf("%d requests/%d errors vs %d/%d: %v %v | %v %v", len(a), len(errA), len(b), len(errB), a, errA, b, errB)
	}
	for i := range a {
		x, y := a[i], b[i]
		if len(x.Moves) == 0 && len(y.Moves) == 0 {
			x.Moves, y.Moves = nil, nil
		}
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("%+v vs %+v", x, y)
		}
	}
	if utf8.ValidString(line) && json.Valid([]byte(line)) {
		for i := range errA {
			if errA[i].Error() != errB[i].Error() {
				return fmt.Sprintf("error %q vs %q", errA[i], errB[i])
			}
		}
	}
	return ""
}

func FuzzRequestLine(f *testing.F) {
	for _, l := range strings.Split(sampleInput, "\n") {
		f.Add(l)
	}
	for _, c := range ruleCases {
		f.Add(c.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		std, errStd := readAll(t, NewParser(strings.NewReader(line+"\n"), true))
		// The same line inside a block that encoding/json parses (a
		// blank line sends the block there) and inside a clean block.
		mixed, errMixed := readAll(t, NewParser(strings.NewReader("\n"+line+"\n"), false))
		for i := range mixed {
			mixed[i].Line--
		}
		for i, e := range errMixed {
			errMixed[i] = errors.New(strings.Replace(e.Error(), "line 2:", "line 1:", 1))
		}
		if d := sameOutcome(line, std, errStd, mixed, errMixed); d != "" {
			t.Fatalf("fallback block disagrees on %q: %s", line, d)
		}
		if simdjson.SupportedCPU() {
			simd, errSIMD := readAll(t, NewParser(strings.NewReader(line+"\n"), false))
			if d := sameOutcome(line, std, errStd, simd, errSIMD); d != "" {
				t.Fatalf("parsers disagree on %q: %s", line, d)
			}
		}
	})
}
