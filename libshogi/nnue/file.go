package nnue

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	"github.com/libshogi/libshogi/asm"
)

// Net is a loaded network: the layout description, the parameters in file
// order, and kernel-friendly copies built by Prepare. A Net is read-only
// once prepared: any number of goroutines may evaluate with it at once
// (each with its own Evaluator or Accumulator).
type Net struct {
	Arch       Arch
	ArchString string // as stored in the file
	Version    uint32 // the file's version word (one of FileVersions)
	FileHash   uint32 // as stored
	FTHash     uint32
	NetHash    uint32   // of the first LayerStack
	NetHashes  []uint32 // per LayerStack, as stored
	// FTBias and FTWeight are the feature transformer as the accumulator
	// adds it: for SFNN nets the file's values doubled (int16, wrapping),
	// as the engines do when loading.
	FTBias   []int16 // HalfDims
	FTWeight []int16 // Features.Dims * HalfDims, feature-major
	// Layers are the affine layers, input side first, LayerStack after
	// LayerStack (len(Arch.Layers()) per stack); the last of each stack has
	// one output.
	Layers []Layer
	// Compressed is true when the file stored the feature transformer in
	// LEB128 blocks (Write writes SFNN nets that way).
	Compressed bool
	// Mapped is true when FTWeight lies in a read-only mapping of the file
	// (LoadOptions.Mmap): it must not be written to.
	Mapped bool
	// FVScale is the net's FV_SCALE: the description's fv_scale token, or
	// the format's default, or the caller's override (LoadOptions.FVScale).
	// Evaluators start with it.
	FVScale int
	// MaterialMix is the percentage of the built-in material evaluation
	// the search blends into this net's value (the default net's
	// defaultnet.MaterialMix; 0 for files). Evaluators of this package
	// ignore it: they give the net's own value.
	MaterialMix int
	// Warnings lists non-fatal problems found while loading (hash
	// mismatches, a description that disagrees with the file size).
	Warnings []string
	// tail is the layers in asm.Tail form when the layout is the common
	// 2h-32-32-1 one (tail.Fits), which the forward pass then runs in one
	// kernel.
	tail     asm.Tail
	tailFits bool
	// leafFits: HalfKP with a tail of one kernel and 256-value
	// accumulators (HalfKP 256x2-32-32), the layout of the one-step paths
	// evaluateLeaf and pushLeaf.
	leafFits bool
}

// MaxMaterialMix is the largest MaterialMix: the material evaluation alone.
const MaxMaterialMix = 100

// WithMaterialMix returns a copy of the net that shares its weights and
// whose search blends mix percent (0..MaxMaterialMix) of the built-in
// material evaluation into its value, for trying a mix on another net
// or another mix on the default one. The net itself is not changed.
func (n *Net) WithMaterialMix(mix int) (*Net, error) {
	if mix < 0 || mix > MaxMaterialMix {
		return nil, fmt.Errorf("nnue: material mix %d is outside 0..%d", mix, MaxMaterialMix)
	}
	c := *n
	c.MaterialMix = mix
	return &c, nil
}

// Layer is one affine layer.
type Layer struct {
	LayerShape
	Bias   []int32 // Out
	Weight []int8  // Out rows of PaddedIn, row-major [out][in]
	// blocked is Weight rearranged for the kernels: for each group g of 4
	// inputs, for each output o, the 4 weights W[o][4g..4g+3].
	blocked []int8
	// rows is Weight in asm.RowChunks' layout for the dense AVX-512 kernel,
	// or nil where that kernel does not apply.
	rows []int8
	// group is asm.GroupLimit of the weights: how many input groups the
	// kernels may sum in int16 exactly.
	group int
	// chunks are the blocked weights of each 32 outputs, for the hidden
	// layers wider than 32 (64, 96) with few inputs, which run as several
	// 32-output kernel calls; nil otherwise.
	chunks [][]int8
}

// LoadError is returned by the loaders: What says what is wrong, Offset is
// the byte offset in the file where it was found (-1 if not applicable).
type LoadError struct {
	Kind   error // one of the Err* sentinels
	What   string
	Offset int64
}

// Unwrap returns the sentinel kind, for errors.Is.
func (e *LoadError) Unwrap() error { return e.Kind }

func (e *LoadError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("nnue: %s (at byte %d)", e.What, e.Offset)
	}
	return "nnue: " + e.What
}

// Sentinel errors a LoadError wraps, to test with errors.Is.
var (
	ErrVersion   = errors.New("wrong version")
	ErrArch      = errors.New("unsupported architecture")
	ErrTruncated = errors.New("truncated file")
	ErrTrailing  = errors.New("trailing bytes")
	ErrSize      = errors.New("wrong file size")
	ErrIO        = errors.New("read error")
	ErrHeader    = errors.New("malformed header") // e.g. an impossible description length
)

func loadErr(kind error, off int64, format string, args ...any) error {
	return &LoadError{Kind: kind, What: fmt.Sprintf(format, args...), Offset: off}
}

// maxArchLen bounds the architecture string length read from a file.
const maxArchLen = 4096

// LoadOptions change how a file is read.
type LoadOptions struct {
	// Arch, when not empty, names the layout (ArchByName) the file is read
	// as, whatever its description says: for files whose description is
	// wrong.
	Arch string
	// FVScale, when not 0, overrides the net's FV_SCALE (1..128).
	FVScale int
	// Mmap leaves the feature transformer of an uncompressed classic file
	// in a read-only shared mapping of the file (LoadWith only; Net.Mapped
	// says whether it was): processes that load the same file share one
	// copy. Where mapping is not available the file is read.
	Mmap bool
	// mapped is the mapping being read (loadMapped).
	mapped []byte
}

func (o LoadOptions) check() error {
	if o.FVScale != 0 {
		if err := CheckFVScale(o.FVScale); err != nil {
			return err
		}
	}
	if o.Arch != "" {
		if _, err := ArchByName(o.Arch); err != nil {
			return err
		}
	}
	return nil
}

// Load reads an nn.bin file ("default": the embedded net).
func Load(path string) (*Net, error) { return LoadWith(path, LoadOptions{}) }

// LoadWith reads an nn.bin file with options. The name "default" is the
// embedded net (LoadDefault); "builtin" names no network and is an error.
func LoadWith(path string, o LoadOptions) (*Net, error) {
	switch path {
	case DefaultNetName:
		return LoadDefault(o)
	case BuiltinEvalName:
		return nil, &LoadError{Kind: ErrIO, What: `"builtin" is the built-in material evaluation, not a network`, Offset: -1}
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.Mmap {
		return loadMapped(path, o)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	n, err := read(bufio.NewReaderSize(f, 1<<20), size, o)
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return n, nil
}

// LoadBytes reads a network from memory.
func LoadBytes(b []byte) (*Net, error) { return LoadBytesWith(b, LoadOptions{}) }

// LoadBytesWith reads a network from memory with options.
func LoadBytesWith(b []byte, o LoadOptions) (*Net, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	return read(bufio.NewReaderSize(bytes.NewReader(b), 1<<16), int64(len(b)), o)
}

// Read reads a network from r, which must end right after the network.
func Read(r io.Reader) (*Net, error) { return read(bufio.NewReaderSize(r, 1<<20), -1, LoadOptions{}) }

type reader struct {
	r   *bufio.Reader
	off int64
	err error
}

func (r *reader) fill(b []byte, what string) {
	if r.err != nil {
		return
	}
	n, err := io.ReadFull(r.r, b)
	r.off += int64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		r.err = loadErr(ErrTruncated, r.off, "truncated file: it ends while reading %s (%d of %d bytes)", what, n, len(b))
	} else if err != nil {
		r.err = loadErr(ErrIO, r.off, "reading %s: %v", what, err)
	}
}

func (r *reader) u32(what string) uint32 {
	var b [4]byte
	r.fill(b[:], what)
	return binary.LittleEndian.Uint32(b[:])
}

func (r *reader) i16s(v []int16, what string) {
	if len(v) == 0 {
		return
	}
	r.fill(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 2*len(v)), what)
	if !littleEndian {
		for i := range v {
			u := uint16(v[i])
			v[i] = int16(u>>8 | u<<8)
		}
	}
}

func (r *reader) i32s(v []int32, what string) {
	if len(v) == 0 {
		return
	}
	r.fill(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v)), what)
	if !littleEndian {
		for i := range v {
			v[i] = int32(binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Pointer(&v[i])), 4)))
		}
	}
}

func (r *reader) i8s(v []int8, what string) {
	if len(v) == 0 {
		return
	}
	r.fill(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)), what)
}

// unalignedOK: the CPU loads int16 from odd addresses (the transformer of
// most files starts at an odd offset, which a mapping keeps).
var unalignedOK = runtime.GOARCH == "amd64" || runtime.GOARCH == "386"

var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

func read(in *bufio.Reader, size int64, o LoadOptions) (*Net, error) {
	r := &reader{r: in}
	version := r.u32("the version")
	if r.err != nil {
		return nil, r.err
	}
	if !slices.Contains(FileVersions, version) {
		return nil, loadErr(ErrVersion, 0, "wrong version 0x%08X (expected 0x%08X, 0x7AF32F17 or 0x7AF32F20): not an NNUE nn.bin", version, FileVersion)
	}
	fileHash := r.u32("the file hash")
	archLen := r.u32("the architecture string length")
	if r.err != nil {
		return nil, r.err
	}
	if archLen == 0 || archLen > maxArchLen {
		return nil, loadErr(ErrHeader, 8, "implausible architecture string length %d", archLen)
	}
	if size >= 0 && int64(archLen) > size-12 {
		return nil, loadErr(ErrTruncated, 12, "truncated file: architecture string of %d bytes does not fit in a %d-byte file", archLen, size)
	}
	archBytes := make([]byte, archLen)
	r.fill(archBytes, "the architecture string")
	if r.err != nil {
		return nil, r.err
	}
	n := &Net{ArchString: string(archBytes), Version: version, FileHash: fileHash}
	arch, fv, err := n.identify(fileHash, size, o)
	if err != nil {
		return nil, &LoadError{Kind: ErrArch, What: trimPrefix(err.Error()), Offset: 12}
	}
	n.Arch, n.FVScale = arch, cmp.Or(o.FVScale, fv, arch.DefaultFVScale())
	n.FTHash = r.u32("the feature transformer hash")
	if r.err != nil {
		return nil, r.err
	}
	if magic, _ := in.Peek(len(leb128Magic)); string(magic) == leb128Magic {
		n.Compressed = true
	} else if want := rawSize(arch, archLen); size >= 0 && size != want {
		kind, what := ErrTrailing, "trailing bytes"
		if size < want {
			kind, what = ErrTruncated, "truncated file"
		}
		return nil, loadErr(kind, -1, "%s: %d bytes, a %s network needs exactly %d", what, size, arch.Name(), want)
	}
	n.FTBias = make([]int16, arch.HalfDims)
	total := arch.Features.Dims * arch.HalfDims
	var shift uint // SFNN: the transformer doubled as it is read
	if arch.Kind == SFNN {
		shift = 1
	}
	if n.Compressed {
		r.leb128(n.FTBias, "the feature transformer biases", shift)
		if r.err == nil {
			n.FTWeight = makeWeights(total)
			r.leb128(n.FTWeight, "the feature transformer weights", shift)
		}
	} else {
		r.i16s(n.FTBias, "the feature transformer biases")
		switch {
		case r.err != nil:
		case o.mapped != nil && arch.Kind == Classic && littleEndian && (unalignedOK || r.off%2 == 0):
			n.FTWeight = unsafe.Slice((*int16)(unsafe.Pointer(&o.mapped[r.off])), total)
			n.Mapped = true
			r.off += 2 * int64(total) // the size was checked above
			in.Reset(bytes.NewReader(o.mapped[r.off:]))
		default:
			n.FTWeight = r.ftWeights(total, size >= 0)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if arch.Kind == SFNN && !n.Compressed {
		double(n.FTBias)
		double(n.FTWeight)
	}
	for s := 0; s < arch.NumStacks(); s++ {
		n.NetHashes = append(n.NetHashes, r.u32("the network hash"))
		for i, l := range arch.Layers() {
			ly := Layer{LayerShape: l, Bias: make([]int32, l.Out), Weight: make([]int8, l.Out*l.PaddedIn())}
			r.i32s(ly.Bias, layerName(arch, s, i)+" biases")
			r.i8s(ly.Weight, layerName(arch, s, i)+" weights")
			n.Layers = append(n.Layers, ly)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	n.NetHash = n.NetHashes[0]
	if _, err := in.ReadByte(); err == nil {
		return nil, loadErr(ErrTrailing, r.off, "trailing bytes after the output layer (a %s network ends at byte %d)", arch.Name(), r.off)
	}
	n.hashWarnings()
	n.Prepare()
	return n, nil
}

// rawSize is the size of an uncompressed file of layout a with a
// description of archLen bytes.
func rawSize(a Arch, archLen uint32) int64 {
	return int64(a.Size()) - int64(len(a.String())) + int64(archLen)
}

func layerName(a Arch, stack, i int) string {
	if a.Kind == SFNN {
		return fmt.Sprintf("stack %d fc_%d", stack, i)
	}
	return fmt.Sprintf("layer %d", i+1)
}

// identify decides the layout of a file: the caller's override, else the
// description when it parses and agrees with the file size, else (unless
// the description is a well-formed one of an unsupported layout) the known
// layout of exactly that size, else the known layout whose file hash the
// header holds. It returns the description's FV_SCALE (0 if none).
func (n *Net) identify(fileHash uint32, size int64, o LoadOptions) (Arch, int, error) {
	desc := n.ArchString
	parsed, fv, perr := ParseDescription(desc)
	if o.Arch != "" {
		a, err := ArchByName(o.Arch)
		if err == nil && perr == nil && parsed.String() != a.String() {
			n.Warnings = append(n.Warnings, fmt.Sprintf("read as %s (override); the description says %s", a.Name(), parsed.Name()))
		}
		return a, fv, err
	}
	archLen := uint32(len(desc))
	if perr == nil && (size < 0 || parsed.Kind == SFNN || rawSize(parsed, archLen) == size) {
		return parsed, fv, nil
	}
	if perr != nil && (archRE.MatchString(desc) || strings.HasPrefix(desc, "ModelType=")) {
		// A well-formed description of a layout this package does not
		// evaluate (another feature set, another network): refuse it
		// rather than guess from the size.
		return Arch{}, 0, perr
	}
	if size >= 0 {
		for _, k := range KnownArchs {
			if k.Arch.Kind == Classic && rawSize(k.Arch, archLen) == size {
				if perr == nil {
					n.Warnings = append(n.Warnings, fmt.Sprintf("the description says %s, the file size is that of %s: read as %s", parsed.Name(), k.Name, k.Name))
				} else {
					n.Warnings = append(n.Warnings, fmt.Sprintf("description not understood; identified as %s by the file size", k.Name))
				}
				return k.Arch, fv, nil
			}
		}
	}
	if perr == nil {
		return parsed, fv, nil // the size check reports the mismatch
	}
	for _, k := range KnownArchs {
		if k.Arch.FileHash() == fileHash {
			n.Warnings = append(n.Warnings, fmt.Sprintf("description not understood; identified as %s by the file hash", k.Name))
			return k.Arch, fv, nil
		}
	}
	return Arch{}, 0, perr
}

func (n *Net) hashWarnings() {
	a := n.Arch
	if n.FileHash != a.FileHash() {
		n.Warnings = append(n.Warnings, fmt.Sprintf("file hash 0x%08X, expected 0x%08X", n.FileHash, a.FileHash()))
	}
	if n.FTHash != a.FTHash() {
		n.Warnings = append(n.Warnings, fmt.Sprintf("feature transformer hash 0x%08X, expected 0x%08X", n.FTHash, a.FTHash()))
	}
	for s, h := range n.NetHashes {
		if h != a.NetHash() {
			where := ""
			if len(n.NetHashes) > 1 {
				where = fmt.Sprintf(" (stack %d)", s)
			}
			n.Warnings = append(n.Warnings, fmt.Sprintf("network hash 0x%08X%s, expected 0x%08X", h, where, a.NetHash()))
		}
	}
}

// ftWeights reads total raw feature transformer weights.
func (r *reader) ftWeights(total int, sized bool) []int16 {
	if sized {
		w := makeWeights(total)
		r.i16s(w, "the feature transformer weights")
		return w
	}
	// Unknown length: grow as the data arrives, so that a short stream
	// with a header claiming a huge layout fails before allocating it.
	const step = 1 << 22
	w := make([]int16, 0, min(total, step))
	for len(w) < total && r.err == nil {
		k := min(step, total-len(w))
		w = slices.Grow(w, k)[:len(w)+k]
		r.i16s(w[len(w)-k:], "the feature transformer weights")
	}
	return w
}

// double multiplies every value by 2 with int16 wrap-around (the SFNN
// feature transformer as the engines load it).
func double(v []int16) {
	for i := range v {
		v[i] *= 2
	}
}

func trimPrefix(s string) string {
	if len(s) > 6 && s[:6] == "nnue: " {
		return s[6:]
	}
	return s
}

// Write writes the network in the nn.bin layout, with the version word it
// was read with (FileVersion for a new net) and, when Compressed, the
// feature transformer in LEB128 blocks. SFNN transformers are halved back
// to the file's values (exact unless a value wrapped when it was doubled).
func (n *Net) Write(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	arch := n.ArchString
	if arch == "" {
		arch = n.Arch.String()
	}
	u32 := func(v uint32) {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], v)
		bw.Write(b[:])
	}
	u32(cmp.Or(n.Version, FileVersion))
	u32(n.FileHash)
	u32(uint32(len(arch)))
	bw.WriteString(arch)
	u32(n.FTHash)
	var shift uint
	if n.Arch.Kind == SFNN {
		shift = 1
	}
	if n.Compressed {
		writeLEB128(bw, n.FTBias, shift)
		writeLEB128(bw, n.FTWeight, shift)
	} else {
		writeI16(bw, n.FTBias, shift)
		writeI16(bw, n.FTWeight, shift)
	}
	per := len(n.Arch.Layers())
	for i, l := range n.Layers {
		if i%per == 0 {
			h := n.Arch.NetHash()
			if s := i / per; s < len(n.NetHashes) {
				h = n.NetHashes[s]
			}
			u32(h)
		}
		for _, b := range l.Bias {
			u32(uint32(b))
		}
		if len(l.Weight) > 0 {
			bw.Write(unsafe.Slice((*byte)(unsafe.Pointer(&l.Weight[0])), len(l.Weight)))
		}
	}
	return bw.Flush()
}

func writeI16(w *bufio.Writer, v []int16, shift uint) {
	var buf [4096]byte
	for len(v) > 0 {
		k := min(len(v), len(buf)/2)
		for i := 0; i < k; i++ {
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(v[i]>>shift))
		}
		w.Write(buf[:2*k])
		v = v[k:]
	}
}

// Bytes returns the network in the nn.bin layout.
func (n *Net) Bytes() []byte {
	var b bytes.Buffer
	b.Grow(n.Arch.Size())
	n.Write(&b)
	return b.Bytes()
}

// Save writes the network to a file.
func (n *Net) Save(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := n.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// blockedRows rearranges nOut row-major rows of pin weights into the
// kernels' blocked layout: for each group of 4 inputs, for each output,
// the 4 weights.
func blockedRows(w []int8, nOut, pin int) []int8 {
	b := make([]int8, nOut*pin)
	for o := 0; o < nOut; o++ {
		for in := 0; in < pin; in++ {
			b[(in/4)*nOut*4+o*4+in%4] = w[o*pin+in]
		}
	}
	return b
}

// Prepare builds the kernel layouts from the parameters. Loaders call it;
// call it again after changing Layers by hand.
func (n *Net) Prepare() {
	for i := range n.Layers {
		l := &n.Layers[i]
		pin := l.PaddedIn()
		l.blocked = blockedRows(l.Weight, l.Out, pin)
		l.rows = asm.RowChunks(l.Weight, l.Out, pin)
		l.group = asm.GroupLimit(asm.MaxAbs(l.Weight))
		l.chunks = nil
		if l.Out > 32 && l.Out%32 == 0 && pin <= 256 {
			for c := 0; c < l.Out/32; c++ {
				l.chunks = append(l.chunks, blockedRows(l.Weight[32*c*pin:32*(c+1)*pin], 32, pin))
			}
		}
	}
	n.tail = asm.Tail{}
	if n.Arch.Kind == Classic && len(n.Layers) == 3 && n.Layers[1].In == 32 && n.Layers[2].In == 32 && n.Layers[2].Out == 1 {
		l1, l2, lo := &n.Layers[0], &n.Layers[1], &n.Layers[2]
		n.tail = asm.Tail{
			L1Blocked: l1.blocked, L1Rows: l1.rows, L1Bias: l1.Bias, L1Group: l1.group,
			L2Blocked: l2.blocked, L2Bias: l2.Bias, L2Group: l2.group,
			Out: lo.Weight, OutBias: lo.Bias[0],
		}
	}
	n.tailFits = n.tail.Fits(n.Arch.HalfDims)
	n.leafFits = n.tailFits && n.Arch.HalfDims == maxLeafHalf && n.Arch.Features.Kind == KindHalfKP
}
