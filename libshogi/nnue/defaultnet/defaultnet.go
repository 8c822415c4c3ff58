// Package defaultnet holds the network libshogi ships: nn.bin.gz (the
// net's nn.bin, gzip-compressed) is embedded in the library at build time,
// so an engine has a trained evaluation without any file. README.md beside
// it says how the net was made (generations, data, commands) and gives its
// SHA-256. netinfo.go (written by scripts/ship_net.py with the file) gives
// the net's layout, size, CRC-32 and SHA-256.
//
// Package nnue loads it under the name "default" (nnue.DefaultNetName);
// this package only holds the bytes.
package defaultnet

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
)

//go:embed nn.bin.gz
var compressed []byte

// MaterialMix is the share, in percent, of the built-in material
// evaluation that the search blends into this net's value: the net's
// evaluation is narrower in material than a search needs, and 25 % of the
// material evaluation beside 75 % of the net beat the net alone by +115 ±
// 53 at equal nodes and the built-in evaluation by +301 ± 69 at 0.2 s a
// move (the net alone: +175 ± 53; README.md, "Material mix"). It belongs
// to this net; a net loaded from a file is searched on its own.
const MaterialMix = 25

// Compressed is the embedded gzip stream (read-only: do not modify it).
func Compressed() []byte { return compressed }

// Bytes decompresses the net into a new nn.bin image and checks it against
// Size and CRC32 (a mismatch means a corrupt build, reported as an error).
//
// The check costs nothing: the gzip reader verifies the data against the
// stream's trailer (CRC-32 and size), so the trailer is compared with
// netinfo.go. The SHA-256 that README.md documents is checked by the tests;
// computing it at every load cost a third of the load's time. klauspost's
// inflate is 1.7x the standard library's on this file.
func Bytes() ([]byte, error) {
	if n := len(compressed); n < 8 || binary.LittleEndian.Uint32(compressed[n-8:]) != CRC32 {
		return nil, fmt.Errorf("defaultnet: the stream's CRC-32 is not netinfo.go's %08x (a different or damaged nn.bin.gz)", CRC32)
	}
	zr, err := gzip.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return nil, fmt.Errorf("defaultnet: %w", err)
	}
	b := make([]byte, 0, Size)
	b, err = readAll(zr, b)
	if err == nil {
		err = zr.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("defaultnet: %w", err)
	}
	if len(b) != Size {
		return nil, fmt.Errorf("defaultnet: %d bytes decompressed, want %d", len(b), Size)
	}
	return b, nil
}

// readAll reads r to its end into b (which has the expected capacity, so
// the whole net is one allocation).
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow: the stream is longer than Size
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}
