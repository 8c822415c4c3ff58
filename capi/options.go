package main

// #include "capi.h"
import "C"

import (
	"strings"

	"github.com/libshogi/libshogi/libshogi/search"
)

// The option table is package search's; these exports only list it and
// pass strings to an engine's values.

var optionTypes = map[search.OptionType]C.int32_t{
	search.OptionSpin:     C.SHOGI_OPTION_SPIN,
	search.OptionCheck:    C.SHOGI_OPTION_CHECK,
	search.OptionString:   C.SHOGI_OPTION_STRING,
	search.OptionCombo:    C.SHOGI_OPTION_COMBO,
	search.OptionButton:   C.SHOGI_OPTION_BUTTON,
	search.OptionFilename: C.SHOGI_OPTION_FILENAME,
}

func optionAt(index C.size_t) (search.Option, error) {
	tab := search.OptionTable()
	if uint64(index) >= uint64(len(tab)) {
		return search.Option{}, errorf(statusInvalidArgument, "option index %d: the table has %d options", uint64(index), len(tab))
	}
	return tab[index], nil
}

//export shogi_option_count
func shogi_option_count() C.size_t { return C.size_t(len(search.OptionTable())) }

//export shogi_option_info
func shogi_option_info(index C.size_t, info *C.shogi_option_info_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		if info == nil {
			return errNull("info")
		}
		o, err := optionAt(index)
		if err != nil {
			return err
		}
		*info = C.shogi_option_info_t{}
		info.option_type = optionTypes[o.Type]
		info.choice_count = C.int32_t(len(o.Choices))
		info.min = C.int64_t(o.Min)
		info.max = C.int64_t(o.Max)
		return nil
	})
}

//export shogi_option_text
func shogi_option_text(index C.size_t, field C.int32_t, buf *C.char, size C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return guard(cerr, func() error {
		o, err := optionAt(index)
		if err != nil {
			return err
		}
		var s string
		switch field {
		case C.SHOGI_OPTION_NAME:
			s = o.Name
		case C.SHOGI_OPTION_DEFAULT:
			s = o.Default
		case C.SHOGI_OPTION_HELP:
			s = o.Help
		case C.SHOGI_OPTION_CHOICES:
			s = strings.Join(o.Choices, "\n")
		default:
			return errorf(statusInvalidArgument, "field %d: not a SHOGI_OPTION_NAME..CHOICES value", int32(field))
		}
		return writeString(s, buf, size, needed)
	})
}

//export shogi_engine_set_option
func shogi_engine_set_option(eng C.shogi_engine_t, name, value *C.char, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		n, err := goString(name, "name")
		if err != nil {
			return err
		}
		v, err := goString(value, "value")
		if err != nil {
			return err
		}
		if en.busy.Load() {
			return errorf(statusState, "engine is searching")
		}
		vals := en.values.Clone()
		if err := vals.Set(n, v); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		opts, err := en.searchOptions(vals)
		if err != nil {
			return err
		}
		if err := en.e.SetOptions(opts); err != nil {
			return wrap(statusInvalidArgument, err)
		}
		en.values = vals
		return nil
	})
}

//export shogi_engine_get_option
func shogi_engine_get_option(eng C.shogi_engine_t, name *C.char, buf *C.char, size C.size_t, needed *C.size_t, cerr *C.shogi_error_t) C.shogi_status_t {
	return withEngine(cerr, eng, func(en *engineHandle) error {
		n, err := goString(name, "name")
		if err != nil {
			return err
		}
		v, err := en.values.Get(n)
		if err != nil {
			return wrap(statusInvalidArgument, err)
		}
		return writeString(v, buf, size, needed)
	})
}
