package nnue

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"slices"
	"sync"
	"testing"
)

var (
	kpFileOnce sync.Once
	kpFile     []byte
)

// kpTestFile is the kp_256x2-32-32 test net (894 KB) in the nn.bin layout.
func kpTestFile(tb testing.TB) []byte {
	kpFileOnce.Do(func() {
		n, err := MakeTestNetNamed("kp_256x2-32-32", "test", 1)
		if err != nil {
			panic(err)
		}
		kpFile = n.Bytes()
	})
	return kpFile
}

// withVersion returns b with another version word.
func withVersion(b []byte, v uint32) []byte {
	c := slices.Clone(b)
	binary.LittleEndian.PutUint32(c, v)
	return c
}

// sfnnHeader is the start of an SFNN file: header, FT hash, the first
// LEB128 block's magic and a few bytes.
func sfnnHeader() []byte {
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, FileVersion)
	b = binary.LittleEndian.AppendUint32(b, SFNNFileHash)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(SFNN1536.String())))
	b = append(b, SFNN1536.String()...)
	b = binary.LittleEndian.AppendUint32(b, SFNNFTHash)
	return append(b, leb128Block([]int16{1, -1, 300, -32768}, 0)...)
}

// FuzzLoadArchs: any bytes given to the loader give a net or an error,
// never a panic: classic files of other layouts (K+P) and version words,
// SFNN headers with LEB128 blocks, descriptions with fv_scale tokens.
func FuzzLoadArchs(f *testing.F) {
	kp := kpTestFile(f)
	f.Add(kp[:300])
	f.Add(withVersion(kp[:300], 0x7AF32F20))
	f.Add(withVersion(kp[:1000], 0x7AF32F17))
	f.Add(sfnnHeader())
	f.Add(append(sfnnHeader(), make([]byte, 64)...))
	desc := HalfKP256.String() + ",fv_scale=24"
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, FileVersion)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(desc)))
	f.Add(append(b, desc...))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := LoadBytes(data)
		if (err == nil) == (n == nil) {
			t.Fatalf("net %v with error %v", n != nil, err)
		}
	})
}

// FuzzLEB128: a compressed block of any bytes decodes to exactly the
// requested number of values or fails; what decodes re-encodes to a block
// that decodes to the same values.
func FuzzLEB128(f *testing.F) {
	f.Add(leb128Block([]int16{0, 1, -1, 63, 64, -65, 32767, -32768}, 0), uint16(8))
	f.Add([]byte(leb128Magic+"\x03\x00\x00\x00\x80\x80\x7e"), uint16(1))
	f.Add([]byte(leb128Magic+"\x05\x00\x00\x00\xff\xff\xff\xff\x0f"), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, n uint16) {
		v := make([]int16, n%4096)
		r := &reader{r: bufio.NewReaderSize(bytes.NewReader(data), 16)}
		r.leb128(v, "block", 0)
		if r.err != nil {
			return
		}
		b := leb128Block(v, 0)
		w := make([]int16, len(v))
		r2 := &reader{r: bufio.NewReaderSize(bytes.NewReader(b), 16)}
		r2.leb128(w, "block", 0)
		if r2.err != nil || !slices.Equal(v, w) {
			t.Fatalf("re-encoded block: %v, values differ %v", r2.err, !slices.Equal(v, w))
		}
	})
}

// FuzzParseDescription: any description parses to a valid layout whose own
// description parses back to it, or is an error.
func FuzzParseDescription(f *testing.F) {
	for _, k := range KnownArchs {
		f.Add(k.Arch.String())
	}
	f.Add(HalfKP256.String() + ";fv_scale=24")
	f.Add("FV_SCALE:300," + SFNN1536.String())
	f.Fuzz(func(t *testing.T, s string) {
		a, fv, err := ParseDescription(s)
		if err != nil {
			return
		}
		if a.Validate() != nil || fv != 0 && CheckFVScale(fv) != nil {
			t.Fatalf("%q: invalid layout %+v or fv_scale %d accepted", s, a, fv)
		}
		b, _, err := ParseDescription(a.String())
		if err != nil || b.String() != a.String() {
			t.Fatalf("%q: description %q does not parse back: %v", s, a.String(), err)
		}
	})
}
