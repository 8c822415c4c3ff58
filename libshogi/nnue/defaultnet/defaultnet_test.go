package defaultnet

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"hash/crc32"
	"os"
	"regexp"
	"strings"
	"testing"
)

// readmeSHA256 is the checksum the provenance README documents.
func readmeSHA256(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("SHA-256 of nn\\.bin[^`]*`([0-9a-f]{64})`").FindSubmatch(b)
	if m == nil {
		t.Fatal("README.md gives no `SHA-256 of nn.bin` line")
	}
	return string(m[1])
}

// The decompressed net has the README's checksum (computed here, not taken
// from netinfo.go), the size netinfo.go says, and the file in git stays
// within the 24 MB the repository allows.
func TestEmbeddedNetChecksum(t *testing.T) {
	b, err := Bytes()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got, want := hex.EncodeToString(sum[:]), readmeSHA256(t); got != want {
		t.Errorf("nn.bin SHA-256 %s, README %s", got, want)
	}
	if got := hex.EncodeToString(sum[:]); got != SHA256 {
		t.Errorf("nn.bin SHA-256 %s, netinfo.go %s", got, SHA256)
	}
	if got := crc32.ChecksumIEEE(b); got != CRC32 {
		t.Errorf("nn.bin CRC-32 %08x, netinfo.go %08x", got, CRC32)
	}
	if len(b) != Size {
		t.Errorf("%d bytes, netinfo.go says %d", len(b), Size)
	}
	if n := len(Compressed()); n > 24_000_000 {
		t.Errorf("nn.bin.gz is %d bytes, more than 24 MB", n)
	}
	readme, _ := os.ReadFile("README.md")
	if !strings.Contains(string(readme), Arch) {
		t.Errorf("README.md does not name the layout %s", Arch)
	}
}

// A damaged stream or a different net is an error, never a silently
// different evaluation.
func TestEmbeddedNetCorruption(t *testing.T) {
	saved := compressed
	defer func() { compressed = saved }()

	compressed = saved[:len(saved)/2]
	if _, err := Bytes(); err == nil {
		t.Error("a truncated stream decompressed without error")
	}
	var other bytes.Buffer
	zw := gzip.NewWriter(&other)
	zw.Write(make([]byte, Size))
	zw.Close()
	compressed = other.Bytes()
	if _, err := Bytes(); err == nil || !strings.Contains(err.Error(), "CRC-32") {
		t.Errorf("a net of the right size but other bytes: %v, want a CRC-32 mismatch", err)
	}

	// The trailer kept but a byte of the deflate stream changed: the
	// reader's own check against the trailer fails.
	damaged := bytes.Clone(saved)
	damaged[len(damaged)/2] ^= 0x40
	compressed = damaged
	if _, err := Bytes(); err == nil {
		t.Error("a damaged stream with the right trailer decompressed without error")
	}
}
