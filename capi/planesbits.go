package main

// #include "capi.h"
import "C"

import (
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/dataset"
)

// The dlshogi planes packed one bit a value (layout planes_bits).

//export shogi_dataset_planes_bits
func shogi_dataset_planes_bits(h C.shogi_dataset_t, f1 **C.uint8_t, f2 **C.uint8_t, n *C.int64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withDataset(cerr, h, func(d *datasetStream) error {
		if f1 == nil {
			return errNull("features1")
		}
		if f2 == nil {
			return errNull("features2")
		}
		*f1, *f2 = nil, nil
		if n != nil {
			*n = 0
		}
		b := d.st.Current()
		if b == nil || b.Features1Bits == nil {
			return nil
		}
		*f1 = (*C.uint8_t)(cArray(b.Features1Bits))
		*f2 = (*C.uint8_t)(cArray(b.Features2Bits))
		if n != nil {
			*n = C.int64_t(b.N)
		}
		return nil
	})
}

//export shogi_dlshogi_features_bits
func shogi_dlshogi_features_bits(recs unsafe.Pointer, n C.size_t, format C.int32_t, f1 *C.uint8_t, f2 *C.uint8_t, labels *C.int32_t, nBad *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return planesCall(recs, n, format, unsafe.Pointer(f1), unsafe.Pointer(f2), labels, nBad, cerr,
		func(in []byte, f dataset.Format, k int, lab []int32) int {
			o1 := unsafe.Slice((*uint8)(unsafe.Pointer(f1)), k*dataset.Features1Bytes)
			o2 := unsafe.Slice((*uint8)(unsafe.Pointer(f2)), k*dataset.Features2Bytes)
			bad, _ := dataset.RecordPlanesBits(in, f, o1, o2, lab)
			return bad
		})
}
