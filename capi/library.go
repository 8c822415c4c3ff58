package main

// #include "capi.h"
import "C"

import (
	"errors"

	"github.com/libshogi/libshogi/asm"
)

// Static C strings, allocated once and never freed (the library is never
// unloaded).
var (
	cVersion       = C.CString(Version)
	cStatusNames   = map[C.shogi_status_t]*C.char{}
	cStatusUnknown = C.CString("SHOGI_E_UNKNOWN")
)

func init() {
	for code, name := range statusNames {
		cStatusNames[code] = C.CString(name)
	}
}

//export shogi_version
func shogi_version() *C.char { return cVersion }

// cSIMDLevel is read once: the level is fixed when the library loads.
var cSIMDLevel = C.CString(asm.Level())

//export shogi_simd_level
func shogi_simd_level() *C.char { return cSIMDLevel }

//export shogi_abi_version
func shogi_abi_version() C.uint32_t { return abiMajor<<16 | abiMinor }

//export shogi_status_name
func shogi_status_name(code C.shogi_status_t) *C.char {
	if s, ok := cStatusNames[code]; ok {
		return s
	}
	return cStatusUnknown
}

//export shogi_live_handles
func shogi_live_handles() C.uint64_t { return C.uint64_t(handles.live.Load()) }

//export shogi_selftest_panic
func shogi_selftest_panic(cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		panic(errors.New("selftest panic"))
	})
}
