package main

// #include "capi.h"
import "C"

import (
	"github.com/libshogi/libshogi/libshogi/nnue"
	"github.com/libshogi/libshogi/libshogi/search"
)

// The evaluation an engine uses, by name (ABI 1.2): "default" (the net
// built into the library), "builtin" (the material evaluation), the nn.bin
// path EvalFile/EvalDir name, or "network" for the handle given to
// shogi_engine_new. Loading by name is shogi_network_load("default").

// networkHandleName is reported for a network given to shogi_engine_new.
const networkHandleName = "network"

// evalPath is the evaluation values v name for this engine: the
// EvalFile/EvalDir name, which wins over the creation handle; "" for that
// handle; and with neither the default net (0.17.0; the built-in
// evaluation before).
func (en *engineHandle) evalPath(v *search.OptionValues) string {
	if path := v.EvalPath(); path != "" || en.net != nil {
		return path
	}
	return nnue.DefaultNetName
}

// evaluationName is what the engine's next search evaluates with, as
// searchOptions applies evalPath.
func (en *engineHandle) evaluationName() string {
	if path := en.evalPath(en.values); path != "" {
		return path
	}
	return networkHandleName
}

//export shogi_engine_evaluation
func shogi_engine_evaluation(eng C.shogi_engine_t, buf *C.char, size C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		return writeString(en.evaluationName(), buf, size, needed)
	})
}
