package main

// #include "capi.h"
import "C"

import (
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
)

// writeString copies s and a NUL into the caller's buffer (the "strings
// out" convention of shogi.h): *needed gets len(s)+1, buf == NULL is a size
// query, a short buffer is SHOGI_E_BUFFER_TOO_SMALL with buf[0] = 0.
func writeString(s string, buf *C.char, capacity C.size_t, needed *C.size_t) error {
	n := len(s) + 1
	if needed != nil {
		*needed = C.size_t(n)
	}
	if buf == nil {
		return nil
	}
	if uint64(capacity) < uint64(n) {
		if capacity > 0 {
			*buf = 0
		}
		return errorf(statusBufferTooSmall, "buffer of %d bytes is too small: %d needed", uint64(capacity), n)
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), n)
	copy(dst, s)
	dst[n-1] = 0
	return nil
}

// writeBytes is writeString for text in a byte slice.
func writeBytes(b []byte, buf *C.char, capacity C.size_t, needed *C.size_t) error {
	return writeString(unsafe.String(unsafe.SliceData(b), len(b)), buf, capacity, needed)
}

// writeMoves copies moves into the caller's array (the "arrays out"
// convention of shogi.h): *count gets len(moves), items == NULL is a count
// query, a short array is SHOGI_E_BUFFER_TOO_SMALL and is left untouched.
func writeMoves(moves []board.Move, items *C.uint32_t, capacity C.size_t, count *C.size_t) error {
	if count == nil {
		return errNull("count")
	}
	*count = C.size_t(len(moves))
	if items == nil || len(moves) == 0 {
		return nil
	}
	if uint64(capacity) < uint64(len(moves)) {
		return errorf(statusBufferTooSmall, "array of %d items is too small: %d needed", uint64(capacity), len(moves))
	}
	copy(unsafe.Slice((*board.Move)(unsafe.Pointer(items)), len(moves)), moves)
	return nil
}

// goString reads a C string argument, rejecting NULL.
func goString(p *C.char, name string) (string, error) {
	if p == nil {
		return "", errNull(name)
	}
	return C.GoString(p), nil
}

// boolInt is a C boolean out value.
func boolInt(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}
