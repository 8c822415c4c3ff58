package asm

import "testing"

func TestCapLevel(t *testing.T) {
	defer func(a, b bool) { UseAVX2, UseAVX512 = a, b }(UseAVX2, UseAVX512)
	cases := []struct {
		env        string
		has2, has5 bool
		want       string
	}{
		{"", true, true, "avx512"},
		{"avx512", true, true, "avx512"},
		{"avx2", true, true, "avx2"},
		{"go", true, true, "go"},
		{"avx512", true, false, "avx2"}, // never raised above the CPU
		{"avx2", false, false, "go"},
		{"AVX2", true, true, "avx512"}, // unknown values are ignored
	}
	for _, c := range cases {
		UseAVX2, UseAVX512 = c.has2, c.has5
		capLevel(c.env)
		if got := Level(); got != c.want {
			t.Errorf("LIBSHOGI_SIMD=%q on avx2=%v avx512=%v: level %s, want %s", c.env, c.has2, c.has5, got, c.want)
		}
	}
}
