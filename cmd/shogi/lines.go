package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// maxInputLine is the longest input line perft and eval read (bytes before
// the line end). A longer line is reported as an error for that line and
// skipped; the lines after it are still read.
const maxInputLine = 1 << 20

// eachLine calls f with the number (1-based) and text of every line of r,
// without its line end, or with an error for a line over maxInputLine.
// It returns an I/O error of r.
func eachLine(r io.Reader, f func(lineNo int, line string, err error)) error {
	br := bufio.NewReaderSize(r, 64*1024)
	var buf []byte
	for lineNo := 1; ; lineNo++ {
		buf = buf[:0]
		long := false
		var err error
		for {
			var part []byte
			part, err = br.ReadSlice('\n')
			if !long {
				buf = append(buf, part...)
				if len(bytes.TrimRight(buf, "\r\n")) > maxInputLine {
					long, buf = true, buf[:0]
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if err != nil && err != io.EOF {
			return err
		}
		switch {
		case long:
			f(lineNo, "", fmt.Errorf("longer than %d MiB", maxInputLine>>20))
		case len(buf) > 0:
			f(lineNo, string(bytes.TrimRight(buf, "\r\n")), nil)
		}
		if err == io.EOF {
			return nil
		}
	}
}
