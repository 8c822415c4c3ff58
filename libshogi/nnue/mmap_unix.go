//go:build unix

package nnue

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

// loadMapped reads the file at path with its feature transformer weights
// left in a read-only shared mapping of the file instead of a private
// copy: processes that load the same file share one copy in the page
// cache. Compressed and SFNN transformers (which are rewritten on load)
// are read normally. The mapping lives as long as the Net.
func loadMapped(path string, o LoadOptions) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
		o.Mmap = false
		return LoadWith(path, o)
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("nnue: mapping %s: %w", path, err)
	}
	n, err := readMapped(data, o)
	if err != nil || !n.Mapped {
		unix.Munmap(data)
		if err != nil {
			return nil, fmt.Errorf("%w (file %s)", err, path)
		}
		return n, nil
	}
	runtime.AddCleanup(n, func(b []byte) { unix.Munmap(b) }, data)
	return n, nil
}

func readMapped(data []byte, o LoadOptions) (*Net, error) {
	o.mapped = data
	return read(bufio.NewReaderSize(bytes.NewReader(data), 1<<16), int64(len(data)), o)
}
