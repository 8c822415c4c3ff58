package mate

import (
	"strconv"

	"github.com/libshogi/libshogi/libshogi/search"
)

// The mate solver's options join the engine's option table, so that USI
// (setoption MateHash), the C ABI's string-keyed options and the bindings
// list and validate them with no code of their own.
func init() {
	search.RegisterOptions(search.Option{
		Name: "MateHash", Type: search.OptionSpin, Default: strconv.Itoa(DefaultTableMB), Min: 1, Max: 1 << 20,
		Help: "mate solver table size in MB (the table never grows beyond it)",
	})
}
