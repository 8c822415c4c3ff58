package usi

import (
	"bytes"
	"strings"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
)

// FuzzPosition: any position command either sets a position that the GUI
// sent (its SFEN reads back) or is rejected with an ERROR line that leaves
// the session without a position (issue 13); it never panics.
func FuzzPosition(f *testing.F) {
	for _, s := range []string{
		"startpos", "startpos moves 7g7f 3c3d", "startpos moves 7g7f 3c3d 5e5d",
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f",
		"sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b", "sfen not/a/sfen b - 1", "startpos junk", "",
	} {
		f.Add(s)
	}
	// One session for all inputs (an engine per input would cost more
	// than the command): each position command replaces the state.
	var out bytes.Buffer
	u := New(&out)
	f.Fuzz(func(t *testing.T, args string) {
		if strings.ContainsAny(args, "\r\n") {
			return // one command line
		}
		out.Reset()
		u.Handle("position " + args)
		text := out.String()
		if strings.Contains(text, "internal error") {
			t.Fatalf("position %q: %s", args, text)
		}
		if u.posErr != "" {
			if !strings.HasPrefix(text, "info string ERROR: ") {
				t.Fatalf("position %q rejected without an ERROR line: %q", args, text)
			}
			return
		}
		if text != "" {
			t.Fatalf("position %q accepted with output %q", args, text)
		}
		if _, err := board.FromSFEN(u.pos.SFEN()); err != nil {
			t.Fatalf("position %q: the position set does not read back: %v", args, err)
		}
	})
}
