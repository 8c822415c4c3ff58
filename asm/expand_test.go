package asm

import (
	"math/rand"
	"testing"
)

// expandLengths: every short length (each tail size of every kernel) and
// the dlshogi plane sizes (62 and 57 planes of 81 squares).
func expandLengths() []int {
	var ns []int
	for n := 0; n <= 200; n++ {
		ns = append(ns, n)
	}
	return append(ns, 62*81, 57*81, 4096)
}

// testExpand checks ExpandBits and ExpandBitsU8 at the current level
// against the definition, bit by bit, and that nothing past dst changes.
func testExpand(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, n := range expandLengths() {
		for rep := 0; rep < 3; rep++ {
			src := make([]uint64, (n+63)/64)
			for i := range src {
				switch rep {
				case 0:
					src[i] = rng.Uint64()
				case 1:
					src[i] = rng.Uint64() & rng.Uint64() & rng.Uint64() // sparse
				case 2:
					src[i] = ^uint64(0)
				}
			}
			f := make([]float32, n+1)
			b := make([]uint8, n+1)
			for i := range f {
				f[i], b[i] = 7, 7
			}
			ExpandBits(f[:n], src)
			ExpandBitsU8(b[:n], src)
			for i := 0; i < n; i++ {
				want := src[i/64]>>(i%64)&1 == 1
				if (f[i] == 1) != want || (f[i] != 0 && f[i] != 1) || (b[i] == 1) != want || b[i] > 1 {
					t.Fatalf("n=%d rep=%d: element %d is %v / %d, bit is %v", n, rep, i, f[i], b[i], want)
				}
			}
			if f[n] != 7 || b[n] != 7 {
				t.Fatalf("n=%d: wrote past dst", n)
			}
		}
	}
}

func TestExpandBitsVsDefinition(t *testing.T) { levels(t, testExpand) }

// TestExpandBitsTwin: the Go twins (the noasm and non-x86 path) against
// the definition.
func TestExpandBitsTwin(t *testing.T) {
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
	UseAVX2, UseAVX512 = false, false
	testExpand(t)
}

func TestExpandBitsShortSource(t *testing.T) {
	for _, f := range []func(){
		func() { ExpandBits(make([]float32, 65), make([]uint64, 1)) },
		func() { ExpandBitsU8(make([]uint8, 65), make([]uint64, 1)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic for a source shorter than the destination")
				}
			}()
			f()
		}()
	}
}

// BenchmarkExpandBits: the float32 planes of one position (62*81 + 57*81
// values, 38.5 KB) from bits, at each level; one op = one position.
func BenchmarkExpandBits(b *testing.B) {
	src := make([]uint64, 80)
	rng := rand.New(rand.NewSource(1))
	for i := range src {
		src[i] = rng.Uint64()
	}
	dst := make([]float32, 119*81)
	defer func(a, w bool) { UseAVX2, UseAVX512 = a, w }(UseAVX2, UseAVX512)
	for _, lv := range []struct {
		name      string
		avx2, avx bool
	}{{"go", false, false}, {"avx2", true, false}, {"avx512", true, true}} {
		if (lv.avx2 && !SupportedCPU()) || (lv.avx && !SupportedAVX512()) {
			continue
		}
		UseAVX2, UseAVX512 = lv.avx2, lv.avx
		b.Run(lv.name, func(b *testing.B) {
			b.SetBytes(int64(4 * len(dst)))
			for i := 0; i < b.N; i++ {
				ExpandBits(dst[:62*81], src)
				ExpandBits(dst[62*81:], src)
			}
		})
	}
}
