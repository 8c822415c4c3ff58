package nnue

import (
	"errors"
	"testing"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue/defaultnet"
)

// "default" loads the embedded net through every loader entry point, and
// it evaluates exactly as the same bytes read from memory do.
func TestLoadDefaultByName(t *testing.T) {
	n, err := Load(DefaultNetName)
	if err != nil {
		t.Fatal(err)
	}
	if n.Arch.Name() != defaultnet.Arch {
		t.Errorf("default net layout %s, netinfo.go says %s", n.Arch.Name(), defaultnet.Arch)
	}
	if len(n.Warnings) != 0 {
		t.Errorf("default net warnings: %v", n.Warnings)
	}
	b, err := defaultnet.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(n.Bytes()) != string(b) {
		t.Error("the default net does not write back to its own bytes")
	}
	mm, err := LoadWith(DefaultNetName, LoadOptions{Mmap: true, FVScale: 32})
	if err != nil || mm.FVScale != 32 {
		t.Fatalf("LoadWith(default, mmap, fv 32): %v, fv %v", err, mm)
	}
	for _, sfen := range []string{board.StartSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"} {
		pos, err := board.FromSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if a, c := NewEvaluator(n).Evaluate(pos), NewEvaluator(m).Evaluate(pos); a != c {
			t.Errorf("%s: %d by name, %d from bytes", sfen, a, c)
		}
	}
}

func TestLoadBuiltinIsNoNet(t *testing.T) {
	_, err := Load(BuiltinEvalName)
	if !errors.Is(err, ErrIO) {
		t.Errorf("Load(builtin) = %v, want an ErrIO error", err)
	}
	if !IsEvalName(DefaultNetName) || !IsEvalName(BuiltinEvalName) || IsEvalName("nn.bin") {
		t.Error("IsEvalName")
	}
}

// Without options the default net is decoded once and shared; with an
// option the caller gets its own, and the shared one keeps its FV_SCALE.
func TestDefaultNetShared(t *testing.T) {
	a, err := Load(DefaultNetName)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := LoadWith(DefaultNetName, LoadOptions{Mmap: true})
	if a != b {
		t.Error("two loads of the default net without options gave two nets")
	}
	c, err := LoadWith(DefaultNetName, LoadOptions{FVScale: 24})
	if err != nil || c == a || c.FVScale != 24 || a.FVScale == 24 {
		t.Errorf("LoadWith(default, fv 24): %v, shared %v, fv %d / shared fv %d", err, c == a, c.FVScale, a.FVScale)
	}
}
