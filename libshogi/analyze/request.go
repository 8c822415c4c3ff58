// Package analyze is the NDJSON bulk path: it reads analysis requests, one
// JSON object per line, and writes one JSON result per request. Requests are
// parsed with simdjson-go where the CPU supports it and with encoding/json
// otherwise; both give the same Requests.
package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Request is one line of input:
//
//	{"id": "g1-42", "sfen": "...", "moves": ["7g7f"], "depth": 8, "nodes": 0, "movetime": 0, "multipv": 1}
//
// "sfen" may be "startpos" or omitted (start position). One of depth, nodes
// or movetime (milliseconds) limits the search; none given means DefaultDepth.
// A line may be up to 64 MiB long; a longer one is answered with an error
// and the lines after it are read.
type Request struct {
	Line     int      // 1-based input line number
	ID       string   // echoed back; a number id is kept as its text
	SFEN     string   // "" means the start position
	Moves    []string // USI moves played from SFEN
	Depth    int
	Nodes    int64
	MoveTime int64 // milliseconds
	MultiPV  int
}

// DefaultDepth is the search depth of a request that names no limit.
const DefaultDepth = 6

// Both parsers follow one set of rules, so that a line gets the same
// answer whichever parser reads it (the block it sits in decides which):
//   - a line is one JSON object; any other value (the line "null" too) is
//     an error;
//   - field names are matched exactly ("DEPTH" is an unknown field), and a
//     field given twice is an error;
//   - null is not a value of any field (it is an error, not "missing");
//   - a number id is echoed in canonical form: an integer that fits 64
//     bits as its decimal digits, any other number as Go's shortest 'g'
//     formatting of its float64 value (1.0 -> "1", 1e2 -> "100");
//   - "moves": [] is the same as no moves.

// fieldError says why a field's value is not accepted.
func fieldTypeError(key string) error {
	switch key {
	case "id":
		return errors.New("id must be a string or a number")
	case "sfen":
		return errors.New("sfen must be a string")
	case "moves":
		return errors.New("moves must be an array of strings")
	}
	return fmt.Errorf("%s must be a number", key)
}

// fieldBit is the bit of a known field in a set of seen fields (0: unknown).
func fieldBit(key string) uint8 {
	switch key {
	case "id":
		return 1
	case "sfen":
		return 2
	case "moves":
		return 4
	case "depth":
		return 8
	case "nodes":
		return 16
	case "movetime":
		return 32
	case "multipv":
		return 64
	}
	return 0
}

// seeField checks that key is known and not seen before.
func seeField(seen *uint8, key string) error {
	b := fieldBit(key)
	if b == 0 {
		return fmt.Errorf("unknown field %q", key)
	}
	if *seen&b != 0 {
		return fmt.Errorf("field %q given twice", key)
	}
	*seen |= b
	return nil
}

// setLimit checks and stores a number field (depth, nodes, movetime,
// multipv).
func setLimit(r *Request, key string, v float64) error {
	lo, hi := limitRange(key)
	if v != math.Trunc(v) || v < lo || v > hi {
		return fmt.Errorf("%s must be an integer %g..%g, got %g", key, lo, hi, v)
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
	return nil
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

// canonicalNumber is the id text of a JSON number given as text (encoding/
// json) the way simdjson-go classifies it: an integer literal that fits
// int64 or uint64 keeps its digits, anything else becomes a float64.
func canonicalNumber(text string) (string, error) {
	if !strings.ContainsAny(text, ".eE") {
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			return strconv.FormatInt(v, 10), nil
		}
		if v, err := strconv.ParseUint(text, 10, 64); err == nil {
			return strconv.FormatUint(v, 10), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return "", err
	}
	return formatFloatID(f), nil
}

func formatFloatID(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// parseLineStd parses one request line with encoding/json.
func parseLineStd(line []byte, lineNo int) (Request, error) {
	fail := func(err error) (Request, error) {
		return Request{Line: lineNo}, fmt.Errorf("line %d: %v", lineNo, err)
	}
	if !json.Valid(line) {
		var v any
		err := json.Unmarshal(line, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return fail(err)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fail(errNotObject)
	}
	r := Request{Line: lineNo}
	var seen uint8
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fail(err)
		}
		if err := seeField(&seen, key); err != nil {
			return fail(err)
		}
		if err := setFieldStd(&r, key, raw); err != nil {
			return fail(err)
		}
	}
	return r, r.check()
}

// setFieldStd stores one field given as raw JSON (a valid value).
func setFieldStd(r *Request, key string, raw json.RawMessage) error {
	kind := raw[0]
	isNumber := kind == '-' || (kind >= '0' && kind <= '9')
	switch key {
	case "id":
		switch {
		case kind == '"':
			return json.Unmarshal(raw, &r.ID)
		case isNumber:
			s, err := canonicalNumber(string(raw))
			if err != nil {
				return fmt.Errorf("id: %v", err)
			}
			r.ID = s
			return nil
		}
	case "sfen":
		if kind == '"' {
			return json.Unmarshal(raw, &r.SFEN)
		}
	case "moves":
		if kind != '[' {
			break
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return err
		}
		for _, it := range items {
			if it[0] != '"' {
				return fieldTypeError(key)
			}
			var m string
			if err := json.Unmarshal(it, &m); err != nil {
				return err
			}
			r.Moves = append(r.Moves, m)
		}
		return nil
	default: // a limit
		if !isNumber {
			break
		}
		v, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return fmt.Errorf("%s: %v", key, err)
		}
		return setLimit(r, key, v)
	}
	return fieldTypeError(key)
}

// check applies the rules shared by both parsers.
func (r *Request) check() error {
	if r.MultiPV == 0 {
		r.MultiPV = 1
	}
	if r.Depth == 0 && r.Nodes == 0 && r.MoveTime == 0 {
		r.Depth = DefaultDepth
	}
	for _, m := range r.Moves {
		if m == "" {
			return fmt.Errorf("line %d: empty move in moves", r.Line)
		}
	}
	return nil
}

var errNotObject = errors.New("a request must be a JSON object")
