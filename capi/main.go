// Command capi is libshogi's C ABI: built with -buildmode=c-shared it is
// libshogi.so (Linux) or shogi.dll (Windows), the library behind
// include/shogi.h.
//
// This package only marshals: it turns C arguments into Go values, calls
// the libshogi packages, and turns results and errors back into C. It
// holds no shogi logic.
//
// How to add a function (later capabilities follow the same shape):
//
//  1. Declare it in include/shogi.h, in its section, with SHOGI_API, a
//     shogi_status_t result and a trailing shogi_error_t *err.
//  2. Export it here with the same C types (C.shogi_status_t, C.uint32_t,
//     *C.char for const char * ...). capi.h makes the C compiler compare
//     both prototypes at build time.
//  3. Wrap the body in guard (no handle) or withHandle/withPosition (one
//     handle): they recover panics, poison the handle on a panic and fill
//     the error struct. Return errors made by errorf/errNull.
//  4. Strings and arrays out go through writeString / writeMoves.
//  5. A function that only reads a handle must not mutate the Go object,
//     not even temporarily: several C threads may read one handle at once.
//     Board methods that do and undo moves inside (Perft, Mate1, a search)
//     run on p.Clone().
//  6. A new kind of object gets a kind constant in handles.go and a typed
//     lookup like withPosition.
//
// tests/c/abi_symbols.sh fails when header and exports disagree.
package main

// #cgo CFLAGS: -I${SRCDIR}/../include
// #include "capi.h"
import "C"

// Version is the library version shogi_version reports.
const Version = "0.22.0"

// The ABI version this library implements; it must equal the header's
// SHOGI_ABI_VERSION_MAJOR / _MINOR (tests/c checks both).
const (
	abiMajor = 1
	abiMinor = 5
)

func main() {}
