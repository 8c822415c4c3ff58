package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

var (
	testBytesOnce sync.Once
	testBytes     []byte
)

// goodFile returns the test net (seed 1) in the nn.bin layout.
func goodFile(t testing.TB) []byte {
	testBytesOnce.Do(func() { testBytes = testNets(t)["test"].Bytes() })
	return testBytes
}

func TestFileLayout(t *testing.T) {
	b := goodFile(t)
	if len(b) != 64217077 || HalfKP256.Size() != 64217077 {
		t.Fatalf("size %d / %d, want 64217077", len(b), HalfKP256.Size())
	}
	if len(HalfKP256.String()) != 189 {
		t.Fatalf("arch string length %d", len(HalfKP256.String()))
	}
	h := HalfKP256
	if h.FileHash() != 0x3E5AA6EE || h.FTHash() != 0x5D69D7B8 || h.NetHash() != 0x63337156 {
		t.Fatalf("hashes %08X %08X %08X", h.FileHash(), h.FTHash(), h.NetHash())
	}
	if binary.LittleEndian.Uint32(b) != FileVersion || binary.LittleEndian.Uint32(b[8:]) != 189 {
		t.Fatal("header")
	}
}

func sameNet(t *testing.T, a, b *Net) {
	t.Helper()
	if a.Arch.String() != b.Arch.String() || !slices.Equal(a.FTBias, b.FTBias) || !slices.Equal(a.FTWeight, b.FTWeight) {
		t.Fatal("feature transformer differs")
	}
	for i := range a.Layers {
		if !slices.Equal(a.Layers[i].Bias, b.Layers[i].Bias) || !slices.Equal(a.Layers[i].Weight, b.Layers[i].Weight) {
			t.Fatalf("layer %d differs", i)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	b := goodFile(t)
	n, err := LoadBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Warnings) != 0 {
		t.Fatalf("warnings %v", n.Warnings)
	}
	sameNet(t, n, testNets(t)["test"])
	if !bytes.Equal(n.Bytes(), b) {
		t.Fatal("rewrite differs")
	}
	path := filepath.Join(t.TempDir(), "nn.bin")
	if err := n.Save(path); err != nil {
		t.Fatal(err)
	}
	n2, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sameNet(t, n2, n)
	n3, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	sameNet(t, n3, n)
}

func TestOlderArchString(t *testing.T) {
	old := HalfKP256
	old.SparseNaming = false
	if len(old.String()) != 178 {
		t.Fatalf("old arch string length %d", len(old.String()))
	}
	n := *testNets(t)["test"]
	n.ArchString = old.String()
	m, err := LoadBytes(n.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.Arch.SparseNaming || m.Arch.HalfDims != 256 {
		t.Fatalf("arch %+v", m.Arch)
	}
}

func TestHashWarnings(t *testing.T) {
	b := slices.Clone(goodFile(t))
	b[4] ^= 1
	n, err := LoadBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Warnings) != 1 || !strings.Contains(n.Warnings[0], "file hash") {
		t.Fatalf("warnings %v", n.Warnings)
	}
}

func TestLoadErrors(t *testing.T) {
	good := goodFile(t)
	put := func(off int, v uint32) []byte {
		b := slices.Clone(good[:4096])
		binary.LittleEndian.PutUint32(b[off:], v)
		return append(b, good[4096:]...)
	}
	archAt := func(s string) []byte {
		var b []byte
		b = binary.LittleEndian.AppendUint32(b, FileVersion)
		b = binary.LittleEndian.AppendUint32(b, 0)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
		return append(b, make([]byte, 1000)...)
	}
	cases := []struct {
		name string
		data []byte
		kind error
		msg  string
	}{
		{"empty", nil, ErrTruncated, "truncated"},
		{"short header", good[:6], ErrTruncated, "the file hash"},
		{"version", put(0, 0x12345678), ErrVersion, "wrong version 0x12345678"},
		{"leb128", append([]byte("COMPRESSED_LEB128"), good[:100]...), ErrVersion, "wrong version"},
		{"arch length 0", put(8, 0), ErrHeader, "architecture string length 0"},
		{"arch length huge", put(8, 1<<30), ErrHeader, "implausible architecture string length"},
		{"arch past end", good[:100], ErrTruncated, "does not fit"},
		{"unknown arch", archAt("Features=HalfKP(Friend)[125388->256x2],Network=Foo"), ErrArch, "unsupported network"},
		{"garbage arch", archAt("hello"), ErrArch, "unknown architecture string"},
		{"unknown features", archAt(strings.Replace(HalfKP256.String(), "HalfKP(Friend)[125388", "HalfKA(Friend)[125388", 1)), ErrArch, "unsupported feature set \"HalfKA(Friend)\""},
		{"feature count", archAt(strings.Replace(HalfKP256.String(), "125388", "125387", 1)), ErrArch, "has 125388 features"},
		{"inconsistent", archAt(strings.Replace(HalfKP256.String(), "AffineTransform[32<-32]", "AffineTransform[32<-16]", 1)), ErrArch, "inconsistent layer sizes"},
		{"bad half", archAt(strings.Replace(strings.ReplaceAll(HalfKP256.String(), "512", "20"), "256x2", "10x2", 1)), ErrArch, "transformer size 10"},
		{"truncated FT", good[:1000000], ErrTruncated, "truncated file: 1000000 bytes"},
		{"truncated by one", good[:len(good)-1], ErrTruncated, "needs exactly 64217077"},
		{"trailing", append(slices.Clone(good[:len(good):len(good)]), 0), ErrTrailing, "trailing bytes: 64217078 bytes"},
	}
	for _, c := range cases {
		_, err := LoadBytes(c.data)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %q, want kind %v containing %q", c.name, err, c.kind, c.msg)
		}
	}
	// Streams of unknown size: truncation and trailing bytes found while reading.
	if _, err := Read(bytes.NewReader(good[:len(good)-10])); !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "layer 3 weights") {
		t.Errorf("Read truncated: %v", err)
	}
	if _, err := Read(bytes.NewReader(append(slices.Clone(good[:len(good):len(good)]), 1, 2))); !errors.Is(err, ErrTrailing) {
		t.Errorf("Read trailing: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.bin")); err == nil || !os.IsNotExist(errors.Unwrap(err)) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Load(t.TempDir()); !errors.Is(err, ErrIO) {
		t.Errorf("directory: %v", err)
	}
	path := filepath.Join(t.TempDir(), "short.bin")
	os.WriteFile(path, good[:5000], 0o644)
	if _, err := Load(path); !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), path) {
		t.Errorf("short file: %v", err)
	}
}

func FuzzLoad(f *testing.F) {
	good := goodFile(f)
	f.Add([]byte{})
	f.Add(good[:12])
	f.Add(good[:300])
	f.Add(good[:201])
	f.Add([]byte("\x16\x2f\xf3\x7a\xee\xa6\x5a\x3e\xff\xff\xff\xff"))
	f.Add(append(slices.Clone(good[:201]), good[len(good)-100:]...))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := LoadBytes(data)
		if err == nil && n == nil {
			t.Fatal("nil net without error")
		}
		if err != nil && n != nil {
			t.Fatal("net with error")
		}
		if len(data) < 1<<16 {
			if _, err := ParseArch(string(data)); err == nil && len(data) < 50 {
				t.Fatalf("parsed a short arch string %q", data)
			}
		}
	})
}
