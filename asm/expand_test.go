package asm

import (
	"math/rand"
	"testing"
)

// testExpand checks ExpandPlanes81 and ExpandPlanes81U8 at the current
// level against the definition, square by square, for 0..70 planes of
// random, sparse, full and empty bits (the bits past the squares set too,
// which must be ignored), and that nothing past 81 values a plane changes.
func testExpand(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n <= 70; n++ {
		for rep := 0; rep < 4; rep++ {
			planes := make([][2]uint64, n)
			for i := range planes {
				switch rep {
				case 0:
					planes[i] = [2]uint64{rng.Uint64(), rng.Uint64()}
				case 1:
					planes[i] = [2]uint64{rng.Uint64() & rng.Uint64() & rng.Uint64(), rng.Uint64() & rng.Uint64()}
				case 2:
					planes[i] = [2]uint64{^uint64(0), ^uint64(0)}
				case 3:
					planes[i] = [2]uint64{1 << 63, ^uint64(1<<18 - 1)}
				}
			}
			f := make([]float32, 81*n+1)
			b := make([]uint8, 81*n+1)
			for i := range f {
				f[i], b[i] = 7, 7
			}
			ExpandPlanes81(f[:81*n], planes)
			ExpandPlanes81U8(b[:81*n], planes)
			for p := 0; p < n; p++ {
				for s := 0; s < 81; s++ {
					want := planes[p][0]>>s&1 == 1
					if s >= 63 {
						want = planes[p][1]>>(s-63)&1 == 1
					}
					i := 81*p + s
					if (f[i] == 1) != want || (f[i] != 0 && f[i] != 1) || (b[i] == 1) != want || b[i] > 1 {
						t.Fatalf("n=%d rep=%d: plane %d square %d is %v / %d, bit is %v", n, rep, p, s, f[i], b[i], want)
					}
				}
			}
			if f[81*n] != 7 || b[81*n] != 7 {
				t.Fatalf("n=%d: wrote past dst", n)
			}
		}
	}
}

func TestExpandPlanesVsDefinition(t *testing.T) { levels(t, testExpand) }

// TestExpandPlanesTwin: the Go twins (the noasm and non-x86 path) against
// the definition.
func TestExpandPlanesTwin(t *testing.T) {
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
	UseAVX2, UseAVX512 = false, false
	testExpand(t)
}

func TestExpandPlanesShortDst(t *testing.T) {
	for _, f := range []func(){
		func() { ExpandPlanes81(make([]float32, 161), make([][2]uint64, 2)) },
		func() { ExpandPlanes81U8(make([]uint8, 161), make([][2]uint64, 2)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic for a destination shorter than the planes")
				}
			}()
			f()
		}()
	}
}

// BenchmarkExpandPlanes: the float32 planes of one dlshogi position (62 +
// 57 planes, 38.5 KB) at each level; one op = one position.
func BenchmarkExpandPlanes(b *testing.B) {
	planes := make([][2]uint64, 119)
	rng := rand.New(rand.NewSource(1))
	for i := range planes {
		planes[i] = [2]uint64{rng.Uint64() & rng.Uint64() & rng.Uint64(), rng.Uint64() & rng.Uint64() & rng.Uint64()}
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
				ExpandPlanes81(dst, planes)
			}
		})
	}
}
