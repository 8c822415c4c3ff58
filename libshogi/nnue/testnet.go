package nnue

import (
	"fmt"
	"math"

	"github.com/libshogi/libshogi/internal/batch"
)

// splitmix64 returns the k-th draw (k = 0, 1, ...) of the counter-based
// SplitMix64 stream of tools/make_test_net.py.
func splitmix64(seed, k uint64) uint64 {
	z := seed + (k+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

type drawer struct {
	seed, k uint64
	zero    bool
}

func (d *drawer) next(lo, hi int64) int64 {
	k := d.k
	d.k++
	if d.zero {
		return 0
	}
	return lo + int64(splitmix64(d.seed, k)%uint64(hi-lo+1))
}

// testRanges are the (lo, hi) ranges of make_test_net.py for
// halfkp_256x2-32-32, in file order: FT bias, FT weight, L1 bias, L1
// weight, L2 bias, L2 weight, out bias, out weight. Other layouts scale the
// test weights (testWeightRanges).
var testRanges = map[string][8][2]int64{
	"test":   {{0, 64}, {-16, 16}, {-2000, 2000}, {-8, 8}, {-2000, 2000}, {-16, 16}, {-500, 500}, {-32, 32}},
	"stress": {{-3000, 3000}, {-3000, 3000}, {-100000, 100000}, {-128, 127}, {-100000, 100000}, {-128, 127}, {-100000, 100000}, {-128, 127}},
	"zero":   {},
}

// testWeightRanges are make_test_net.py's 'test' weight bounds r (weights
// -r..r) of the first, second and output affine layer per layout; layouts
// not listed use its formula.
var testWeightRanges = map[string][3]int64{
	"halfkp_256x2-32-32":    {8, 16, 32},
	"halfkp_512x2-16-32":    {6, 23, 32},
	"halfkp_768x2-16-64":    {5, 23, 23},
	"halfkp_1024x2-8-32":    {4, 32, 32},
	"halfkp_1024x2-8-64":    {4, 32, 23},
	"kp_256x2-32-32":        {8, 16, 32},
	"halfkpe9_256x2-32-32":  {8, 16, 32},
	"halfkpvm_256x2-32-32":  {8, 16, 32},
	"halfkahm2_1024x2-8-96": {4, 32, 18},
	"sfnn1536":              {8, 24, 32},
}

// weightRanges returns the 'test' weight bounds of a layout: the table,
// else make_test_net.py's formula (Python's round, half to even).
func weightRanges(a Arch) [3]int64 {
	if r, ok := testWeightRanges[a.Name()]; ok {
		return r
	}
	if a.Kind == SFNN {
		return [3]int64{8, 24, 32}
	}
	f := func(c, x float64) int64 { return max(1, int64(math.RoundToEven(c*math.Sqrt(x)))) }
	return [3]int64{f(8, 512/float64(2*a.HalfDims)), f(16, 32/float64(a.Hidden[0])), f(32, 32/float64(a.Hidden[1]))}
}

// MakeTestNet builds the deterministic halfkp_256x2-32-32 test network of
// tools/make_test_net.py: kind is "test" (realistic magnitudes),
// "stress" (int16 accumulators wrap, int8 extremes) or "zero" (all zero).
// The golden evaluations use test seed 1 and stress seed 7.
func MakeTestNet(kind string, seed uint64) (*Net, error) {
	return MakeTestNetArch(HalfKP256, kind, seed)
}

// MakeTestNetNamed is MakeTestNetArch for a layout given by name
// (ArchByName), the way make_test_net.py --arch takes it.
func MakeTestNetNamed(arch, kind string, seed uint64) (*Net, error) {
	a, err := ArchByName(arch)
	if err != nil {
		return nil, err
	}
	return MakeTestNetArch(a, kind, seed)
}

// MakeTestNetArch builds the deterministic test network of
// `tools/make_test_net.py --arch` for layout a (kind and seed as in
// MakeTestNet): every stored parameter drawn in file order from one
// SplitMix64 stream, padding columns zero and drawing nothing.
func MakeTestNetArch(a Arch, kind string, seed uint64) (*Net, error) {
	rg, ok := testRanges[kind]
	if !ok {
		return nil, fmt.Errorf("nnue: test net kind %q: must be test, stress or zero", kind)
	}
	n, err := NewNet(a)
	if err != nil {
		return nil, err
	}
	if kind == "test" {
		r := weightRanges(a)
		for i := range r {
			rg[3+2*i] = [2]int64{-r[i], r[i]}
		}
	}
	d := &drawer{seed: seed, zero: kind == "zero"}
	for i := range n.FTBias {
		n.FTBias[i] = int16(d.next(rg[0][0], rg[0][1]))
	}
	fillFT(n.FTWeight, d, rg[1])
	if a.Kind == SFNN {
		double(n.FTBias)
		double(n.FTWeight)
	}
	per := len(a.Layers())
	for i := range n.Layers {
		ly, li := &n.Layers[i], i%per
		for j := range ly.Bias {
			ly.Bias[j] = int32(d.next(rg[2+2*li][0], rg[2+2*li][1]))
		}
		for o := 0; o < ly.Out; o++ {
			for in := 0; in < ly.In; in++ {
				ly.Weight[o*ly.PaddedIn()+in] = int8(d.next(rg[3+2*li][0], rg[3+2*li][1]))
			}
		}
	}
	n.Prepare()
	return n, nil
}

// NewNet returns an all-zero network of layout a, with the hashes and the
// architecture string that layout writes. Fill in the parameters, then
// call Prepare.
func NewNet(a Arch) (*Net, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	n := &Net{Arch: a, ArchString: a.String(), Version: FileVersion, FileHash: a.FileHash(), FTHash: a.FTHash(), NetHash: a.NetHash(),
		Compressed: a.Kind == SFNN, FVScale: a.DefaultFVScale()}
	n.FTBias = make([]int16, a.HalfDims)
	n.FTWeight = makeWeights(a.Features.Dims * a.HalfDims)
	for s := 0; s < a.NumStacks(); s++ {
		n.NetHashes = append(n.NetHashes, a.NetHash())
		for _, l := range a.Layers() {
			n.Layers = append(n.Layers, Layer{LayerShape: l, Bias: make([]int32, l.Out), Weight: make([]int8, l.Out*l.PaddedIn())})
		}
	}
	n.Prepare()
	return n, nil
}

// fillFT draws the 32 million FT weights, split across goroutines by the
// library's batch runner (each weight depends on its index only).
func fillFT(w []int16, d *drawer, r [2]int64) {
	start := d.k
	d.k += uint64(len(w))
	if d.zero {
		return
	}
	span := uint64(r[1] - r[0] + 1)
	batch.Ranges(len(w), 1<<16, func(lo, hi int) (int, error) {
		for i := lo; i < hi; i++ {
			w[i] = int16(r[0] + int64(splitmix64(d.seed, start+uint64(i))%span))
		}
		return -1, nil
	})
}
