package evalc

import (
	"math/rand/v2"
	"testing"

	"github.com/libshogi/libshogi/asm"
	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/nnue"
)

// accumulators returns pairs of accumulators to run the kernels on: those
// of real positions (the openings, both perspectives, built by the
// portable kernel from the active features) and random int16 ones over
// the whole range.
func accumulators(t *testing.T, net *nnue.Net, cn *Net, rng *rand.Rand) [][2][]int16 {
	half := net.Arch.HalfDims
	var out [][2][]int16
	for i, sfen := range openings(t) {
		if i%7 != 0 {
			continue
		}
		pos, err := board.FromSFENWith(sfen, board.SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true})
		if err != nil {
			t.Fatal(err)
		}
		f, ok := nnue.ActiveFeatures(pos)
		if !ok {
			continue
		}
		var pair [2][]int16
		for p := range pair {
			pair[p] = make([]int16, half)
			cn.update(Portable, pair[p], net.FTBias, nil, f[p])
		}
		out = append(out, pair)
	}
	for range 20 {
		var pair [2][]int16
		for p := range pair {
			pair[p] = make([]int16, half)
			for j := range pair[p] {
				pair[p][j] = int16(rng.Uint32())
			}
		}
		out = append(out, pair)
	}
	return out
}

func features(rng *rand.Rand, dims, n int) []int32 {
	f := make([]int32, n)
	for i := range f {
		f[i] = int32(rng.IntN(dims))
	}
	return f
}

// Each kernel level gives the portable kernels' results on the same
// accumulators and feature lists (updates of 0..4 and 38 changes; the
// forward pass; the fused step of a push), and the portable forward pass
// gives nnue's (Net.Propagate, the Go kernels).
func TestKernelsAgree(t *testing.T) {
	levels := Levels()
	if asm.SupportedAVX512() && len(levels) != 3 {
		t.Fatalf("AVX-512 machine, levels %v", levels)
	}
	layouts := append(testLayouts, struct{ arch, kind string }{"halfkp_256x2-32-32", "stress"})
	for _, l := range layouts {
		net, cn := testNets(t, l.arch, l.kind)
		half, dims := net.Arch.HalfDims, net.Arch.Features.Dims
		rng := rand.New(rand.NewPCG(3, uint64(half)))
		accs := accumulators(t, net, cn, rng)
		checked := 0
		for _, acc := range accs {
			want := cn.forward(Portable, acc[0], acc[1])
			if go_ := net.Propagate(acc[0], acc[1]); want != go_ {
				t.Fatalf("%s/%s: portable forward %d, nnue %d", l.arch, l.kind, want, go_)
			}
			for _, n := range []int{0, 1, 2, 3, 4, 38} {
				rem, add := features(rng, dims, n), features(rng, dims, n)
				ref := make([]int16, half)
				cn.update(Portable, ref, acc[0], rem, add)
				for _, lv := range levels {
					got := make([]int16, half)
					cn.update(lv, got, acc[0], rem, add)
					for j := range got {
						if got[j] != ref[j] {
							t.Fatalf("%s/%s %v: update with %d changes: [%d] = %d, portable %d", l.arch, l.kind, lv, n, j, got[j], ref[j])
						}
					}
					checked++
				}
			}
			for _, lv := range levels {
				if got := cn.forward(lv, acc[0], acc[1]); got != want {
					t.Fatalf("%s/%s %v: forward %d, portable %d", l.arch, l.kind, lv, got, want)
				}
			}
			for _, n := range [][2]int{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {0, 2}} {
				remUs, addUs := features(rng, dims, n[0]), features(rng, dims, n[0])
				remThem, addThem := features(rng, dims, n[1]), features(rng, dims, n[1])
				wantUs, wantThem := make([]int16, half), make([]int16, half)
				cn.update(Portable, wantUs, acc[0], remUs, addUs)
				cn.update(Portable, wantThem, acc[1], remThem, addThem)
				wantRaw := cn.forward(Portable, wantUs, wantThem)
				for _, lv := range levels {
					us, them := make([]int16, half), make([]int16, half)
					raw := cn.updateForward(lv, us, acc[0], remUs, addUs, them, acc[1], remThem, addThem)
					if raw != wantRaw || !equal16(us, wantUs) || !equal16(them, wantThem) {
						t.Fatalf("%s/%s %v: fused step with %v changes: %d, separate kernels %d (accumulators equal: %v %v)",
							l.arch, l.kind, lv, n, raw, wantRaw, equal16(us, wantUs), equal16(them, wantThem))
					}
				}
			}
		}
		if checked < len(levels)*6*20 {
			t.Fatalf("%s: %d checks", l.arch, checked)
		}
	}
}

func equal16(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The default level follows the Go kernels' (asm.Level): LIBSHOGI_SIMD=go
// clears asm.UseAVX2, and then the portable C runs.
func TestDefaultLevelFollowsAsm(t *testing.T) {
	defer func(a, b bool) { asm.UseAVX2, asm.UseAVX512 = a, b }(asm.UseAVX2, asm.UseAVX512)
	asm.UseAVX2 = false
	if l := DefaultLevel(); l != Portable {
		t.Fatalf("Go kernels off: level %v", l)
	}
	if !asm.SupportedCPU() {
		return
	}
	asm.UseAVX2, asm.UseAVX512 = true, false
	if l := DefaultLevel(); l != AVX2 {
		t.Fatalf("AVX2 only: level %v", l)
	}
	if asm.SupportedAVX512() {
		asm.UseAVX512 = true
		if l := DefaultLevel(); l != AVX512 {
			t.Fatalf("AVX-512: level %v", l)
		}
	}
}

// Other layouts are refused (the stack runs HalfKP with 32-32 hidden
// layers only).
func TestNewNetRefusesOtherLayouts(t *testing.T) {
	for _, arch := range []string{"kp_256x2-32-32", "halfkp_256x2-16-32"} {
		a, err := nnue.ArchByName(arch)
		if err != nil {
			t.Fatal(err)
		}
		net, err := nnue.NewNet(a)
		if err != nil {
			t.Fatal(err)
		}
		if Supports(net) {
			t.Fatalf("%s: supported", arch)
		}
		if _, err := NewNet(net); err == nil {
			t.Fatalf("%s: accepted", arch)
		}
	}
}
