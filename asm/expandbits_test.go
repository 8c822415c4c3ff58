package asm

import (
	"math/rand"
	"testing"
)

// testExpandBits checks ExpandBits and ExpandBitsChanged at the current
// level against the definition for 0..2,100 values at every
// offset of dst in its line, every phase (the aligned one and others),
// streamed or not, and that the values around dst are untouched.
func testExpandBits(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	buf := make([]float32, 2200+64)
	bits := make([]uint64, 40)             // whole 512-bit blocks
	for n := 0; n <= 2100; n += 1 + n/12 { // past 64 lines (1,024 values): several bitmap words
		for off := 16; off < 32; off++ {
			for _, phase := range []int{LinePhase(&buf[off]), rng.Intn(16)} {
				for _, stream := range []bool{false, true} {
					for i := range bits {
						bits[i] = rng.Uint64() & rng.Uint64()
					}
					for i := range buf {
						buf[i] = 7
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
					testExpandChanged(t, rng, buf, off, n, bits, phase, stream)
				}
			}
		}
	}
}

// testExpandChanged: ExpandBitsChanged with random line bitmaps (garbage
// past dst's lines too) writes exactly the lines holding a one now or
// marked, leaves the others and everything around dst, and leaves the
// bitmap holding the lines with a one (cleared past them within dst's
// blocks, untouched past those).
func testExpandChanged(t *testing.T, rng *rand.Rand, buf []float32, off, n int, bits []uint64, phase int, stream bool) {
	t.Helper()
	nl := (phase + n + 15) / 16
	if n == 0 {
		nl = 0 // nothing to do: the bitmap too is left as it is
	}
	lines := make([]uint64, 6)
	for k := range lines {
		lines[k] = rng.Uint64() & rng.Uint64()
	}
	before := append([]uint64(nil), lines...)
	for i := range buf {
		buf[i] = 7
	}
	ExpandBitsChanged(buf[off:off+n], bits, phase, lines, stream)
	now := func(c int) bool { return bits[c/4]>>(16*(c%4))&0xffff != 0 }
	bit := func(w []uint64, c int) bool { return w[c/64]>>(c%64)&1 == 1 }
	for i, v := range buf {
		want := float32(7)
		if j := i - off; j >= 0 && j < n {
			if c := (phase + j) / 16; now(c) || bit(before, c) {
				want = float32(bits[(phase+j)/64] >> ((phase + j) % 64) & 1)
			}
		}
		if v != want {
			t.Fatalf("changed n=%d off=%d phase=%d stream=%v: value %d is %v, want %v", n, off, phase, stream, i-off, v, want)
		}
	}
	for c := 0; c < 64*len(lines); c++ {
		want := bit(before, c)
		if c < nl {
			want = now(c)
		} else if c < (nl+31)&^31 {
			want = false
		}
		if bit(lines, c) != want {
			t.Fatalf("changed n=%d phase=%d: line bit %d is %v after (%v before, %d lines)", n, phase, c, !want, bit(before, c), nl)
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
	mustPanic("lines short", func() { ExpandBitsChanged(make([]float32, 16), make([]uint64, 8), 0, nil, false) })
	mustPanic("bits short of a block", func() { ExpandBitsChanged(make([]float32, 16), make([]uint64, 7), 0, make([]uint64, 1), false) })
	mustPanic("two blocks", func() { ExpandBitsChanged(make([]float32, 512), make([]uint64, 8), 1, make([]uint64, 1), false) })
	ExpandBitsChanged(make([]float32, 1024), make([]uint64, 16), 0, make([]uint64, 1), false) // two blocks, 64 lines
}

// BenchmarkExpandBits: one dlshogi position's float32 planes (9639
// values) as one bit string into a 1,024-position buffer (39 MB, past the
// caches), against ExpandPlanes81's per-plane stores of the same values
// and against clearing the row (Go's memclr).
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
		{"clear", func(d []float32) { clear(d) }}, // the store floor without NT stores
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
