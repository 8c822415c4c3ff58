package search

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// OptionType is the kind of an engine option, as USI names them.
type OptionType int

const (
	OptionSpin     OptionType = iota // an integer in Min..Max
	OptionCheck                      // "true" or "false"
	OptionString                     // any text ("<empty>" is empty)
	OptionCombo                      // one of Choices
	OptionButton                     // an action; it has no value
	OptionFilename                   // a path ("<empty>" is empty)
)

var optionTypeNames = [...]string{"spin", "check", "string", "combo", "button", "filename"}

// String is the USI name of the type.
func (t OptionType) String() string {
	if t < 0 || int(t) >= len(optionTypeNames) {
		return "unknown"
	}
	return optionTypeNames[t]
}

// Option describes one engine option: the one definition that the USI
// front end (its "option" lines and setoption), the C ABI
// (shogi_engine_set_option, shogi_option_info) and the bindings read.
type Option struct {
	Name     string
	Type     OptionType
	Default  string
	Min, Max int64    // OptionSpin only
	Choices  []string // OptionCombo only
	Help     string
}

// EmptyValue is how USI spells an empty string or filename option.
const EmptyValue = "<empty>"

// The engine's own options. Threads goes to 1024: Lazy SMP has no limit of
// its own, machines with more than 256 hardware threads exist, and the C
// ABI 1.0 has documented 1..1024 from the start (narrowing it would break
// callers). USI_Hash goes to 1 TiB for the same reason (the C ABI has
// accepted 1048576 MB since 1.0); a size the machine cannot give is an
// error when it is applied, not a range question.
var engineOptions = []Option{
	{Name: "Threads", Type: OptionSpin, Default: "1", Min: 1, Max: 1024,
		Help: "search threads (Lazy SMP, sharing one transposition table)"},
	{Name: "USI_Hash", Type: OptionSpin, Default: "16", Min: 1, Max: 1 << 20,
		Help: "transposition table size in MB"},
	{Name: "USI_Ponder", Type: OptionCheck, Default: "false",
		Help: "the GUI may send go ponder (the engine needs nothing for it)"},
	{Name: "MultiPV", Type: OptionSpin, Default: "1", Min: 1, Max: 800,
		Help: "lines to search and report"},
	{Name: "EvalFile", Type: OptionString, Default: EmptyValue,
		Help: "NNUE network file (nn.bin), default (the net built into the library) or builtin (the material evaluation); empty: default"},
	{Name: "EvalDir", Type: OptionString, Default: EmptyValue,
		Help: "folder of EvalFile when it is relative (alone: EvalDir/nn.bin)"},
	{Name: "EvalArch", Type: OptionString, Default: EmptyValue,
		Help: "read EvalFile as this layout (e.g. halfkp_1024x2-8-32) when its description is wrong; empty: identify it"},
	{Name: "FV_SCALE", Type: OptionSpin, Default: "16", Min: 1, Max: 128,
		Help: "NNUE output divisor"},
	{Name: "EnteringKingRule", Type: OptionCombo, Default: "CSARule27",
		Choices: []string{"none", "CSARule24", "CSARule24H", "CSARule27", "CSARule27H", "TryRule"},
		Help:    "declaration (entering king) rule; NoEnteringKing is accepted for none"},
	{Name: "MaxMovesToDraw", Type: OptionSpin, Default: "0", Min: 0, Max: math.MaxInt32,
		Help: "the game is drawn at this move number (0: no limit)"},
	{Name: "ResignValue", Type: OptionSpin, Default: "99999", Min: 0, Max: 99999,
		Help: "resign when the score is below minus this many centipawns (0 or 99999: never)"},
	{Name: "NetworkDelay", Type: OptionSpin, Default: "120", Min: 0, Max: math.MaxInt32,
		Help: "milliseconds kept back from every clock-based time limit"},
}

var (
	optionsMu sync.RWMutex
	options   = append([]Option(nil), engineOptions...)
)

// RegisterOptions adds options to the table, in order, after the engine's
// own. Packages that own a feature register its options at init, one line
// each, e.g. in a book package:
//
//	func init() { search.RegisterOptions(search.Option{Name: "BookFile", Type: search.OptionFilename, Default: search.EmptyValue, Help: "opening book"}) }
//
// The front ends then list, validate and store them with no further code;
// the owning package reads its values from the OptionValues it is given.
// A name already in the table (compared without case), a spin whose
// default is outside Min..Max or a combo whose default is not a choice
// panics: it is a programming error found at start-up.
func RegisterOptions(opts ...Option) {
	optionsMu.Lock()
	defer optionsMu.Unlock()
	for _, o := range opts {
		for _, have := range options {
			if strings.EqualFold(have.Name, o.Name) {
				panic("search: option " + o.Name + " registered twice")
			}
		}
		if _, err := o.Check(o.Default); err != nil && o.Type != OptionButton {
			panic("search: option " + o.Name + ": default: " + err.Error())
		}
		options = append(options, o)
	}
}

// OptionTable returns the options in order (a copy).
func OptionTable() []Option {
	optionsMu.RLock()
	defer optionsMu.RUnlock()
	return append([]Option(nil), options...)
}

// LookupOption finds an option by name, without regard to case (USI option
// names are case-insensitive).
func LookupOption(name string) (Option, bool) {
	optionsMu.RLock()
	defer optionsMu.RUnlock()
	for _, o := range options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// Check validates a value for the option and returns it in its canonical
// form (a spin's decimal number, a combo's spelling from the table).
func (o Option) Check(value string) (string, error) {
	switch o.Type {
	case OptionSpin:
		x, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil {
			return "", fmt.Errorf("option %s: %q is not a number", o.Name, clip(value))
		}
		if x < o.Min || x > o.Max {
			return "", fmt.Errorf("option %s: %d out of range %d..%d", o.Name, x, o.Min, o.Max)
		}
		return strconv.FormatInt(x, 10), nil
	case OptionCheck:
		if value != "true" && value != "false" {
			return "", fmt.Errorf("option %s: %q is not true or false", o.Name, clip(value))
		}
		return value, nil
	case OptionCombo:
		for _, c := range o.Choices {
			if c == value {
				return c, nil
			}
		}
		// The other spellings board knows (e.g. NoEnteringKing).
		if o.Name == "EnteringKingRule" {
			if r, ok := board.ParseEnteringKingRule(value); ok {
				return r.String(), nil
			}
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", o.Name, clip(value), strings.Join(o.Choices, " "))
	case OptionButton:
		return "", nil
	}
	if strings.ContainsRune(value, 0) {
		return "", fmt.Errorf("option %s: the value holds a NUL byte", o.Name)
	}
	return value, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// USI is the option's "option name ..." line.
func (o Option) USI() string {
	s := "option name " + o.Name + " type " + o.Type.String()
	switch o.Type {
	case OptionButton:
		return s
	case OptionSpin:
		return s + fmt.Sprintf(" default %s min %d max %d", o.Default, o.Min, o.Max)
	case OptionCombo:
		s += " default " + o.Default
		for _, v := range o.Choices {
			s += " var " + v
		}
		return s
	}
	return s + " default " + o.Default
}

// OptionValues holds a value for every option of the table, starting from
// the defaults. Its zero value is not usable: make it with NewOptionValues.
type OptionValues struct {
	values map[string]string // by lower-case name
}

// NewOptionValues returns the table's defaults.
func NewOptionValues() *OptionValues {
	v := &OptionValues{values: map[string]string{}}
	for _, o := range OptionTable() {
		v.values[strings.ToLower(o.Name)] = o.Default
	}
	return v
}

// Set validates and stores a value. A button is checked for existence and
// stores nothing.
func (v *OptionValues) Set(name, value string) error {
	o, ok := LookupOption(name)
	if !ok {
		return fmt.Errorf("unknown option: %s", clip(name))
	}
	c, err := o.Check(value)
	if err != nil {
		return err
	}
	if o.Type != OptionButton {
		v.values[strings.ToLower(o.Name)] = c
	}
	return nil
}

// Get returns an option's value.
func (v *OptionValues) Get(name string) (string, error) {
	o, ok := LookupOption(name)
	if !ok {
		return "", fmt.Errorf("unknown option: %s", clip(name))
	}
	if s, ok := v.values[strings.ToLower(o.Name)]; ok {
		return s, nil
	}
	return o.Default, nil // registered after these values were made
}

// Int is a spin option's value (0 for an unknown name).
func (v *OptionValues) Int(name string) int {
	s, _ := v.Get(name)
	x, _ := strconv.Atoi(s)
	return x
}

// Text is a string or filename option's value, "" for "<empty>".
func (v *OptionValues) Text(name string) string {
	s, _ := v.Get(name)
	if s == EmptyValue {
		return ""
	}
	return s
}

// Clone returns an independent copy.
func (v *OptionValues) Clone() *OptionValues {
	c := &OptionValues{values: make(map[string]string, len(v.values))}
	for k, s := range v.values {
		c.values[k] = s
	}
	return c
}

// Equal reports whether both hold the same values.
func (v *OptionValues) Equal(o *OptionValues) bool {
	if v == nil || o == nil {
		return v == o
	}
	if len(v.values) != len(o.values) {
		return false
	}
	for k, s := range v.values {
		if t, ok := o.values[k]; !ok || t != s {
			return false
		}
	}
	return true
}

// EvalPath is the network file EvalFile and EvalDir name ("" for none),
// or EvalFile itself when it is an evaluation name ("default", "builtin":
// nnue.IsEvalName), which EvalDir does not change.
func (v *OptionValues) EvalPath() string {
	f, d := v.Text("EvalFile"), v.Text("EvalDir")
	switch {
	case nnue.IsEvalName(f):
		return f
	case f != "" && d != "" && !filepath.IsAbs(f):
		return filepath.Join(d, f)
	case f != "":
		return f
	case d != "":
		return filepath.Join(d, "nn.bin")
	}
	return ""
}

// EngineOptions turns the values into engine options (Eval and EvalID are
// left for the caller, which loads the network EvalPath names).
func (v *OptionValues) EngineOptions() Options {
	opts := DefaultOptions()
	opts.Threads = v.Int("Threads")
	opts.HashMB = v.Int("USI_Hash")
	opts.MultiPV = v.Int("MultiPV")
	if r, ok := board.ParseEnteringKingRule(v.Text("EnteringKingRule")); ok {
		opts.EnteringKingRule = r
	}
	opts.MaxMovesToDraw = v.Int("MaxMovesToDraw")
	opts.ResignValue = 0
	if rv := v.Int("ResignValue"); rv > 0 && rv < 99999 {
		opts.ResignValue = rv * PawnValue / 100
	}
	opts.NetworkDelay = time.Duration(v.Int("NetworkDelay")) * time.Millisecond
	return opts
}
