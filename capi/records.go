package main

// #include "capi.h"
import "C"

import (
	"strings"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/record"
)

//export shogi_record_parse_all
func shogi_record_parse_all(data unsafe.Pointer, size C.size_t, format C.int32_t, items *C.shogi_record_t,
	capacity C.size_t, count *C.size_t, formatRead *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if count == nil {
			return errNull("count")
		}
		b, err := bytesArg(data, size, "data")
		if err != nil {
			return err
		}
		f, err := recordFormat(format, true)
		if err != nil {
			return err
		}
		gs, got, err := record.ReadRecords(b, f)
		if err != nil {
			return recordError(err)
		}
		*count = C.size_t(len(gs))
		if formatRead != nil {
			*formatRead = formatCodes[got]
		}
		if items == nil {
			return nil
		}
		if uint64(capacity) < uint64(len(gs)) {
			return errorf(statusBufferTooSmall, "array of %d records is too small: %d needed", uint64(capacity), len(gs))
		}
		out := unsafe.Slice(items, len(gs))
		made := make([]uintptr, 0, len(gs))
		for i, g := range gs {
			var h uintptr
			if err := newHandle(unsafe.Pointer(&h), kindRecord, g); err != nil {
				for _, m := range made {
					handles.remove(m, kindRecord)
				}
				return err
			}
			made = append(made, h)
			*(*uintptr)(unsafe.Pointer(&out[i])) = h
		}
		return nil
	})
}

//export shogi_record_warnings
func shogi_record_warnings(h C.shogi_record_t, buf *C.char, size C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withRecord(cerr, h, func(g *record.Game) error {
		return writeString(strings.Join(g.Warnings, "\n"), buf, size, needed)
	})
}
