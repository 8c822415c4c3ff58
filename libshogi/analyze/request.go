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
)

// Request is one line of input:
//
//	{"id": "g1-42", "sfen": "...", "moves": ["7g7f"], "depth": 8, "nodes": 0, "movetime": 0, "multipv": 1}
//
// "sfen" may be "startpos" or omitted (start position). One of depth, nodes
// or movetime (milliseconds) limits the search; none given means DefaultDepth.
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

// jsonRequest is the encoding/json view of a request line.
type jsonRequest struct {
	ID       json.RawMessage `json:"id"`
	SFEN     *string         `json:"sfen"`
	Moves    []string        `json:"moves"`
	Depth    *float64        `json:"depth"`
	Nodes    *float64        `json:"nodes"`
	MoveTime *float64        `json:"movetime"`
	MultiPV  *float64        `json:"multipv"`
}

// parseLineStd parses one request line with encoding/json.
func parseLineStd(line []byte, lineNo int) (Request, error) {
	var jr jsonRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jr); err != nil {
		return Request{Line: lineNo}, fmt.Errorf("line %d: %v", lineNo, err)
	}
	if dec.More() {
		return Request{Line: lineNo}, fmt.Errorf("line %d: more than one JSON value", lineNo)
	}
	r := Request{Line: lineNo, Moves: jr.Moves}
	if jr.SFEN != nil {
		r.SFEN = *jr.SFEN
	}
	if len(jr.ID) > 0 {
		var s string
		if err := json.Unmarshal(jr.ID, &s); err == nil {
			r.ID = s
		} else {
			var f float64
			if err := json.Unmarshal(jr.ID, &f); err != nil {
				return r, fmt.Errorf("line %d: id must be a string or a number", lineNo)
			}
			r.ID = string(jr.ID)
		}
	}
	var err error
	if r.Depth, err = intField("depth", jr.Depth, 1, 127); err == nil {
		var n int
		if n, err = intField("multipv", jr.MultiPV, 1, 600); err == nil {
			r.MultiPV = n
			var v int
			if v, err = intField("nodes", jr.Nodes, 1, 1<<50); err == nil {
				r.Nodes = int64(v)
				if v, err = intField("movetime", jr.MoveTime, 1, 1<<40); err == nil {
					r.MoveTime = int64(v)
				}
			}
		}
	}
	if err != nil {
		return r, fmt.Errorf("line %d: %v", lineNo, err)
	}
	return r, r.check()
}

func intField(name string, v *float64, lo, hi float64) (int, error) {
	if v == nil {
		return 0, nil
	}
	if *v != float64(int64(*v)) || *v < lo || *v > hi {
		return 0, fmt.Errorf("%s must be an integer %g..%g, got %g", name, lo, hi, *v)
	}
	return int(*v), nil
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
