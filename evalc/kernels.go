package evalc

// #include "evalc.h"
import "C"

import "unsafe"

// The kernels one by one, for the tests that run each level against the
// others (Go slices are passed for the call only).

// update is ec_update: dst = src - the removed columns + the added ones.
func (n *Net) update(l Level, dst, src []int16, rem, add []int32) {
	half := int(n.c.half)
	if len(dst) < half || len(src) < half {
		panic("evalc: update: accumulators shorter than the net's L1")
	}
	for _, f := range append(rem[:len(rem):len(rem)], add...) {
		if f < 0 || int(f) >= int(n.c.dims) {
			panic("evalc: update: feature index out of range")
		}
	}
	var r, a *C.int32_t
	if len(rem) > 0 {
		r = (*C.int32_t)(unsafe.Pointer(&rem[0]))
	}
	if len(add) > 0 {
		a = (*C.int32_t)(unsafe.Pointer(&add[0]))
	}
	C.ec_update(C.int32_t(l), n.c, (*C.int16_t)(unsafe.Pointer(&dst[0])), (*C.int16_t)(unsafe.Pointer(&src[0])),
		r, C.int32_t(len(rem)), a, C.int32_t(len(add)))
}

// forward is ec_forward: the raw output from the side to move's
// accumulator us and the other's them.
func (n *Net) forward(l Level, us, them []int16) int32 {
	half := int(n.c.half)
	if len(us) < half || len(them) < half {
		panic("evalc: forward: accumulators shorter than the net's L1")
	}
	return int32(C.ec_forward(C.int32_t(l), n.c, (*C.int16_t)(unsafe.Pointer(&us[0])), (*C.int16_t)(unsafe.Pointer(&them[0]))))
}

// benchPushEvaluateAt runs reps passes of PushEvaluateAt(plies[i],
// moves[i]) in one C call (an engine's loop, no Go in between) and
// returns the sum of the values, or the first error.
func (s *Stack) benchPushEvaluateAt(plies []int32, moves []uint16, reps int) (int64, error) {
	if len(plies) != len(moves) || len(moves) == 0 {
		panic("evalc: bench: plies and moves differ in length or are empty")
	}
	var sum C.int64_t
	code := C.ec_bench_push_evaluate_at(s.c, (*C.int32_t)(unsafe.Pointer(&plies[0])), (*C.uint16_t)(unsafe.Pointer(&moves[0])),
		C.int32_t(len(moves)), C.int32_t(reps), &sum)
	if code != C.EC_OK {
		return 0, s.err(code, 0, 0)
	}
	return int64(sum), nil
}

// updateForward is ec_update_forward, a push's kernel: both updates with
// n changes each (0..2) and the forward pass (at AVX-512 and L1 a
// multiple of 32 in one fused kernel).
func (n *Net) updateForward(l Level, dstUs, srcUs []int16, remUs, addUs []int32, dstThem, srcThem []int16, remThem, addThem []int32) int32 {
	half := int(n.c.half)
	if len(remUs) != len(addUs) || len(remThem) != len(addThem) || len(remUs) > 2 || len(remThem) > 2 {
		panic("evalc: updateForward: want as many removed as added features, at most 2")
	}
	for _, a := range [][]int16{dstUs, srcUs, dstThem, srcThem} {
		if len(a) < half {
			panic("evalc: updateForward: accumulators shorter than the net's L1")
		}
	}
	for _, l := range [][]int32{remUs, addUs, remThem, addThem} {
		for _, f := range l {
			if f < 0 || int(f) >= int(n.c.dims) {
				panic("evalc: updateForward: feature index out of range")
			}
		}
	}
	var buf [8]C.int32_t // the lists in C memory order: rem us, add us, rem them, add them
	for i, f := range remUs {
		buf[i], buf[2+i] = C.int32_t(f), C.int32_t(addUs[i])
	}
	for i, f := range remThem {
		buf[4+i], buf[6+i] = C.int32_t(f), C.int32_t(addThem[i])
	}
	return int32(C.ec_update_forward(C.int32_t(l), n.c, (*C.int16_t)(unsafe.Pointer(&dstUs[0])), (*C.int16_t)(unsafe.Pointer(&srcUs[0])),
		&buf[0], &buf[2], C.int32_t(len(remUs)), (*C.int16_t)(unsafe.Pointer(&dstThem[0])), (*C.int16_t)(unsafe.Pointer(&srcThem[0])),
		&buf[4], &buf[6], C.int32_t(len(remThem))))
}
