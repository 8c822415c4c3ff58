package selfplay

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/libshogi/libshogi/libshogi/board"
)

// ParseStart reads one start position: "startpos", an SFEN (with or without
// "sfen "), either followed by "moves m1 m2 …" (a leading "position " is
// accepted), or the name of a handicap of the board package's table
// ("lance", "2-piece", 香落ち, …). The moves stay in the position's history.
func ParseStart(line string) (*board.Position, error) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "position "))
	if _, ok := board.FindHandicap(line); ok && !strings.Contains(line, " ") {
		return board.FromHandicap(line)
	}
	head, moves, _ := strings.Cut(line, " moves ")
	if strings.HasSuffix(head, " moves") {
		head = strings.TrimSuffix(head, " moves")
	}
	pos, err := board.FromSFEN(strings.TrimSpace(head))
	if err != nil {
		return nil, err
	}
	for _, u := range strings.Fields(moves) {
		m, err := pos.ParseMove(u)
		if err != nil {
			return nil, fmt.Errorf("start %q: %v", line, err)
		}
		pos.DoMove(m)
	}
	return pos, nil
}

// ReadStarts reads start positions, one a line (blank lines and lines
// starting with '#' are skipped).
func ReadStarts(r io.Reader) ([]*board.Position, error) {
	var out []*board.Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		p, err := ParseStart(t)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// ReadStartsFile reads a file of start positions.
func ReadStartsFile(path string) ([]*board.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := ReadStarts(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return p, nil
}
