package analyze

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// ruleCases are lines whose answer the rules in request.go fix: want is
// the request (Line 1) or, when errWant is set, a substring of the error.
var ruleCases = []struct {
	line    string
	want    Request
	errWant string
}{
	{line: `{"sfen":"startpos","DEPTH":3}`, errWant: `unknown field "DEPTH"`},
	{line: `{"Sfen":"startpos"}`, errWant: `unknown field "Sfen"`},
	{line: `{"depth":null}`, errWant: "depth must be a number"},
	{line: `{"sfen":null}`, errWant: "sfen must be a string"},
	{line: `{"id":null}`, errWant: "id must be a string or a number"},
	{line: `{"moves":null}`, errWant: "moves must be an array of strings"},
	{line: `{"moves":["7g7f",null]}`, errWant: "moves must be an array of strings"},
	{line: `null`, errWant: "must be a JSON object"},
	{line: `"startpos"`, errWant: "must be a JSON object"},
	{line: `{"depth":2,"depth":3}`, errWant: `field "depth" given twice`},
	{line: `{"moves":["7g7f"],"moves":["3c3d"]}`, errWant: `field "moves" given twice`},
	{line: `{"dep\u0074h":2}`, want: Request{Line: 1, Depth: 2, MultiPV: 1}},
	{line: `{"moves":[],"depth":2}`, want: Request{Line: 1, Depth: 2, MultiPV: 1}},
	{line: `{"id":1.0}`, want: Request{Line: 1, ID: "1", Depth: DefaultDepth, MultiPV: 1}},
	{line: `{"id":1E2}`, want: Request{Line: 1, ID: "100", Depth: DefaultDepth, MultiPV: 1}},
	{line: `{"id":-0}`, want: Request{Line: 1, ID: "0", Depth: DefaultDepth, MultiPV: 1}},
	{line: `{"id":18446744073709551615}`, want: Request{Line: 1, ID: "18446744073709551615", Depth: DefaultDepth, MultiPV: 1}},
	{line: `{"id":100000000000000000000}`, want: Request{Line: 1, ID: "1e+20", Depth: DefaultDepth, MultiPV: 1}},
	{line: `{"nodes":5e3}`, want: Request{Line: 1, Nodes: 5000, MultiPV: 1}},
}

// TestRulesInEveryBlock gives each rule case alone, in a clean block with
// a valid neighbour, and in a block that has a blank line (which sends the
// block to encoding/json), to both parsers: the answer must not depend on
// the parser or the neighbours.
func TestRulesInEveryBlock(t *testing.T) {
	good := `{"id":"n","depth":1}`
	for _, c := range ruleCases {
		for _, ctx := range []struct {
			name, before, after string
			line                int
		}{
			{"alone", "", "", 1},
			{"clean block", good + "\n", good + "\n", 2},
			{"block with a blank line", good + "\n\n", "\n" + good + "\n", 3},
			{"block with a bad line", "{oops\n", good + "\n", 2},
		} {
			for _, std := range []bool{true, false} {
				in := ctx.before + c.line + "\n" + ctx.after
				reqs, errs := readAll(t, NewParser(strings.NewReader(in), std))
				var got *Request
				for i := range reqs {
					if reqs[i].Line == ctx.line {
						got = &reqs[i]
					}
				}
				var gotErr error
				for _, e := range errs {
					if strings.HasPrefix(e.Error(), "line "+itoa(ctx.line)+":") {
						gotErr = e
					}
				}
				if c.errWant != "" {
					if gotErr == nil || !strings.Contains(gotErr.Error(), c.errWant) || got != nil {
						t.Errorf("%s, %s, std=%v: %s gave %+v, %v; want error %q", c.line, ctx.name, std, in, got, gotErr, c.errWant)
					}
					continue
				}
				want := c.want
				want.Line = ctx.line
				if gotErr != nil || got == nil || !sameRequest(*got, want) {
					t.Errorf("%s, %s, std=%v: got %+v, %v; want %+v", c.line, ctx.name, std, got, gotErr, want)
				}
			}
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func sameRequest(a, b Request) bool {
	if len(a.Moves) == 0 && len(b.Moves) == 0 {
		a.Moves, b.Moves = nil, nil
	}
	return a.Line == b.Line && a.ID == b.ID && a.SFEN == b.SFEN && strings.Join(a.Moves, ",") == strings.Join(b.Moves, ",") &&
		a.Depth == b.Depth && a.Nodes == b.Nodes && a.MoveTime == b.MoveTime && a.MultiPV == b.MultiPV
}

// readAllWithin is readAll that fails the test instead of hanging.
func readAllWithin(t *testing.T, p *Parser, d time.Duration) ([]Request, []error) {
	t.Helper()
	type out struct {
		reqs []Request
		errs []error
	}
	ch := make(chan out, 1)
	go func() {
		r, e := readAll(t, p)
		ch <- out{r, e}
	}()
	select {
	case o := <-ch:
		return o.reqs, o.errs
	case <-time.After(d):
		t.Fatalf("parser still running after %v (hung)", d)
		return nil, nil
	}
}

// TestLineOverBlockSize: a line longer than one block (3 MiB here, the
// reader's block is 1 MiB) used to make the reader spin forever.
func TestLineOverBlockSize(t *testing.T) {
	id := strings.Repeat("x", 3<<20)
	in := `{"id":"` + id + `","depth":1}` + "\n" + `{"id":"after","depth":2}` + "\n"
	for _, std := range []bool{true, false} {
		reqs, errs := readAllWithin(t, NewParser(strings.NewReader(in), std), 60*time.Second)
		if len(errs) != 0 || len(reqs) != 2 || reqs[0].ID != id || reqs[1].ID != "after" || reqs[1].Line != 2 {
			t.Fatalf("std=%v: %d requests, errors %v", std, len(reqs), errs)
		}
	}
}

// TestLineOver64MiB: the documented limit is reached: the line is an
// error naming it, and the lines after it are still read.
func TestLineOver64MiB(t *testing.T) {
	in := io.MultiReader(strings.NewReader(`{"id":"first"}`+"\n"+`{"id":"`),
		io.LimitReader(repeatReader('y'), 65<<20),
		strings.NewReader(`"}`+"\n"+`{"id":"after"}`+"\n"))
	reqs, errs := readAllWithin(t, NewParser(in, false), 120*time.Second)
	if len(reqs) != 2 || reqs[0].ID != "first" || reqs[1].ID != "after" || reqs[1].Line != 3 {
		t.Fatalf("requests %+v", reqs)
	}
	if len(errs) != 1 || errs[0].Error() != "line 2: longer than 64 MiB" {
		t.Fatalf("errors %v", errs)
	}
}

type repeatReader byte

func (r repeatReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(r)
	}
	return len(b), nil
}

// FuzzStream reads arbitrary input with a tiny block (16 bytes) and line
// limit (64 bytes), so that lines longer than a block or over the limit
// are everyday inputs: the reader must end, report every line once, in
// order, and answer each line as the one-line parse of it does.
func FuzzStream(f *testing.F) {
	f.Add([]byte(sampleInput))
	f.Add([]byte(`{"id":"a long id that is longer than one block"}` + "\n{}\n"))
	f.Add([]byte(strings.Repeat("z", 100) + "\n{}"))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, std := range []bool{true, false} {
			p := newParserSized(bytes.NewReader(in), std, 16, 64)
			reqs, errs := readAllWithin(t, p, 10*time.Second)
			lines := bytes.SplitAfter(in, []byte("\n"))
			var wantN int
			for _, l := range lines {
				if len(bytes.TrimSpace(l)) > 0 || len(bytes.TrimSuffix(l, []byte("\n"))) > 64 {
					wantN++
				}
			}
			if len(reqs)+len(errs) != wantN {
				t.Fatalf("std=%v: %d requests + %d errors for %d lines", std, len(reqs), len(errs), wantN)
			}
			for _, r := range reqs {
				l := lines[r.Line-1]
				if len(bytes.TrimSuffix(l, []byte("\n"))) > 64 {
					t.Fatalf("std=%v: line %d (%d bytes) read as %+v", std, r.Line, len(l), r)
				}
				one, _ := parseLineStd(l, r.Line)
				if !sameRequest(one, r) {
					t.Fatalf("std=%v: line %d %q read as %+v, alone %+v", std, r.Line, l, r, one)
				}
			}
		}
	})
}
