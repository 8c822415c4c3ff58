package record

import "strings"

// checkNoNUL rejects record text that holds a NUL character. Policy: a
// text record (CSA, KIF, KI2, USI) never holds NUL: a header or comment
// with one would be cut short wherever it meets a C string (the C ABI and
// the bindings read NUL-terminated text), while its length says otherwise.
// The error names the line, counted as splitLines counts.
func checkNoNUL(text string, f RecordFormat) error {
	i := strings.IndexByte(text, 0)
	if i < 0 {
		return nil
	}
	before := strings.ReplaceAll(text[:i], "\r\n", "\n")
	line := 1 + strings.Count(before, "\n") + strings.Count(before, "\r")
	return lineErr(f.String(), line, "NUL character (U+0000) in the text")
}
