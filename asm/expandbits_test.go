package asm

import (
	"math/rand"
	"testing"
)

// testExpandBits checks ExpandBits and ExpandBitsLines (random lines) at
// the current level against the definition for 0..2,100 values at every
// offset of dst in its line, every phase (the aligned one and others),
// streamed or not, and that the values around dst and in the lines left
// out are untouched.
func testExpandBits(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	buf := make([]float32, 2200+64)
	bits := make([]uint64, 36)
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
					// All lines (ExpandBits), then a random subset of
					// them, the first and the last included or not.
					nl := (phase + n + 15) / 16
					for _, all := range []bool{true, false} {
						lines := make([]uint64, 1+nl/64)
						for c := 0; c < nl; c++ {
							if all || rng.Intn(2) == 0 {
								lines[c/64] |= 1 << (c % 64)
							}
						}
						for i := range buf {
							buf[i] = 7
						}
						if all {
							ExpandBits(buf[off:off+n], bits, phase, stream)
						} else {
							ExpandBitsLines(buf[off:off+n], bits, phase, lines, stream)
						}
						for i, v := range buf {
							want := float32(7)
							if j := i - off; j >= 0 && j < n && lines[(phase+j)/16/64]>>((phase+j)/16%64)&1 == 1 {
								want = float32(bits[(phase+j)/64] >> ((phase + j) % 64) & 1)
							}
							if v != want {
								t.Fatalf("n=%d off=%d phase=%d stream=%v all=%v: value %d is %v, want %v", n, off, phase, stream, all, i-off, v, want)
							}
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
	mustPanic("lines short", func() { ExpandBitsLines(make([]float32, 65), make([]uint64, 2), 0, nil, false) })
	mustPanic("line past dst", func() { ExpandBitsLines(make([]float32, 16), make([]uint64, 1), 0, []uint64{2}, false) })
	mustPanic("word past dst", func() { ExpandBitsLines(make([]float32, 16), make([]uint64, 1), 0, []uint64{1, 1}, false) })
	ExpandBitsLines(make([]float32, 16), make([]uint64, 1), 1, []uint64{3}, false) // 17 bits: two lines
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
