package main

// #include "capi.h"
import "C"

import (
	"errors"
	"io/fs"
	"strconv"
	"sync"
	"unsafe"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/book"
)

// bookError maps book errors: a file that cannot be read is SHOGI_E_IO, a
// malformed book SHOGI_E_PARSE.
func bookError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return wrap(statusIO, err)
	}
	return wrap(statusParse, err)
}

var bookFormats = [...]book.Format{
	C.SHOGI_BOOK_AUTO: book.FormatUnknown, C.SHOGI_BOOK_DB: book.FormatDB2016,
	C.SHOGI_BOOK_YBB: book.FormatYBB, C.SHOGI_BOOK_BIN: book.FormatAperyBin,
}

func bookFormatArg(f C.int32_t) (book.Format, error) {
	if f < 0 || int(f) >= len(bookFormats) {
		return 0, errorf(statusInvalidArgument, "unknown book format %d", int32(f))
	}
	return bookFormats[f], nil
}

// bookHandle is what a book handle holds: the open book, and its entries
// once shogi_book_entries has read them.
type bookHandle struct {
	pr   book.Prober
	path string

	once    sync.Once
	entries []C.shogi_book_entry_t
	err     error
}

func withBook(cerr *C.shogi_error_t, h C.shogi_book_t, body func(pr book.Prober) error) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindBook, func(o *object) error {
		return body(o.value.(*bookHandle).pr)
	})
}

//export shogi_book_open
func shogi_book_open(path *C.char, format C.int32_t, mode C.int32_t, out *C.shogi_book_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if out == nil {
			return errNull("out")
		}
		p, err := goString(path, "path")
		if err != nil {
			return err
		}
		f, err := bookFormatArg(format)
		if err != nil {
			return err
		}
		var m book.Mode
		switch mode {
		case C.SHOGI_BOOK_OPEN_AUTO:
			m = book.ModeAuto
		case C.SHOGI_BOOK_OPEN_MEMORY:
			m = book.ModeMemory
		case C.SHOGI_BOOK_OPEN_ON_DISK:
			m = book.ModeOnDisk
		default:
			return errorf(statusInvalidArgument, "unknown book open mode %d", int32(mode))
		}
		pr, err := book.Open(p, book.OpenOptions{Format: f, Mode: m})
		if err != nil {
			return bookError(err)
		}
		if err := newHandle(unsafe.Pointer(out), kindBook, &bookHandle{pr: pr, path: p}); err != nil {
			pr.Close()
			return err
		}
		return nil
	})
}

//export shogi_book_free
func shogi_book_free(h C.shogi_book_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if h == nil {
			return nil
		}
		o, err := handles.lookup(handleValue(unsafe.Pointer(h)), kindBook)
		if err != nil {
			return err
		}
		bh := o.value.(*bookHandle)
		if err := handles.remove(handleValue(unsafe.Pointer(h)), kindBook); err != nil {
			return err
		}
		bh.pr.Close()
		return nil
	})
}

//export shogi_book_format
func shogi_book_format(h C.shogi_book_t, format *C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withBook(cerr, h, func(pr book.Prober) error {
		if format == nil {
			return errNull("format")
		}
		*format = C.SHOGI_BOOK_AUTO
		for code, f := range bookFormats {
			if code > 0 && f == pr.Format() {
				*format = C.int32_t(code)
			}
		}
		return nil
	})
}

//export shogi_book_probe
func shogi_book_probe(h C.shogi_book_t, pos C.shogi_position_t, flipped C.int32_t, moves *C.shogi_book_move_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withBook(cerr, h, func(pr book.Prober) error {
		if count == nil {
			return errNull("count")
		}
		var p *board.Position
		if st := withPosition(nil, pos, func(q *board.Position) error { p = q.Clone(); return nil }); st != statusOK {
			return errorf(st, "bad position handle")
		}
		ms, err := book.Lookup(pr, p, flipped != 0)
		if err != nil {
			return bookError(err)
		}
		*count = C.size_t(len(ms))
		if moves == nil || len(ms) == 0 {
			return nil
		}
		if uint64(capacity) < uint64(len(ms)) {
			return errorf(statusBufferTooSmall, "array of %d items is too small: %d needed", uint64(capacity), len(ms))
		}
		dst := unsafe.Slice(moves, len(ms))
		for i, m := range ms {
			d := &dst[i]
			d.move = moveOut(p, m.Move)
			d.ponder = C.uint32_t(m.Ponder)
			if mv, err := p.MoveFromMove16(m.Move); err == nil && m.Ponder != 0 {
				p.DoMove(mv)
				d.ponder = moveOut(p, m.Ponder)
				p.UndoMove()
			}
			d.eval = C.int32_t(m.Eval)
			d.depth = C.int32_t(m.Depth)
			d.count = C.uint64_t(m.Count)
			d.fields = C.uint32_t(m.Fields)
			d.reserved = 0
		}
		return nil
	})
}

// loadEntries reads the whole book into rows (once per handle).
func (bh *bookHandle) loadEntries() ([]C.shogi_book_entry_t, error) {
	bh.once.Do(func() {
		var b *book.Book
		if m, ok := bh.pr.(interface{ Memory() *book.Book }); ok {
			b = m.Memory()
		} else if b, bh.err = book.ReadFile(bh.path, bh.pr.Format()); bh.err != nil {
			bh.err = bookError(bh.err)
			return
		}
		rows, err := book.PackedEntries(b)
		if err != nil {
			bh.err = wrap(statusUnsupported, err)
			return
		}
		for _, r := range rows {
			for _, m := range r.Entry.Moves {
				var e C.shogi_book_entry_t
				for i, x := range r.Packed {
					e.psfen[i] = C.uint8_t(x)
				}
				e.ply = C.int32_t(r.Entry.Ply)
				e.move16 = C.uint16_t(m.Move)
				e.ponder16 = C.uint16_t(m.Ponder)
				e.eval = C.int32_t(m.Eval)
				e.depth = C.int32_t(m.Depth)
				e.count = C.uint64_t(m.Count)
				e.fields = C.uint32_t(m.Fields)
				bh.entries = append(bh.entries, e)
			}
		}
	})
	return bh.entries, bh.err
}

//export shogi_book_entries
func shogi_book_entries(h C.shogi_book_t, entries *C.shogi_book_entry_t, capacity C.size_t, count *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withHandle(cerr, handleValue(unsafe.Pointer(h)), kindBook, func(o *object) error {
		if count == nil {
			return errNull("count")
		}
		rows, err := o.value.(*bookHandle).loadEntries()
		if err != nil {
			return err
		}
		*count = C.size_t(len(rows))
		if entries == nil || len(rows) == 0 {
			return nil
		}
		if uint64(capacity) < uint64(len(rows)) {
			return errorf(statusBufferTooSmall, "array of %d items is too small: %d needed", uint64(capacity), len(rows))
		}
		copy(unsafe.Slice(entries, len(rows)), rows)
		return nil
	})
}

//export shogi_book_convert
func shogi_book_convert(src *C.char, srcFormat C.int32_t, dst *C.char, dstFormat C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		s, err := goString(src, "src")
		if err != nil {
			return err
		}
		d, err := goString(dst, "dst")
		if err != nil {
			return err
		}
		sf, err := bookFormatArg(srcFormat)
		if err != nil {
			return err
		}
		df, err := bookFormatArg(dstFormat)
		if err != nil {
			return err
		}
		b, err := book.ReadFile(s, sf)
		if err != nil {
			return bookError(err)
		}
		if err := book.WriteFile(d, b, df); err != nil {
			return bookError(err)
		}
		return nil
	})
}

//export shogi_book_merge
func shogi_book_merge(srcs **C.char, n C.size_t, dst *C.char, dstFormat C.int32_t, topN C.int32_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if n == 0 {
			return errorf(statusInvalidArgument, "no books to merge")
		}
		if srcs == nil {
			return errNull("srcs")
		}
		if uint64(n) > 1<<16 {
			return errorf(statusInvalidArgument, "n %d is implausible", uint64(n))
		}
		d, err := goString(dst, "dst")
		if err != nil {
			return err
		}
		df, err := bookFormatArg(dstFormat)
		if err != nil {
			return err
		}
		out := book.New()
		for i, cs := range unsafe.Slice(srcs, int(n)) {
			s, err := goString(cs, "srcs["+strconv.Itoa(i)+"]")
			if err != nil {
				return err
			}
			b, err := book.ReadFile(s, book.FormatUnknown)
			if err != nil {
				return bookError(err)
			}
			out.Merge(b)
		}
		if topN > 0 {
			out.KeepTop(int(topN))
		}
		if err := book.WriteFile(d, out, df); err != nil {
			return bookError(err)
		}
		return nil
	})
}

//export shogi_position_book_key
func shogi_position_book_key(pos C.shogi_position_t, key *C.uint64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		if key == nil {
			return errNull("key")
		}
		*key = C.uint64_t(book.AperyKey(p))
		return nil
	})
}

//export shogi_position_book_key_after
func shogi_position_book_key_after(pos C.shogi_position_t, move C.uint32_t, key *C.uint64_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withPosition(cerr, pos, func(p *board.Position) error {
		if key == nil {
			return errNull("key")
		}
		mv, err := p.MoveFromMove16(uint16(move))
		if err != nil || move == 0 {
			if err == nil {
				err = errors.New("move 0 is no move")
			}
			return moveError(err)
		}
		*key = C.uint64_t(book.AperyKeyAfter(p, mv))
		return nil
	})
}
