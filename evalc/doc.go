// Package evalc is the evaluation stack of evalbackend.Stack in C, for
// HalfKP nets of layout halfkp_<L1>x2-32-32 (issue 24, phase 1): the
// per-move step (check the move against a mirror of the engine's board,
// the move's feature changes, the accumulators, the forward pass) runs
// without entering Go, so that a C export calling it pays no cgo crossing.
//
// The Go side builds every table the C code executes from libshogi/nnue
// and libshogi/board (feature indices per perspective, king offsets,
// promotions, hand slots, the weights in the kernels' layouts) and turns
// the C results into the errors evalbackend gives; the C code holds its
// own memory (nothing points into Go's after a call returns) and is freed
// explicitly. Scores are bit-identical to evalbackend.Stack's. See
// docs/evalbackend.md, "A C fast path (phase 1)".
package evalc
