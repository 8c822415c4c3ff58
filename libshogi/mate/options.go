package mate

// Option describes one setting of the mate solver for front ends (USI
// setoption, the C ABI's string-keyed options): a spin with its range.
type Option struct {
	Name         string
	Default, Min int
	Max          int
	Help         string
}

// Options is the mate solver's option table.
var Options = []Option{
	{Name: "MateHash", Default: DefaultTableMB, Min: 1, Max: 1 << 20, Help: "mate solver table size in MB (the table never grows beyond it)"},
}

// OptionByName returns the option called name (exact spelling) and whether it exists.
func OptionByName(name string) (Option, bool) {
	for _, o := range Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}
