// Package nnue implements the shogi NNUE evaluation in the nn.bin format of
// the common shogi engines (HalfKP 256x2-32-32 and layouts described the same
// way): reading and writing network files, HalfKP feature indices, an
// accumulator that is updated incrementally along do/undo, and the exact
// integer forward pass. The specification is docs/specs/nnue-halfkp.md.
package nnue

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// FileVersion is the u32 at the start of every nn.bin (kVersion).
const FileVersion uint32 = 0x7AF32F16

// WeightScaleBits is the right shift applied after each hidden affine layer.
const WeightScaleBits = 6

// Output conversion constants.
const (
	DefaultFVScale = 16
	MinFVScale     = 1
	MaxFVScale     = 128
	ValueMaxEval   = 31753 // 32000 - 246 - 1
)

// FeatureSet describes the input features of a network: how many there are
// and the hash the file stores for them. Index functions live with the
// feature set's Go code (see halfkp.go); a layout is supported when its
// feature set is registered in FeatureSets.
type FeatureSet struct {
	Name string // as written in the architecture string, e.g. "HalfKP(Friend)"
	Dims int    // number of input features, e.g. 125388
	Hash uint32 // hash of the feature set before mixing in the FT output size
	// MaxActive is the number of active features per perspective.
	MaxActive int
}

// HalfKP is the HalfKP(Friend) feature set: king square x BonaPiece.
var HalfKP = FeatureSet{Name: "HalfKP(Friend)", Dims: NumSquares * FEEnd, Hash: 0x5D69D5B9 ^ 1, MaxActive: 38}

// FeatureSets lists the feature sets this package can compute, by name.
var FeatureSets = map[string]FeatureSet{HalfKP.Name: HalfKP}

// Arch describes a network layout: a feature transformer with HalfDims
// outputs per perspective (two perspectives concatenated, side to move
// first), then hidden affine+clipped-ReLU layers of sizes Hidden, then a
// single output. It is plain data: another layout of the same family is
// described by another value.
type Arch struct {
	Features FeatureSet
	HalfDims int   // accumulator size per perspective (256)
	Hidden   []int // hidden layer sizes (32, 32)
	// SparseNaming selects "AffineTransformSparseInput" for the first layer
	// in the architecture string (what current builds write) instead of the
	// older "AffineTransform".
	SparseNaming bool
}

// HalfKP256 is halfkp_256x2-32-32, the layout of the golden tests.
var HalfKP256 = Arch{Features: HalfKP, HalfDims: 256, Hidden: []int{32, 32}, SparseNaming: true}

// SupportedLayouts describes, for error messages, which layouts Load reads.
const SupportedLayouts = "Features=HalfKP(Friend)[125388->Hx2] followed by two hidden AffineTransform/ClippedReLU layers and a 1-output AffineTransform (e.g. halfkp_256x2-32-32); H a multiple of 16, hidden sizes 1..1024"

// LayerShape is one affine layer: Out outputs from In inputs, weights stored
// as Out rows of PaddedIn() int8.
type LayerShape struct{ In, Out int }

// PaddedIn is In rounded up to a multiple of 32 (kMaxSimdWidth).
func (l LayerShape) PaddedIn() int { return (l.In + 31) / 32 * 32 }

// Layers returns the affine layers from the input side to the output.
func (a Arch) Layers() []LayerShape {
	ls := make([]LayerShape, 0, len(a.Hidden)+1)
	in := 2 * a.HalfDims
	for _, h := range a.Hidden {
		ls = append(ls, LayerShape{in, h})
		in = h
	}
	return append(ls, LayerShape{in, 1})
}

func affineHash(prev uint32, out int) uint32 {
	return (0xCC03DAE4 + uint32(out)) ^ (prev >> 1) ^ (prev << 31)
}

func reluHash(prev uint32) uint32 { return 0x538D24C7 + prev }

// FTHash is the hash stored before the feature transformer.
func (a Arch) FTHash() uint32 { return a.Features.Hash ^ uint32(2*a.HalfDims) }

// NetHash is the hash stored before the affine layers.
func (a Arch) NetHash() uint32 {
	h := 0xEC42E90D ^ uint32(2*a.HalfDims) // InputSlice, offset 0
	for _, n := range a.Hidden {
		h = reluHash(affineHash(h, n))
	}
	return affineHash(h, 1)
}

// FileHash is the hash in the file header.
func (a Arch) FileHash() uint32 { return a.FTHash() ^ a.NetHash() }

// String is the architecture string written into the file.
func (a Arch) String() string {
	in := 2 * a.HalfDims
	s := fmt.Sprintf("InputSlice[%d(0:%d)]", in, in)
	for i, h := range a.Hidden {
		name := "AffineTransform"
		if i == 0 && a.SparseNaming {
			name = "AffineTransformSparseInput"
		}
		s = fmt.Sprintf("ClippedReLU[%d](%s[%d<-%d](%s))", h, name, h, in, s)
		in = h
	}
	s = fmt.Sprintf("AffineTransform[1<-%d](%s)", in, s)
	return fmt.Sprintf("Features=%s[%d->%dx2],Network=%s", a.Features.Name, a.Features.Dims, a.HalfDims, s)
}

// Size is the size in bytes of a file of this layout.
func (a Arch) Size() int {
	n := 12 + len(a.String()) + 4 + 2*a.HalfDims + 2*a.Features.Dims*a.HalfDims + 4
	for _, l := range a.Layers() {
		n += 4*l.Out + l.Out*l.PaddedIn()
	}
	return n
}

// Validate checks that the description is one this package can evaluate.
func (a Arch) Validate() error {
	if _, ok := FeatureSets[a.Features.Name]; !ok {
		return fmt.Errorf("nnue: unsupported feature set %q (supported: %s)", a.Features.Name, supportedFeatureNames())
	}
	if a.HalfDims <= 0 || a.HalfDims%16 != 0 || a.HalfDims > 4096 {
		return fmt.Errorf("nnue: unsupported transformer size %d (must be a positive multiple of 16, at most 4096)", a.HalfDims)
	}
	if len(a.Hidden) != 2 {
		return fmt.Errorf("nnue: unsupported layout with %d hidden layers (supported: 2)", len(a.Hidden))
	}
	for _, h := range a.Hidden {
		if h <= 0 || h > 1024 {
			return fmt.Errorf("nnue: unsupported hidden layer size %d (1..1024)", h)
		}
	}
	return nil
}

func supportedFeatureNames() string {
	names := make([]string, 0, len(FeatureSets))
	for n := range FeatureSets {
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}

var archRE = regexp.MustCompile(`^Features=([A-Za-z0-9_()+]+)\[(\d+)->(\d+)x2\],Network=(.*)$`)
var netRE = regexp.MustCompile(`^AffineTransform\[1<-(\d+)\]\(ClippedReLU\[(\d+)\]\(AffineTransform\[(\d+)<-(\d+)\]\(ClippedReLU\[(\d+)\]\((AffineTransform|AffineTransformSparseInput)\[(\d+)<-(\d+)\]\(InputSlice\[(\d+)\(0:(\d+)\)\]\)\)\)\)\)$`)

// ParseArch turns an architecture string into a layout description, or says
// why the layout is not supported.
func ParseArch(s string) (Arch, error) {
	m := archRE.FindStringSubmatch(s)
	if m == nil {
		return Arch{}, fmt.Errorf("nnue: unknown architecture string %q (supported: %s)", clip(s), SupportedLayouts)
	}
	fs, ok := FeatureSets[m[1]]
	if !ok {
		return Arch{}, fmt.Errorf("nnue: unsupported feature set %q in architecture string (supported: %s)", m[1], supportedFeatureNames())
	}
	if d, _ := strconv.Atoi(m[2]); d != fs.Dims {
		return Arch{}, fmt.Errorf("nnue: feature set %s has %d features, architecture string says %s", fs.Name, fs.Dims, m[2])
	}
	half, _ := strconv.Atoi(m[3])
	n := netRE.FindStringSubmatch(m[4])
	if n == nil {
		return Arch{}, fmt.Errorf("nnue: unsupported network %q (supported: %s)", clip(m[4]), SupportedLayouts)
	}
	v := make([]int, 11)
	for i := 1; i <= 10; i++ {
		if i == 6 {
			continue
		}
		x, err := strconv.Atoi(n[i])
		if err != nil || x > 1<<20 {
			return Arch{}, fmt.Errorf("nnue: bad number %q in architecture string", n[i])
		}
		v[i] = x
	}
	h1, h2 := v[7], v[3]
	if v[1] != h2 || v[2] != h2 || v[4] != h1 || v[5] != h1 || v[8] != 2*half || v[9] != 2*half || v[10] != 2*half {
		return Arch{}, fmt.Errorf("nnue: inconsistent layer sizes in architecture string %q", clip(s))
	}
	a := Arch{Features: fs, HalfDims: half, Hidden: []int{h1, h2}, SparseNaming: n[6] == "AffineTransformSparseInput"}
	if err := a.Validate(); err != nil {
		return Arch{}, err
	}
	return a, nil
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
