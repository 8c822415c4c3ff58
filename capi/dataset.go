package main

// #include "capi.h"
import "C"

import (
	"errors"
	"io"
	"io/fs"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/dataset"
)

// datasetStream is the object behind a shogi_dataset_t: the stream and the
// C memory of its batch arrays (C callers keep pointers to them between
// calls, which Go memory may not be).
type datasetStream struct {
	st   *dataset.Stream
	cmem []unsafe.Pointer
}

func (d *datasetStream) alloc(size int) unsafe.Pointer {
	p := C.calloc(C.size_t(size), 1)
	if p == nil {
		panic("dataset: out of C memory")
	}
	d.cmem = append(d.cmem, p)
	return p
}

func (d *datasetStream) free() {
	if d.st != nil {
		d.st.Close()
	}
	for _, p := range d.cmem {
		C.free(p)
	}
	d.cmem = nil
}

func withDataset(cerr *C.shogi_error_t, h C.shogi_dataset_t, body func(d *datasetStream) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindDataset, func(o *object) error {
		return body(o.value.(*datasetStream))
	})
}

// datasetError maps a stream error: files that cannot be read are I/O
// errors, everything else a bad argument.
func datasetError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return wrap(statusIO, err)
	}
	return wrap(statusInvalidArgument, err)
}

//export shogi_dataset_open
func shogi_dataset_open(paths **C.char, nPaths C.size_t, options *C.char, out *C.shogi_dataset_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		*out = nil
		if nPaths == 0 {
			return errorf(statusInvalidArgument, "no files")
		}
		if paths == nil {
			return errNull("paths")
		}
		if uint64(nPaths) > 1<<24 {
			return errorf(statusInvalidArgument, "n_paths %d is implausible", uint64(nPaths))
		}
		files := make([]string, int(nPaths))
		for i, p := range unsafe.Slice(paths, int(nPaths)) {
			if p == nil {
				return errorf(statusNullPointer, "paths[%d] must not be NULL", i)
			}
			files[i] = C.GoString(p)
		}
		text := ""
		if options != nil {
			text = C.GoString(options)
		}
		opts, err := dataset.ParseOptions(text)
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		d := &datasetStream{}
		kept := false
		defer func() { // also when Open panics (C memory exhausted)
			if !kept {
				d.free()
			}
		}()
		opts.Allocator = d.alloc
		st, err := dataset.Open(files, opts)
		if err != nil {
			return datasetError(err)
		}
		d.st = st
		if err := newHandle(unsafe.Pointer(out), kindDataset, d); err != nil {
			return err
		}
		kept = true
		return nil
	})
}

// checkStructSize refuses a caller struct shorter than this version's
// (the caller did not set struct_size, or was built for another layout).
// A longer one is fine: this version fills its own prefix.
func checkStructSize(name string, got int64, want uintptr) error {
	if got < int64(want) {
		return errorf(statusInvalidArgument, "%s->struct_size is %d, want sizeof(shogi_dataset_%s_t) = %d", name, got, name, want)
	}
	return nil
}

// cArray is the C pointer of a batch array (NULL for an empty or absent one).
func cArray[T any](s []T) unsafe.Pointer {
	if cap(s) == 0 {
		return nil
	}
	return unsafe.Pointer(unsafe.SliceData(s))
}

//export shogi_dataset_next
func shogi_dataset_next(h C.shogi_dataset_t, out *C.shogi_dataset_batch_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withDataset(cerr, h, func(d *datasetStream) error {
		if out == nil {
			return errNull("batch")
		}
		size := int64(out.struct_size)
		if err := checkStructSize("batch", size, unsafe.Sizeof(*out)); err != nil {
			return err
		}
		*out = C.shogi_dataset_batch_t{struct_size: C.int64_t(size)}
		b, err := d.st.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return wrap(statusIO, err)
		}
		out.n = C.int64_t(b.N)
		out.max_active = C.int32_t(b.MaxActive)
		for p := 0; p < 2; p++ {
			out.padded[p] = (*C.int32_t)(cArray(b.Padded[p]))
			out.values[p] = (*C.int32_t)(cArray(b.Values[p]))
			out.offsets[p] = (*C.int32_t)(cArray(b.Offsets[p]))
			out.n_values[p] = C.int64_t(len(b.Values[p]))
		}
		out.side_to_move = (*C.uint8_t)(cArray(b.SideToMove))
		out.score = (*C.int16_t)(cArray(b.Score))
		out.result = (*C.int8_t)(cArray(b.Result))
		out.ply = (*C.int32_t)(cArray(b.Ply))
		out.move16 = (*C.uint16_t)(cArray(b.Move))
		out.features1 = (*C.float)(cArray(b.Features1))
		out.features2 = (*C.float)(cArray(b.Features2))
		out.move_label = (*C.int32_t)(cArray(b.MoveLabel))
		out.policy_offsets = (*C.int32_t)(cArray(b.PolicyOffsets))
		out.policy_label = (*C.int32_t)(cArray(b.PolicyLabel))
		out.policy_prob = (*C.float)(cArray(b.PolicyProb))
		out.n_policy = C.int64_t(len(b.PolicyLabel))
		out.features1_u8 = (*C.uint8_t)(cArray(b.Features1U8))
		out.features2_u8 = (*C.uint8_t)(cArray(b.Features2U8))
		return nil
	})
}

//export shogi_dataset_stats
func shogi_dataset_stats(h C.shogi_dataset_t, out *C.shogi_dataset_stats_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withDataset(cerr, h, func(d *datasetStream) error {
		if out == nil {
			return errNull("stats")
		}
		size := int64(out.struct_size)
		if err := checkStructSize("stats", size, unsafe.Sizeof(*out)); err != nil {
			return err
		}
		s := d.st.Stats()
		*out = C.shogi_dataset_stats_t{
			struct_size: C.int64_t(size),
			records:     C.int64_t(s.Records), bad: C.int64_t(s.Bad), positions: C.int64_t(s.Positions),
			batches: C.int64_t(s.Batches), epochs: C.int64_t(s.Epochs),
		}
		for i, r := range s.Removed {
			out.removed[i] = C.int64_t(r)
		}
		return nil
	})
}

//export shogi_dataset_last_error
func shogi_dataset_last_error(h C.shogi_dataset_t, buf *C.char, capacity C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withDataset(cerr, h, func(d *datasetStream) error {
		return writeString(d.st.Stats().LastError, buf, capacity, needed)
	})
}

//export shogi_dataset_free
func shogi_dataset_free(h C.shogi_dataset_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if h == nil {
			return nil
		}
		v := handleValue(unsafe.Pointer(h))
		o, err := handles.find(v, kindDataset)
		if err != nil {
			return err
		}
		if err := handles.remove(v, kindDataset); err != nil {
			return err
		}
		o.value.(*datasetStream).free()
		return nil
	})
}

//export shogi_dlshogi_features
func shogi_dlshogi_features(recs unsafe.Pointer, n C.size_t, format C.int32_t, f1 *C.float, f2 *C.float, labels *C.int32_t, nBad *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return planesCall(recs, n, format, unsafe.Pointer(f1), unsafe.Pointer(f2), labels, nBad, cerr,
		func(in []byte, f dataset.Format, k int, lab []int32) int {
			o1 := unsafe.Slice((*float32)(unsafe.Pointer(f1)), k*dataset.Features1Num*81)
			o2 := unsafe.Slice((*float32)(unsafe.Pointer(f2)), k*dataset.Features2Num*81)
			bad, _ := dataset.RecordPlanes(in, f, o1, o2, lab)
			return bad
		})
}

// planesCall checks the arguments shared by the dlshogi plane exports
// (format, records, the two plane buffers, optional labels and bad count)
// and runs fill over k records, storing the number of bad ones.
func planesCall(recs unsafe.Pointer, n C.size_t, format C.int32_t, f1, f2 unsafe.Pointer, labels *C.int32_t, nBad *C.size_t, cerr *C.shogi_error_t,
	fill func(in []byte, f dataset.Format, k int, lab []int32) int) C.shogi_status_t {
	return guard(cerr, func() error {
		if nBad != nil {
			*nBad = 0
		}
		var f dataset.Format
		size := 0
		switch format {
		case C.SHOGI_DATASET_FORMAT_PSV:
			f, size = dataset.FormatPSV, 40
		case C.SHOGI_DATASET_FORMAT_HCPE:
			f, size = dataset.FormatHCPE, 38
		default:
			return errorf(statusInvalidArgument, "unknown format %d (SHOGI_DATASET_FORMAT_PSV or _HCPE)", int32(format))
		}
		if n == 0 {
			return nil
		}
		in, err := recordsArg(recs, n, size, "records")
		if err != nil {
			return err
		}
		if f1 == nil {
			return errNull("features1")
		}
		if f2 == nil {
			return errNull("features2")
		}
		k := int(n)
		var lab []int32
		if labels != nil {
			lab = unsafe.Slice((*int32)(unsafe.Pointer(labels)), k)
		}
		bad := fill(in, f, k, lab)
		if nBad != nil {
			*nBad = C.size_t(bad)
		}
		return nil
	})
}
