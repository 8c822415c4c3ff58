package usi

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// cleanText makes text safe to send to a GUI in an info string. Policy:
// the output is valid UTF-8 without control characters, so a command's
// raw bytes are never echoed: an invalid byte and a control character
// (NUL, ESC, DEL, a line end ...) become \xNN.
func cleanText(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
