package book

import (
	"strconv"
	"strings"

	"github.com/libshogi/libshogi/libshogi/search"
)

// Options are the book's engine options (YaneuraOu's names). They join the
// engine's option table at init, so that USI, the C ABI's string-keyed
// options and the bindings list and validate them with no code of their own.
var Options = []search.Option{
	{Name: "BookFile", Type: search.OptionFilename, Default: search.EmptyValue,
		Help: "opening book: YaneuraOu DB2016 text (.db), YaneuraOu .ybb or Apery/dlshogi book.bin; empty for none"},
	{Name: "BookMoves", Type: search.OptionSpin, Default: "16", Min: 0, Max: 10000,
		Help: "use the book up to this move number"},
	{Name: "BookEvalDiff", Type: search.OptionSpin, Default: "30", Min: 0, Max: 99999,
		Help: "play only book moves whose eval is within this much of the best one"},
	{Name: "BookIgnoreRate", Type: search.OptionSpin, Default: "0", Min: 0, Max: 100,
		Help: "percentage of positions in which the book is ignored"},
	{Name: "ConsiderBookMoveCount", Type: search.OptionCheck, Default: "true",
		Help: "choose among the candidate moves with probability proportional to their counts (else uniformly)"},
	{Name: "BookOnTheFly", Type: search.OptionCheck, Default: "false",
		Help: "probe a text book on disk instead of loading it (the book must be sorted)"},
	{Name: "FlippedBook", Type: search.OptionCheck, Default: "true",
		Help: "also look up the position seen from the other side"},
	{Name: "BookPvMoves", Type: search.OptionSpin, Default: "8", Min: 1, Max: 246,
		Help: "length of the book line printed as the pv of a book move"},
}

func init() { search.RegisterOptions(Options...) }

// Settings are the option values a Selector works with.
type Settings struct {
	File          string
	Moves         int
	EvalDiff      int
	IgnoreRate    int
	WeightByCount bool
	OnTheFly      bool
	Flipped       bool
	PvMoves       int
}

// SettingsFrom reads the options through get (name -> value, "" or
// unknown names giving the default).
func SettingsFrom(get func(name string) string) Settings {
	val := func(name string) string {
		v := get(name)
		if v == "" {
			for _, o := range Options {
				if strings.EqualFold(o.Name, name) {
					return o.Default
				}
			}
		}
		return v
	}
	num := func(name string) int { n, _ := strconv.Atoi(val(name)); return n }
	file := val("BookFile")
	if file == "<empty>" || strings.EqualFold(file, "no_book") {
		file = ""
	}
	return Settings{
		File:          file,
		Moves:         num("BookMoves"),
		EvalDiff:      num("BookEvalDiff"),
		IgnoreRate:    num("BookIgnoreRate"),
		WeightByCount: val("ConsiderBookMoveCount") == "true",
		OnTheFly:      val("BookOnTheFly") == "true",
		Flipped:       val("FlippedBook") == "true",
		PvMoves:       num("BookPvMoves"),
	}
}
