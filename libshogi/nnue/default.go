package nnue

import (
	"fmt"

	"github.com/libshogi/libshogi/libshogi/nnue/defaultnet"
)

// Evaluation names that every surface (USI EvalFile, the C ABI's network
// load, the CLI's -net, the bindings) reads the same way, before any file
// name: DefaultNetName is the net embedded in the library (package
// defaultnet), BuiltinEvalName the built-in material + piece-square
// evaluation (no network at all). A file of either name is loaded as
// "./default".
const (
	DefaultNetName  = "default"
	BuiltinEvalName = "builtin"
)

// IsEvalName reports whether s is one of the reserved evaluation names.
func IsEvalName(s string) bool { return s == DefaultNetName || s == BuiltinEvalName }

// LoadDefault decompresses and reads the embedded net (a new Net each
// call; LoadOptions.Mmap does not apply to it).
func LoadDefault(o LoadOptions) (*Net, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	b, err := defaultnet.Bytes()
	if err != nil {
		return nil, err
	}
	o.Mmap = false
	n, err := LoadBytesWith(b, o)
	if err != nil {
		return nil, fmt.Errorf("%w (the default net)", err)
	}
	return n, nil
}
