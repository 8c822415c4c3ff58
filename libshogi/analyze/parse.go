package analyze

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
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
	// blockSize and maxLine are the constants below except in tests,
	// which make them small to reach their edges with small inputs.
	blockSize, maxLine int
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
	return newParserSized(r, forceStd, blockSize, maxLine)
}

func newParserSized(r io.Reader, forceStd bool, block, maxLine int) *Parser {
	return &Parser{r: r, useSIMD: !forceStd && simdjson.SupportedCPU(), block: make([]byte, 0, 2*block),
		blockSize: block, maxLine: maxLine}
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

// maxLine is the longest request line read (bytes before its line end); a
// longer line is reported as an error and skipped, and reading goes on
// after it.
const maxLine = 64 << 20

// fill reads a block of whole lines and parses it. The block is at least
// blockSize bytes unless the input ends, and always ends at a line end: a
// line longer than blockSize makes the block grow until the line is
// complete (up to maxLine).
func (p *Parser) fill() error {
	// The block starts with what is left over from the last read.
	p.block = append(p.block[:0], p.carry...)
	p.carry = p.carry[:0]
	scanned := 0 // p.block[:scanned] holds no line end
	for !p.eof {
		if len(p.block) >= p.blockSize {
			if bytes.IndexByte(p.block[scanned:], '\n') >= 0 {
				break
			}
			scanned = len(p.block)
			if len(p.block) > p.maxLine {
				return p.skipLongLine()
			}
		}
		if cap(p.block)-len(p.block) < 64*1024 {
			grown := make([]byte, len(p.block), 2*cap(p.block)+p.blockSize)
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
	tooLong := false
	for rest := p.block; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n') + 1
		if i == 0 {
			i = len(rest)
		}
		lines = append(lines, rest[:i])
		tooLong = tooLong || len(bytes.TrimSuffix(rest[:i], []byte("\n"))) > p.maxLine
		rest = rest[i:]
	}
	p.lines = lines
	firstLine := p.line + 1
	p.line += len(lines)
	if p.useSIMD && !tooLong && p.parseSIMD(lines, firstLine) {
		return nil
	}
	for i, l := range lines {
		if len(bytes.TrimSuffix(l, []byte("\n"))) > p.maxLine {
			p.pending = append(p.pending, parsed{Request{Line: firstLine + i}, p.longLineError(firstLine + i)})
			continue
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		r, err := parseLineStd(l, firstLine+i)
		p.pending = append(p.pending, parsed{r, err})
	}
	return nil
}

// skipLongLine reports the line that p.block starts (over maxLine bytes,
// no line end yet) as an error and discards input up to its end.
func (p *Parser) skipLongLine() error {
	p.line++
	p.pending = append(p.pending, parsed{Request{Line: p.line}, p.longLineError(p.line)})
	buf := p.block[:cap(p.block)]
	for {
		n, err := p.r.Read(buf)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			p.carry = append(p.carry[:0], buf[i+1:n]...)
			break
		}
		if err == io.EOF {
			p.eof = true
			break
		} else if err != nil {
			return err
		}
	}
	// Give the memory of the long line back.
	p.block = make([]byte, 0, 2*p.blockSize)
	return nil
}

func (p *Parser) longLineError(line int) error {
	return fmt.Errorf("line %d: longer than %s", line, sizeText(p.maxLine))
}

func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
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
	var seen uint8
	for {
		name, t, err := o.NextElementBytes(elem)
		if err != nil {
			return fmt.Errorf("line %d: %v", r.Line, err)
		}
		if t == simdjson.TypeNone {
			return nil
		}
		if !utf8.Valid(name) {
			return errInvalidUTF8
		}
		key := string(name)
		if err := seeField(&seen, key); err != nil {
			return fmt.Errorf("line %d: %v", r.Line, err)
		}
		err = setFieldSIMD(r, key, t, elem)
		if err == errInvalidUTF8 {
			return err
		}
		if err != nil {
			return fmt.Errorf("line %d: %v", r.Line, err)
		}
	}
}

// setFieldSIMD stores one field read by simdjson-go.
func setFieldSIMD(r *Request, key string, t simdjson.Type, elem *simdjson.Iter) error {
	var err error
	switch key {
	case "id":
		switch t {
		case simdjson.TypeString:
			r.ID, err = validString(elem)
		case simdjson.TypeInt:
			var v int64
			v, err = elem.Int()
			r.ID = strconv.FormatInt(v, 10)
		case simdjson.TypeUint:
			var v uint64
			v, err = elem.Uint()
			r.ID = strconv.FormatUint(v, 10)
		case simdjson.TypeFloat:
			var v float64
			v, err = elem.Float()
			r.ID = formatFloatID(v)
		default:
			err = fieldTypeError(key)
		}
		return err
	case "sfen":
		if t != simdjson.TypeString {
			return fieldTypeError(key)
		}
		r.SFEN, err = validString(elem)
		return err
	case "moves":
		if t != simdjson.TypeArray {
			return fieldTypeError(key)
		}
		var arr simdjson.Array
		a, err := elem.Array(&arr)
		if err != nil {
			return err
		}
		it := a.Iter()
		for {
			mt := it.Advance()
			if mt == simdjson.TypeNone {
				return nil
			}
			if mt != simdjson.TypeString {
				return fieldTypeError(key)
			}
			s, err := validString(&it)
			if err != nil {
				return err
			}
			r.Moves = append(r.Moves, s)
		}
	}
	// A limit.
	switch t {
	case simdjson.TypeInt, simdjson.TypeUint, simdjson.TypeFloat:
	default:
		return fieldTypeError(key)
	}
	v, err := elem.Float()
	if err != nil {
		return err
	}
	return setLimit(r, key, v)
}

// validString is a string value; invalid UTF-8 is errInvalidUTF8 (the
// block then goes to encoding/json, whose replacement rules decide).
func validString(it *simdjson.Iter) (string, error) {
	s, err := it.String()
	if err == nil && !utf8.ValidString(s) {
		err = errInvalidUTF8
	}
	return s, err
}
