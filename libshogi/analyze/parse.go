package analyze

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"unicode/utf8"

	"github.com/minio/simdjson-go"
)

// Parser reads NDJSON requests from a stream in blocks of whole lines.
type Parser struct {
	r       io.Reader
	line    int
	useSIMD bool
	pj      *simdjson.ParsedJson
	pending []parsed
	block   []byte
	carry   []byte
	lines   [][]byte
	eof     bool
}

type parsed struct {
	req Request
	err error
}

// blockSize is how much input one simdjson call sees.
const blockSize = 1 << 20

// NewParser reads requests from r. simdjson-go is used when the CPU has the
// instructions it needs (AVX2, CLMUL); forceStd selects encoding/json.
func NewParser(r io.Reader, forceStd bool) *Parser {
	return &Parser{r: r, useSIMD: !forceStd && simdjson.SupportedCPU(), block: make([]byte, 0, 2*blockSize)}
}

// UsesSIMD reports whether simdjson-go parses the input.
func (p *Parser) UsesSIMD() bool { return p.useSIMD }

// Next returns the next request, or io.EOF at the end. A bad line gives an
// error naming the line; parsing goes on with the next line.
func (p *Parser) Next() (Request, error) {
	for len(p.pending) == 0 {
		if err := p.fill(); err != nil {
			return Request{}, err
		}
	}
	x := p.pending[0]
	p.pending = p.pending[1:]
	return x.req, x.err
}

// fill reads a block of whole lines and parses it.
func (p *Parser) fill() error {
	// The block starts with the partial line left over from the last read.
	p.block = append(p.block[:0], p.carry...)
	p.carry = p.carry[:0]
	for !p.eof && len(p.block) < blockSize {
		if cap(p.block)-len(p.block) < 64*1024 {
			grown := make([]byte, len(p.block), 2*cap(p.block)+blockSize)
			copy(grown, p.block)
			p.block = grown
		}
		n, err := p.r.Read(p.block[len(p.block):cap(p.block)])
		p.block = p.block[:len(p.block)+n]
		if err == io.EOF {
			p.eof = true
		} else if err != nil {
			return err
		}
	}
	if !p.eof {
		cut := bytes.LastIndexByte(p.block, '\n') + 1
		if cut == 0 && len(p.block) > 64<<20 {
			return fmt.Errorf("line %d: longer than 64 MiB", p.line+1)
		}
		p.carry = append(p.carry, p.block[cut:]...)
		p.block = p.block[:cut]
	}
	if len(p.block) == 0 {
		if p.eof {
			return io.EOF
		}
		return nil
	}
	lines := p.lines[:0]
	for rest := p.block; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n') + 1
		if i == 0 {
			i = len(rest)
		}
		lines = append(lines, rest[:i])
		rest = rest[i:]
	}
	p.lines = lines
	firstLine := p.line + 1
	p.line += len(lines)
	if p.useSIMD && p.parseSIMD(lines, firstLine) {
		return nil
	}
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		r, err := parseLineStd(l, firstLine+i)
		p.pending = append(p.pending, parsed{r, err})
	}
	return nil
}

// parseSIMD parses a block with simdjson-go. It returns false when the block
// has a malformed or blank line: the caller then parses line by line to
// name the bad line.
func (p *Parser) parseSIMD(lines [][]byte, firstLine int) bool {
	for _, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			return false
		}
	}
	pj, err := simdjson.ParseND(p.block, p.pj)
	if err != nil {
		return false
	}
	p.pj = pj
	it := pj.Iter()
	var obj simdjson.Object
	var elem simdjson.Iter
	var out []parsed
	for n := 0; ; n++ {
		t := it.Advance()
		if t == simdjson.TypeNone {
			break
		}
		if n >= len(lines) {
			return false
		}
		lineNo := firstLine + n
		r := Request{Line: lineNo}
		if t != simdjson.TypeRoot {
			return false
		}
		_, root, err := it.Root(nil)
		if err != nil {
			return false
		}
		o, err := root.Object(&obj)
		if err != nil {
			out = append(out, parsed{r, fmt.Errorf("line %d: %v", lineNo, errNotObject)})
			continue
		}
		err = readObject(o, &elem, &r)
		if err == errInvalidUTF8 {
			return false // encoding/json's replacement rules decide
		}
		if err == nil {
			err = r.check()
		}
		out = append(out, parsed{r, err})
	}
	if len(out) != len(lines) {
		return false
	}
	p.pending = append(p.pending, out...)
	return true
}

// errInvalidUTF8 sends a block back to encoding/json, whose handling of
// invalid UTF-8 (replacement characters) is the reference.
var errInvalidUTF8 = errors.New("invalid UTF-8")

func readObject(o *simdjson.Object, elem *simdjson.Iter, r *Request) error {
	for {
		name, t, err := o.NextElementBytes(elem)
		if err != nil {
			return fmt.Errorf("line %d: %v", r.Line, err)
		}
		if t == simdjson.TypeNone {
			return nil
		}
		key := string(name)
		switch key {
		case "id":
			switch t {
			case simdjson.TypeString:
				r.ID, err = elem.String()
			case simdjson.TypeInt, simdjson.TypeUint, simdjson.TypeFloat:
				var b []byte
				b, err = elem.MarshalJSON()
				r.ID = string(b)
			default:
				err = fmt.Errorf("id must be a string or a number")
			}
		case "sfen":
			if t != simdjson.TypeString {
				err = fmt.Errorf("sfen must be a string")
			} else {
				r.SFEN, err = elem.String()
			}
		case "moves":
			var arr simdjson.Array
			if t != simdjson.TypeArray {
				err = fmt.Errorf("moves must be an array of strings")
				break
			}
			var a *simdjson.Array
			if a, err = elem.Array(&arr); err == nil {
				it := a.Iter()
				for {
					mt := it.Advance()
					if mt == simdjson.TypeNone {
						break
					}
					if mt != simdjson.TypeString {
						err = fmt.Errorf("moves must be an array of strings")
						break
					}
					s, e := it.String()
					if e != nil {
						err = e
						break
					}
					r.Moves = append(r.Moves, s)
				}
			}
		case "depth", "nodes", "movetime", "multipv":
			var v float64
			switch t {
			case simdjson.TypeInt, simdjson.TypeUint, simdjson.TypeFloat:
				v, err = elem.Float()
			default:
				err = fmt.Errorf("%s must be a number", key)
			}
			if err != nil {
				break
			}
			lo, hi := limitRange(key)
			if v != math.Trunc(v) || v < lo || v > hi {
				err = fmt.Errorf("%s must be an integer %g..%g, got %g", key, lo, hi, v)
				break
			}
			switch key {
			case "depth":
				r.Depth = int(v)
			case "nodes":
				r.Nodes = int64(v)
			case "movetime":
				r.MoveTime = int64(v)
			case "multipv":
				r.MultiPV = int(v)
			}
		default:
			err = fmt.Errorf("unknown field %q", key)
		}
		if err != nil {
			return fmt.Errorf("line %d: %v", r.Line, err)
		}
		if !utf8.ValidString(r.ID) || !utf8.ValidString(r.SFEN) || !utf8.ValidString(key) {
			return errInvalidUTF8
		}
		for _, m := range r.Moves {
			if !utf8.ValidString(m) {
				return errInvalidUTF8
			}
		}
	}
}

func limitRange(key string) (float64, float64) {
	switch key {
	case "depth":
		return 1, 127
	case "multipv":
		return 1, 600
	case "nodes":
		return 1, 1 << 50
	}
	return 1, 1 << 40
}
