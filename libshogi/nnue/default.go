package nnue

import (
	"fmt"
	"sync"

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

// LoadDefault reads the embedded net. Without options (LoadOptions.Mmap
// aside, which does not apply to it) it is decompressed once per process
// and every caller gets that one Net: a loaded Net is read-only, and
// engines, the C ABI and the bindings all create engines with the default
// net, which would otherwise cost a decompression and its memory each.
// With Arch or FVScale the caller gets a Net of its own.
func LoadDefault(o LoadOptions) (*Net, error) {
	if o.Arch == "" && o.FVScale == 0 {
		return sharedDefault()
	}
	return decodeDefault(o)
}

// sharedDefault is the embedded net without options, decoded at first use.
var sharedDefault = sync.OnceValues(func() (*Net, error) { return decodeDefault(LoadOptions{}) })

// decodeDefault decompresses and reads the embedded net.
func decodeDefault(o LoadOptions) (*Net, error) {
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
	n.MaterialMix = defaultnet.MaterialMix
	return n, nil
}
