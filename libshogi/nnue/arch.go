// Package nnue implements the shogi NNUE evaluation in the nn.bin formats of
// the common shogi engines: reading and writing network files, the feature
// sets (HalfKP, K+P, HalfKPE9, HalfKP_vm, HalfKA_hm2), an accumulator that
// is updated incrementally along do/undo, and the exact integer forward
// passes of the classic L1x2-H1-H2-1 networks and of the SFNN LayerStack
// networks. The specifications are docs/specs/nnue-halfkp.md and
// docs/specs/nnue-archs.md.
package nnue

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// FileVersion is the u32 at the start of every nn.bin (kVersion), the one
// YaneuraOu writes and Write writes.
const FileVersion uint32 = 0x7AF32F16

// FileVersions are the version words Load accepts: YaneuraOu's, and those
// other trainers write (0x7AF32F17; 0x7AF32F20 of nodchip's serializer and
// bullet-shogi LayerStack nets). Net.Version reports which one a file had.
var FileVersions = []uint32{FileVersion, 0x7AF32F17, 0x7AF32F20}

// WeightScaleBits is the right shift applied after each hidden affine layer.
const WeightScaleBits = 6

// Output conversion constants.
const (
	DefaultFVScale = 16
	MinFVScale     = 1
	MaxFVScale     = 128
	ValueMaxEval   = 31753 // 32000 - 246 - 1
)

// ArchKind is the family of a network layout.
type ArchKind uint8

const (
	// Classic is feature transformer -> ClippedReLU -> H1 -> H2 -> 1.
	Classic ArchKind = iota
	// SFNN is the LayerStack network without PSQT: a doubled feature
	// transformer, a pairwise product, a bucket chosen by the kings' ranks,
	// and per bucket fc_0 (with a shortcut output) -> squared and clipped
	// halves -> fc_1 -> fc_2.
	SFNN
)

// SFNN constants (docs/specs/nnue-archs.md §2.6).
const (
	SFNNFileHash uint32 = 0x3C203B32
	SFNNFTHash   uint32 = 0x5F134AB8
	SFNNNetHash  uint32 = 0x6333718A
	// SFNNBuckets is the number of LayerStacks of the k3k3 bucket scheme.
	SFNNBuckets = 9
)

// Arch describes a network layout. It is plain data: another layout of the
// same family is described by another value.
//
// Classic: a feature transformer with HalfDims outputs per perspective
// (two perspectives concatenated, side to move first), then hidden
// affine+clipped-ReLU layers of sizes Hidden, then a single output.
//
// SFNN: a feature transformer of HalfDims outputs per perspective whose
// pairwise product gives HalfDims/2 bytes per perspective; Stacks copies of
// fc_0 (HalfDims -> Hidden[0], plus one shortcut output when Hidden[0] is
// 8n-1), fc_1 (2*Hidden[0] -> Hidden[1]) and fc_2 (Hidden[1] -> 1).
type Arch struct {
	Kind     ArchKind
	Features FeatureSet
	HalfDims int   // accumulator size per perspective (256)
	Hidden   []int // hidden layer sizes (32, 32)
	// SparseNaming selects "AffineTransformSparseInput" for the first layer
	// in the architecture string (what current builds write) instead of the
	// older "AffineTransform".
	SparseNaming bool
	// Stacks is the number of LayerStacks (SFNN; 0 means 1).
	Stacks int
	// NetName is the SFNN network name of the description ("SFNN-1536").
	NetName string
}

// HalfKP256 is halfkp_256x2-32-32, the layout of the golden tests.
var HalfKP256 = Arch{Features: HalfKP, HalfDims: 256, Hidden: []int{32, 32}, SparseNaming: true}

// KnownArchs are the layouts users' nets have, by name (the names of
// tools/make_test_net.py --arch and of the golden data).
var KnownArchs = []struct {
	Name string
	Arch Arch
}{
	{"halfkp_256x2-32-32", HalfKP256},
	{"halfkp_512x2-16-32", classicArch(HalfKP, 512, 16, 32)},
	{"halfkp_768x2-16-64", classicArch(HalfKP, 768, 16, 64)},
	{"halfkp_1024x2-8-32", classicArch(HalfKP, 1024, 8, 32)},
	{"halfkp_1024x2-8-64", classicArch(HalfKP, 1024, 8, 64)},
	{"kp_256x2-32-32", classicArch(KP, 256, 32, 32)},
	{"halfkpe9_256x2-32-32", classicArch(HalfKPE9, 256, 32, 32)},
	{"halfkpvm_256x2-32-32", classicArch(HalfKPvm, 256, 32, 32)},
	{"halfkahm2_1024x2-8-96", classicArch(HalfKAhm2, 1024, 8, 96)},
	{"sfnn1536", SFNN1536},
}

// SFNN1536 is YaneuraOu's SFNN1536 edition (SFNN_halfkahm2_1536_15_32_k3k3).
var SFNN1536 = Arch{Kind: SFNN, Features: HalfKAhm2, HalfDims: 1536, Hidden: []int{15, 32}, Stacks: SFNNBuckets, NetName: "SFNN-1536"}

func classicArch(fs FeatureSet, half, h1, h2 int) Arch {
	return Arch{Features: fs, HalfDims: half, Hidden: []int{h1, h2}, SparseNaming: true}
}

// ArchByName returns a known layout by name ("halfkp_1024x2-8-32",
// "sfnn1536", ...), or a classic layout written the same way
// ("<featureset>_<L>x2-<H1>-<H2>").
func ArchByName(name string) (Arch, error) {
	for _, k := range KnownArchs {
		if strings.EqualFold(k.Name, name) {
			return k.Arch, nil
		}
	}
	if m := nameRE.FindStringSubmatch(name); m != nil {
		if fs, err := FeatureSetByName(m[1]); err == nil {
			l, _ := strconv.Atoi(m[2])
			h1, _ := strconv.Atoi(m[3])
			h2, _ := strconv.Atoi(m[4])
			a := classicArch(fs, l, h1, h2)
			return a, a.Validate()
		}
	}
	names := make([]string, len(KnownArchs))
	for i, k := range KnownArchs {
		names[i] = k.Name
	}
	return Arch{}, fmt.Errorf("nnue: unknown architecture %q (known: %s, or FEATURES_Lx2-H1-H2)", name, strings.Join(names, ", "))
}

var nameRE = regexp.MustCompile(`^([a-z0-9]+)_(\d{1,5})x2-(\d{1,4})-(\d{1,4})$`)

// Name is the layout's short name, e.g. "halfkp_1024x2-8-32" or "sfnn1536".
func (a Arch) Name() string {
	if a.Kind == SFNN {
		for _, k := range KnownArchs {
			if k.Arch.Kind == SFNN && k.Arch.String() == a.String() {
				return k.Name
			}
		}
		return fmt.Sprintf("sfnn_%s_%d_%d_%d", a.Features.Short, a.HalfDims, a.Hidden[0], a.Hidden[1])
	}
	return fmt.Sprintf("%s_%dx2-%d-%d", a.Features.Short, a.HalfDims, a.Hidden[0], a.Hidden[1])
}

// NumStacks is the number of LayerStacks (1 for classic nets).
func (a Arch) NumStacks() int { return max(a.Stacks, 1) }

// Shortcut reports whether an SFNN's fc_0 has the extra shortcut output
// (H1 = 8n-1).
func (a Arch) Shortcut() bool { return a.Kind == SFNN && a.Hidden[0]%8 == 7 }

// LayerShape is one affine layer: Out outputs from In inputs, weights stored
// as Out rows of PaddedIn() int8.
type LayerShape struct{ In, Out int }

// PaddedIn is In rounded up to a multiple of 32 (kMaxSimdWidth).
func (l LayerShape) PaddedIn() int { return (l.In + 31) / 32 * 32 }

// Layers returns the affine layers of one LayerStack from the input side to
// the output.
func (a Arch) Layers() []LayerShape {
	if a.Kind == SFNN {
		h1, h2 := a.Hidden[0], a.Hidden[1]
		out0 := h1
		if a.Shortcut() {
			out0++
		}
		return []LayerShape{{a.HalfDims, out0}, {2 * h1, h2}, {h2, 1}}
	}
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
func (a Arch) FTHash() uint32 {
	if a.Kind == SFNN {
		return SFNNFTHash
	}
	return a.Features.Hash ^ uint32(2*a.HalfDims)
}

// NetHash is the hash stored before the affine layers (of each stack).
func (a Arch) NetHash() uint32 {
	if a.Kind == SFNN {
		return SFNNNetHash
	}
	h := 0xEC42E90D ^ uint32(2*a.HalfDims) // InputSlice, offset 0
	for _, n := range a.Hidden {
		h = reluHash(affineHash(h, n))
	}
	return affineHash(h, 1)
}

// FileHash is the hash in the file header.
func (a Arch) FileHash() uint32 {
	if a.Kind == SFNN {
		return SFNNFileHash
	}
	return a.FTHash() ^ a.NetHash()
}

// DefaultFVScale is the FV_SCALE of the format when the description does
// not give one: 16 for every layout YaneuraOu builds.
func (a Arch) DefaultFVScale() int { return DefaultFVScale }

// String is the architecture string written into the file.
func (a Arch) String() string {
	if a.Kind == SFNN {
		return fmt.Sprintf("ModelType=SFNNWithoutPsqt;Features=%s[%d->%dx2],Network=%s{LayerStack=%d}",
			a.Features.Name, a.Features.Dims, a.HalfDims, a.NetName, a.NumStacks())
	}
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

// Size is the size in bytes of a file of this layout with the description
// String and an uncompressed feature transformer (SFNN files store theirs
// in LEB128: their size depends on the values).
func (a Arch) Size() int {
	stack := 4 // network hash
	for _, l := range a.Layers() {
		stack += 4*l.Out + l.Out*l.PaddedIn()
	}
	return 12 + len(a.String()) + 4 + 2*a.HalfDims + 2*a.Features.Dims*a.HalfDims + a.NumStacks()*stack
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
	switch a.Kind {
	case Classic:
		if a.Stacks > 1 {
			return fmt.Errorf("nnue: a classic network has one layer stack, not %d", a.Stacks)
		}
	case SFNN:
		if a.HalfDims%32 != 0 {
			return fmt.Errorf("nnue: SFNN transformer size %d is not a multiple of 32", a.HalfDims)
		}
		if h1 := a.Hidden[0]; h1%8 != 0 && h1%8 != 7 || h1 > 63 {
			return fmt.Errorf("nnue: SFNN first hidden size %d (must be 8n or 8n-1, at most 63)", h1)
		}
		if a.NumStacks() != SFNNBuckets {
			return fmt.Errorf("nnue: SFNN with %d layer stacks (supported: %d, the k3k3 buckets)", a.NumStacks(), SFNNBuckets)
		}
	default:
		return fmt.Errorf("nnue: unknown architecture kind %d", a.Kind)
	}
	return nil
}

func supportedFeatureNames() string {
	names := make([]string, 0, len(FeatureSets))
	for n := range FeatureSets {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// SupportedLayouts describes, for error messages, which layouts Load reads.
const SupportedLayouts = "Features=<HalfKP(Friend)|K+P|HalfKPE9(Friend)|HalfKP_vm(Friend)|HalfKA_hm2(Friend)>[D->Hx2] followed by two hidden AffineTransform/ClippedReLU layers and a 1-output AffineTransform (e.g. halfkp_1024x2-8-32), or ModelType=SFNNWithoutPsqt;...,Network=SFNN-1536{LayerStack=9}"

var archRE = regexp.MustCompile(`^Features=([A-Za-z0-9_()+]+)\[(\d+)->(\d+)x2\],Network=(.*)$`)
var netRE = regexp.MustCompile(`^AffineTransform\[1<-(\d+)\]\(ClippedReLU\[(\d+)\]\(AffineTransform\[(\d+)<-(\d+)\]\(ClippedReLU\[(\d+)\]\((AffineTransform|AffineTransformSparseInput)\[(\d+)<-(\d+)\]\(InputSlice\[(\d+)\(0:(\d+)\)\]\)\)\)\)\)$`)
var sfnnRE = regexp.MustCompile(`^ModelType=SFNNWithoutPsqt;Features=([A-Za-z0-9_()+]+)\[(\d+)->(\d+)x2\],Network=(SFNN-(\d+))\{LayerStack=(\d+)\}$`)

// fvScaleRE finds an fv_scale token in a description ("fv_scale=24",
// "FV_SCALE:24"), with the separator before it.
var fvScaleRE = regexp.MustCompile(`(?i)[,; ]?\bfv_scale\s*[=:]\s*(\d{1,4})\b`)

// sfnnNetworks are the SFNN network names whose hidden sizes are known
// (YaneuraOu's editions): name -> H1, H2.
var sfnnNetworks = map[string][2]int{"SFNN-1536": {15, 32}}

// ParseArch turns an architecture string into a layout description, or says
// why the layout is not supported.
func ParseArch(s string) (Arch, error) {
	a, _, err := ParseDescription(s)
	return a, err
}

// ParseDescription is ParseArch that also returns the FV_SCALE the
// description gives with an fv_scale token (0 when it has none).
func ParseDescription(s string) (Arch, int, error) {
	fv := 0
	if m := fvScaleRE.FindStringSubmatchIndex(s); m != nil {
		fv, _ = strconv.Atoi(s[m[2]:m[3]])
		if CheckFVScale(fv) != nil {
			return Arch{}, 0, fmt.Errorf("nnue: fv_scale %d in the description is out of range %d..%d", fv, MinFVScale, MaxFVScale)
		}
		s = s[:m[0]] + s[m[1]:]
	}
	if m := sfnnRE.FindStringSubmatch(s); m != nil {
		a, err := parseSFNN(m)
		return a, fv, err
	}
	a, err := parseClassic(s)
	return a, fv, err
}

func featuresOf(name, dims string) (FeatureSet, error) {
	fs, ok := FeatureSets[name]
	if !ok {
		return FeatureSet{}, fmt.Errorf("nnue: unsupported feature set %q in architecture string (supported: %s)", name, supportedFeatureNames())
	}
	if d, _ := strconv.Atoi(dims); d != fs.Dims {
		return FeatureSet{}, fmt.Errorf("nnue: feature set %s has %d features, architecture string says %s", fs.Name, fs.Dims, dims)
	}
	return fs, nil
}

func parseSFNN(m []string) (Arch, error) {
	fs, err := featuresOf(m[1], m[2])
	if err != nil {
		return Arch{}, err
	}
	half, err1 := strconv.Atoi(m[3])
	stacks, err2 := strconv.Atoi(m[6])
	if err1 != nil || err2 != nil || half > 1<<20 || stacks > 1<<10 {
		return Arch{}, fmt.Errorf("nnue: bad number in SFNN description")
	}
	h, ok := sfnnNetworks[m[4]]
	if !ok {
		return Arch{}, fmt.Errorf("nnue: unknown SFNN network %q (supported: SFNN-1536)", m[4])
	}
	if l, _ := strconv.Atoi(m[5]); l != half {
		return Arch{}, fmt.Errorf("nnue: SFNN network %s with a %d-wide transformer", m[4], half)
	}
	a := Arch{Kind: SFNN, Features: fs, HalfDims: half, Hidden: []int{h[0], h[1]}, Stacks: stacks, NetName: m[4]}
	return a, a.Validate()
}

func parseClassic(s string) (Arch, error) {
	m := archRE.FindStringSubmatch(s)
	if m == nil {
		return Arch{}, fmt.Errorf("nnue: unknown architecture string %q (supported: %s)", clip(s), SupportedLayouts)
	}
	fs, err := featuresOf(m[1], m[2])
	if err != nil {
		return Arch{}, err
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
