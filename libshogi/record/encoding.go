package record

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Encoding is a character encoding of a text record.
type Encoding uint8

const (
	UTF8     Encoding = iota // UTF-8 without a BOM
	UTF8BOM                  // UTF-8 with a byte-order mark
	ShiftJIS                 // Shift_JIS as Windows writes it (CP932)
)

func (e Encoding) String() string {
	return [...]string{"utf-8", "utf-8-bom", "shift_jis"}[e]
}

var bom = []byte{0xef, 0xbb, 0xbf}

// DecodeText detects the encoding of a text record and returns its text:
// a UTF-8 BOM means UTF-8; valid UTF-8 is UTF-8; anything else is read as
// CP932 (Shift_JIS). Bytes that are not CP932 become U+FFFD.
func DecodeText(data []byte) (string, Encoding) {
	if bytes.HasPrefix(data, bom) {
		return strings.ToValidUTF8(string(data[3:]), "\uFFFD"), UTF8BOM
	}
	if utf8.Valid(data) {
		return string(data), UTF8
	}
	out, err := japanese.ShiftJIS.NewDecoder().Bytes(data)
	if err != nil {
		return strings.ToValidUTF8(string(data), "\uFFFD"), ShiftJIS
	}
	return string(out), ShiftJIS
}

// EncodeText writes text in the encoding. Characters that CP932 cannot hold
// are an error for ShiftJIS.
func EncodeText(s string, e Encoding) ([]byte, error) {
	switch e {
	case ShiftJIS:
		return japanese.ShiftJIS.NewEncoder().Bytes([]byte(s))
	case UTF8BOM:
		return append(append([]byte{}, bom...), s...), nil
	}
	return []byte(s), nil
}

// splitLines splits text into lines at LF, CR LF or a lone CR.
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}
