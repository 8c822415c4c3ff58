package book

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/libshogi/libshogi/libshogi/record"
)

// TextHeader is the first line of a DB2016 text book.
const TextHeader = "#YANEURAOU-DB2016 1.00"

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// ReadText loads a DB2016 text book, sorted or not, into memory. A
// position that appears twice has its moves merged.
func ReadText(r io.Reader) (*Book, error) {
	b := New()
	err := scanText(r, func(e *Entry) error {
		if old := b.entries[e.SFEN]; old != nil {
			for _, m := range e.Moves {
				old.Add(m)
			}
			return nil
		}
		b.entries[e.SFEN] = e
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// scanText calls f for each position of a text book, in file order.
func scanText(r io.Reader, f func(*Entry) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	line := 0
	var cur *Entry
	for {
		raw, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return lineError(FormatDB2016, line+1, "line longer than 64 KiB")
		}
		if len(raw) == 0 && err != nil {
			if err != io.EOF {
				return err
			}
			break
		}
		line++
		s := trimLine(raw)
		if line == 1 {
			s = bytes.TrimPrefix(s, utf8BOM)
			if !bytes.HasPrefix(s, []byte("#YANEURAOU-DB2016")) {
				return lineError(FormatDB2016, 1, "not a YANEURAOU-DB2016 book (first line %.40q)", s)
			}
			continue
		}
		switch {
		case len(s) == 0 || s[0] == '#':
		case bytes.HasPrefix(s, []byte("sfen ")):
			if cur != nil {
				if e := f(cur); e != nil {
					return e
				}
			}
			key, ply, perr := parseSFENLine(string(s))
			if perr != "" {
				return lineError(FormatDB2016, line, "%s", perr)
			}
			cur = &Entry{SFEN: key, Ply: ply}
		default:
			if cur == nil {
				return lineError(FormatDB2016, line, "move line before any sfen line")
			}
			m, perr := parseMoveLine(s)
			if perr != "" {
				return lineError(FormatDB2016, line, "%s", perr)
			}
			if m.Move != 0 { // 0: only a comment ("// ...")
				cur.Moves = append(cur.Moves, m)
			}
		}
		if err == io.EOF {
			break
		}
	}
	if cur != nil {
		return f(cur)
	}
	return nil
}

func trimLine(s []byte) []byte {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// parseSFENLine reads "sfen <board> <side> <hand> [<ply>]" into the key
// (single spaces) and the ply (0 if absent); the message is "" when valid.
func parseSFENLine(s string) (key string, ply int, msg string) {
	f := strings.Fields(s[len("sfen "):])
	if len(f) < 3 || len(f) > 4 {
		return "", 0, "sfen line: want board, side, hand and move number"
	}
	if strings.Count(f[0], "/") != 8 {
		return "", 0, "sfen line: board does not have 9 ranks"
	}
	if f[1] != "b" && f[1] != "w" {
		return "", 0, "sfen line: side to move " + strconv.Quote(truncate(f[1], 8)) + " is not b or w"
	}
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 0 {
			return "", 0, "sfen line: bad move number " + strconv.Quote(truncate(f[3], 12))
		}
		ply = n
	}
	return f[0] + " " + f[1] + " " + f[2], ply, ""
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// parseMoveLine reads "<move> <ponder> <eval> <depth> <count> [comment]".
// Trailing columns may be missing; a token starting with '#' or "//" starts a
// comment, and so does anything after the count.
func parseMoveLine(s []byte) (Move, string) {
	var m Move
	col := 0
	for len(s) > 0 && col < 5 {
		for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
			s = s[1:]
		}
		if len(s) == 0 {
			break
		}
		end := 0
		for end < len(s) && s[end] != ' ' && s[end] != '\t' {
			end++
		}
		tok := s[:end]
		s = s[end:]
		if tok[0] == '#' || bytes.HasPrefix(tok, []byte("//")) {
			break
		}
		switch col {
		case 0, 1:
			v, err := record.YaneuraOu.ParseUSI(string(tok))
			if err != nil || (col == 0 && v == 0) {
				what := "move"
				if col == 1 {
					what = "ponder move"
				}
				return m, "bad " + what + " " + strconv.Quote(truncate(string(tok), 16))
			}
			if col == 0 {
				m.Move = v
			} else {
				m.Ponder = v
			}
		default:
			v, ok := parseInt(tok)
			if !ok {
				return m, "bad " + [...]string{2: "eval", 3: "depth", 4: "count"}[col] + " " + strconv.Quote(truncate(string(tok), 16))
			}
			switch col {
			case 2:
				if v < -1<<31 || v > 1<<31-1 {
					return m, "eval out of range"
				}
				m.Eval, m.Fields = int32(v), m.Fields|HasEval
			case 3:
				if v < -1<<31 || v > 1<<31-1 {
					return m, "depth out of range"
				}
				m.Depth, m.Fields = int32(v), m.Fields|HasDepth
			case 4:
				if v < 0 {
					return m, "negative count"
				}
				m.Count, m.Fields = uint64(v), m.Fields|HasCount
			}
		}
		col++
	}
	return m, ""
}

// parseInt reads a decimal integer without allocating.
func parseInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// WriteText writes b as a sorted DB2016 text book. Columns run up to the
// last present field of each move; an absent field before a present one
// is written as 0 (the format has no other way to skip a column).
func WriteText(w io.Writer, b *Book) error {
	return writeTextEntries(w, b.Entries())
}

func writeTextEntries(w io.Writer, entries []*Entry) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(TextHeader + "\n")
	var buf []byte
	for _, e := range entries {
		buf = appendTextEntry(buf[:0], e)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func appendTextEntry(buf []byte, e *Entry) []byte {
	ply := e.Ply
	if ply <= 0 {
		ply = 1
	}
	buf = append(buf, "sfen "...)
	buf = append(buf, e.SFEN...)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(ply), 10)
	buf = append(buf, '\n')
	for _, m := range e.Moves {
		buf = appendTextMove(buf, &m)
	}
	return buf
}

func appendTextMove(buf []byte, m *Move) []byte {
	buf = append(buf, record.YaneuraOu.USI(m.Move)...)
	last := 0
	switch {
	case m.Fields&HasCount != 0:
		last = 4
	case m.Fields&HasDepth != 0:
		last = 3
	case m.Fields&HasEval != 0:
		last = 2
	case m.Ponder != 0:
		last = 1
	}
	if last >= 1 {
		buf = append(buf, ' ')
		if m.Ponder == 0 {
			buf = append(buf, "none"...)
		} else {
			buf = append(buf, record.YaneuraOu.USI(m.Ponder)...)
		}
	}
	if last >= 2 {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(m.Eval), 10)
	}
	if last >= 3 {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(m.Depth), 10)
	}
	if last >= 4 {
		buf = append(buf, ' ')
		buf = strconv.AppendUint(buf, m.Count, 10)
	}
	return append(buf, '\n')
}
