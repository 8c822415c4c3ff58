package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
)

// withDescription replaces the description of an nn.bin.
func withDescription(b []byte, desc string) []byte {
	n := binary.LittleEndian.Uint32(b[8:])
	var out []byte
	out = append(out, b[:8]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(desc)))
	out = append(out, desc...)
	return append(out, b[12+n:]...)
}

// TestIdentify: the layout comes from the description when it agrees with
// the file size, else from the size (nodchip's branches write a fixed
// halfkp 256x2 description), else from the file hash (a stream of unknown
// size), or from the caller's override; version words and fv_scale tokens.
func TestIdentify(t *testing.T) {
	kp := kpTestFile(t)
	ref, _ := LoadBytes(kp)
	check := func(what string, n *Net, err error, warn string) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if n.Arch.Name() != "kp_256x2-32-32" || !slices.Equal(n.FTWeight, ref.FTWeight) {
			t.Fatalf("%s: read as %s", what, n.Arch.Name())
		}
		if got := strings.Join(n.Warnings, "; "); !strings.Contains(got, warn) {
			t.Fatalf("%s: warnings %q, want %q", what, got, warn)
		}
	}
	wrong := withDescription(kp, HalfKP256.String())
	n, err := LoadBytes(wrong)
	check("wrong description", n, err, "the file size is that of kp_256x2-32-32")
	n, err = LoadBytes(withDescription(kp, "garbage"))
	check("garbage description", n, err, "identified as kp_256x2-32-32 by the file size")
	n, err = Read(bytes.NewReader(withDescription(kp, "garbage")))
	check("garbage description, unknown size", n, err, "by the file hash")
	n, err = LoadBytesWith(wrong, LoadOptions{Arch: "kp_256x2-32-32"})
	check("override", n, err, "read as kp_256x2-32-32 (override)")
	if _, err := LoadBytesWith(kp, LoadOptions{Arch: "halfkp_9x2-1-1"}); err == nil {
		t.Error("invalid override accepted")
	}
	if _, err := LoadBytesWith(kp, LoadOptions{Arch: "halfkp_256x2-32-32"}); !errors.Is(err, ErrTrailing) && !errors.Is(err, ErrTruncated) {
		t.Errorf("override with the wrong size: %v", err)
	}
	// fv_scale token: the net's FV_SCALE, which evaluators start with.
	n, err = LoadBytes(withDescription(kp, KP256String()+",fv_scale=24"))
	if err != nil || n.FVScale != 24 || NewEvaluator(n).FVScale() != 24 {
		t.Fatalf("fv_scale token: %v %d", err, n.FVScale)
	}
	n, _ = LoadBytesWith(kp, LoadOptions{FVScale: 40})
	if n.FVScale != 40 || ref.FVScale != DefaultFVScale {
		t.Fatalf("FV_SCALE override %d, default %d", n.FVScale, ref.FVScale)
	}
	// an out-of-range token makes a well-formed description unsupported
	if _, err := LoadBytes(withDescription(kp, KP256String()+",fv_scale=500")); !errors.Is(err, ErrArch) {
		t.Errorf("fv_scale 500: %v", err)
	}
	// so does a feature set this package does not know, whatever the size
	if _, err := LoadBytes(withDescription(kp, strings.Replace(KP256String(), "K+P", "HalfKA(Friend)", 1))); !errors.Is(err, ErrArch) {
		t.Errorf("HalfKA description: %v", err)
	}
	// version words
	for _, v := range []uint32{0x7AF32F17, 0x7AF32F20} {
		n, err := LoadBytes(withVersion(kp, v))
		if err != nil || n.Version != v || !bytes.Equal(n.Bytes(), withVersion(kp, v)) {
			t.Fatalf("version 0x%08X: %v", v, err)
		}
	}
	if _, err := LoadBytes(withVersion(kp, 0x7AF32F18)); !errors.Is(err, ErrVersion) {
		t.Errorf("version 0x7AF32F18: %v", err)
	}
}

// KP256String is the description of kp_256x2-32-32.
func KP256String() string {
	a, _ := ArchByName("kp_256x2-32-32")
	return a.String()
}

// TestCompressedClassic: a classic net written with LEB128 blocks (as
// nnue-pytorch-style serializers do) reads back identical.
func TestCompressedClassic(t *testing.T) {
	n, _ := LoadBytes(kpTestFile(t))
	n.Compressed = true
	b := n.Bytes()
	if len(b) >= len(kpTestFile(t)) {
		t.Fatalf("compressed file of %d bytes", len(b))
	}
	m, err := LoadBytes(b)
	if err != nil || !m.Compressed || !slices.Equal(m.FTWeight, n.FTWeight) || !slices.Equal(m.FTBias, n.FTBias) || len(m.Warnings) != 0 {
		t.Fatalf("compressed classic: %v", err)
	}
}
