package main

// #include "capi.h"
import "C"

import (
	"fmt"
	"runtime"
	"unicode/utf8"
	"unsafe"
)

// Status codes, mirroring the enum in shogi.h.
const (
	statusOK              = C.SHOGI_OK
	statusInvalidArgument = C.SHOGI_E_INVALID_ARGUMENT
	statusNullPointer     = C.SHOGI_E_NULL_POINTER
	statusBadHandle       = C.SHOGI_E_BAD_HANDLE
	statusBufferTooSmall  = C.SHOGI_E_BUFFER_TOO_SMALL
	statusParse           = C.SHOGI_E_PARSE
	statusIllegalMove     = C.SHOGI_E_ILLEGAL_MOVE
	statusState           = C.SHOGI_E_STATE
	statusIO              = C.SHOGI_E_IO
	statusUnsupported     = C.SHOGI_E_UNSUPPORTED
	statusInternal        = C.SHOGI_E_INTERNAL
)

// statusNames are the names shogi_status_name returns.
var statusNames = map[C.shogi_status_t]string{
	statusOK:              "SHOGI_OK",
	statusInvalidArgument: "SHOGI_E_INVALID_ARGUMENT",
	statusNullPointer:     "SHOGI_E_NULL_POINTER",
	statusBadHandle:       "SHOGI_E_BAD_HANDLE",
	statusBufferTooSmall:  "SHOGI_E_BUFFER_TOO_SMALL",
	statusParse:           "SHOGI_E_PARSE",
	statusIllegalMove:     "SHOGI_E_ILLEGAL_MOVE",
	statusState:           "SHOGI_E_STATE",
	statusIO:              "SHOGI_E_IO",
	statusUnsupported:     "SHOGI_E_UNSUPPORTED",
	statusInternal:        "SHOGI_E_INTERNAL",
}

// apiError is an error with the status code it maps to.
type apiError struct {
	code C.shogi_status_t
	msg  string
}

func (e *apiError) Error() string { return e.msg }

// errorf makes an error with a status code.
func errorf(code C.shogi_status_t, format string, args ...any) error {
	return &apiError{code, fmt.Sprintf(format, args...)}
}

// wrap gives a library error (e.g. from the board parser) a status code.
func wrap(code C.shogi_status_t, err error) error {
	if e, ok := err.(*apiError); ok {
		return e
	}
	return &apiError{code, err.Error()}
}

// errNull reports a NULL pointer argument by name.
func errNull(arg string) error {
	return errorf(statusNullPointer, "%s must not be NULL", arg)
}

// report fills the caller's error struct (if any) and returns the status.
// Errors without a status code are internal errors.
func report(cerr *C.shogi_error_t, err error) C.shogi_status_t {
	if err == nil { // the common case, without setMessage's general copy
		if cerr != nil {
			cerr.code, cerr.message[0] = C.int32_t(statusOK), 0
		}
		return statusOK
	}
	code := C.shogi_status_t(statusOK)
	msg := ""
	if err != nil {
		code = statusInternal
		if e, ok := err.(*apiError); ok {
			code = e.code
		}
		msg = err.Error()
	}
	if cerr != nil {
		cerr.code = C.int32_t(code)
		setMessage(&cerr.message, msg)
	}
	return code
}

// setMessage copies msg into a C message field, cut at a UTF-8 character
// boundary so that it always fits with its NUL.
func setMessage(dst *[C.SHOGI_ERROR_MESSAGE_SIZE]C.char, msg string) {
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst))
	if len(msg) > len(buf)-1 {
		n := len(buf) - 1
		for n > 0 && !utf8.RuneStart(msg[n]) {
			n--
		}
		msg = msg[:n]
	}
	n := copy(buf, msg)
	buf[n] = 0
}

// panicError turns a recovered panic value into an internal error that
// names the function where it happened.
func panicError(r any) error {
	where := ""
	// Skip runtime frames to find the function that panicked.
	pcs := make([]uintptr, 16)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !isRuntimeFrame(f.Function) {
			where = fmt.Sprintf(" at %s:%d", f.Function, f.Line)
			break
		}
		if !more {
			break
		}
	}
	return errorf(statusInternal, "internal error (recovered panic%s): %v", where, r)
}

func isRuntimeFrame(fn string) bool {
	return len(fn) >= 8 && fn[:8] == "runtime."
}

// guard runs the body of an exported function that uses no handle: it
// recovers a panic into SHOGI_E_INTERNAL and fills the error struct.
// Every export goes through guard or withHandle.
func guard(cerr *C.shogi_error_t, body func() error) (status C.shogi_status_t) {
	defer func() {
		if r := recover(); r != nil {
			status = report(cerr, panicError(r))
		}
	}()
	return report(cerr, body())
}
