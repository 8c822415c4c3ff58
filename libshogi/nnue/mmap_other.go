//go:build !unix

package nnue

// loadMapped reads the file normally where memory mapping is not
// implemented.
func loadMapped(path string, o LoadOptions) (*Net, error) {
	o.Mmap = false
	return LoadWith(path, o)
}
