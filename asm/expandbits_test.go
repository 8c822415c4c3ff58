package asm

import (
	"math/rand"
	"testing"
)

// testExpandBits checks ExpandBits at the current level against the
// definition for 0..300 values at every offset of dst in its line, every
// phase (the aligned one and others), streamed or not, and that the values
// around dst are untouched.
func testExpandBits(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	buf := make([]float32, 400+64)
	bits := make([]uint64, 8)
	for n := 0; n <= 300; n += 1 + n/40 {
		for off := 16; off < 32; off++ {
			for _, phase := range []int{LinePhase(&buf[off]), rng.Intn(16)} {
				for _, stream := range []bool{false, true} {
					for i := range bits {
						bits[i] = rng.Uint64() & rng.Uint64()
					}
					for i := range buf {
						buf[i] = 7
					}
					ExpandBits(buf[off:off+n], bits, phase, stream)
					for i, v := range buf {
						want := float32(7)
						if j := i - off; j >= 0 && j < n {
							want = float32(bits[(phase+j)/64] >> ((phase + j) % 64) & 1)
						}
						if v != want {
							t.Fatalf("n=%d off=%d phase=%d stream=%v: value %d is %v, want %v", n, off, phase, stream, i-off, v, want)
						}
					}
				}
			}
		}
	}
}

func TestExpandBitsVsDefinition(t *testing.T) { levels(t, testExpandBits) }

// TestExpandBitsTwin: the Go twin (every level without AVX-512) against
// the definition.
func TestExpandBitsTwin(t *testing.T) {
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
	UseAVX2, UseAVX512 = false, false
	if ExpandBitsWide() {
		t.Fatal("ExpandBitsWide at the go level")
	}
	testExpandBits(t)
}

func TestExpandBitsArgs(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Fatalf("%s: no panic", name)
			}
		}()
		f()
	}
	mustPanic("bits too short", func() { ExpandBits(make([]float32, 64), make([]uint64, 1), 1, false) })
	mustPanic("phase 16", func() { ExpandBits(make([]float32, 1), make([]uint64, 1), 16, false) })
	mustPanic("phase -1", func() { ExpandBits(make([]float32, 1), make([]uint64, 1), -1, false) })
	ExpandBits(make([]float32, 49), make([]uint64, 1), 15, false) // 64 bits: fits
}

// BenchmarkExpandBits: one dlshogi position's float32 planes (9639
// values) as one bit string into a 1,024-position buffer, against
// ExpandPlanes81's per-plane stores of the same values.
func BenchmarkExpandBits(b *testing.B) {
	const row, rows = 9639, 1024
	dst := make([]float32, row*rows)
	bits := make([]uint64, (row+15+63)/64)
	planes := make([][2]uint64, 119)
	rng := rand.New(rand.NewSource(1))
	for i := range bits {
		bits[i] = rng.Uint64() & rng.Uint64()
	}
	for i := range planes {
		planes[i] = [2]uint64{rng.Uint64(), rng.Uint64()}
	}
	for _, c := range []struct {
		name string
		f    func(d []float32)
	}{
		{"planes81", func(d []float32) { ExpandPlanes81(d, planes) }},
		{"bits", func(d []float32) { ExpandBits(d, bits, LinePhase(&d[0]), false) }},
		{"bits-stream", func(d []float32) { ExpandBits(d, bits, LinePhase(&d[0]), true) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(4 * row)
			for i := 0; i < b.N; i++ {
				k := i % rows
				c.f(dst[k*row : (k+1)*row])
			}
		})
	}
}
