package main

// #include "capi.h"
import "C"

import "github.com/libshogi/libshogi/libshogi/nnue"

// The evaluation an engine uses, by name (ABI 1.2): "default" (the net
// built into the library), "builtin" (the material evaluation), the nn.bin
// path EvalFile/EvalDir name, or "network" for the handle given to
// shogi_engine_new. Loading by name is shogi_network_load("default").

// networkHandleName is reported for a network given to shogi_engine_new.
const networkHandleName = "network"

// evaluationName is what the engine's next search evaluates with: the
// EvalFile/EvalDir name wins over the creation handle (as searchOptions
// applies them), and nothing at all is the default net (0.17.0; the
// built-in evaluation before).
func (en *engineHandle) evaluationName() string {
	switch path := en.values.EvalPath(); {
	case path != "":
		return path
	case en.net != nil:
		return networkHandleName
	}
	return nnue.DefaultNetName
}

//export shogi_engine_evaluation
func shogi_engine_evaluation(eng C.shogi_engine_t, buf *C.char, size C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		return writeString(en.evaluationName(), buf, size, needed)
	})
}
