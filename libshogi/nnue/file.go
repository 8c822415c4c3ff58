package nnue

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
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
	FileHash   uint32 // as stored
	FTHash     uint32
	NetHash    uint32
	FTBias     []int16 // HalfDims
	FTWeight   []int16 // Features.Dims * HalfDims, feature-major
	Layers     []Layer // input side first; the last has one output
	// Warnings lists non-fatal problems found while loading (hash mismatches).
	Warnings []string
	// tail is the layers in asm.Tail form when the layout is the common
	// 2h-32-32-1 one (tail.Fits), which the forward pass then runs in one
	// kernel.
	tail     asm.Tail
	tailFits bool
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

// Load reads an nn.bin file.
func Load(path string) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	n, err := read(bufio.NewReaderSize(f, 1<<20), size)
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return n, nil
}

// LoadBytes reads a network from memory.
func LoadBytes(b []byte) (*Net, error) { return read(bytes.NewReader(b), int64(len(b))) }

// Read reads a network from r, which must end right after the network.
func Read(r io.Reader) (*Net, error) { return read(r, -1) }

type reader struct {
	r   io.Reader
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

var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

func read(in io.Reader, size int64) (*Net, error) {
	r := &reader{r: in}
	version := r.u32("the version")
	if r.err != nil {
		return nil, r.err
	}
	if version != FileVersion {
		return nil, loadErr(ErrVersion, 0, "wrong version 0x%08X (expected 0x%08X): not a halfkp nn.bin, or an unsupported (e.g. SFNN/LEB128) format", version, FileVersion)
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
	arch, err := ParseArch(string(archBytes))
	if err != nil {
		return nil, &LoadError{Kind: ErrArch, What: trimPrefix(err.Error()), Offset: 12}
	}
	want := int64(arch.Size()) - int64(len(arch.String())) + int64(archLen)
	if size >= 0 && size != want {
		kind := ErrSize
		what := "wrong file size"
		if size < want {
			kind, what = ErrTruncated, "truncated file"
		} else {
			kind, what = ErrTrailing, "trailing bytes"
		}
		return nil, loadErr(kind, -1, "%s: %d bytes, a %s network needs exactly %d", what, size, arch.shortName(), want)
	}
	n := &Net{Arch: arch, ArchString: string(archBytes), FileHash: fileHash}
	n.FTHash = r.u32("the feature transformer hash")
	n.FTBias = make([]int16, arch.HalfDims)
	r.i16s(n.FTBias, "the feature transformer biases")
	if r.err != nil {
		return nil, r.err
	}
	total := arch.Features.Dims * arch.HalfDims
	if size >= 0 {
		n.FTWeight = makeWeights(total)
		r.i16s(n.FTWeight, "the feature transformer weights")
	} else {
		// Unknown length: grow as the data arrives, so that a short stream
		// with a header claiming a huge layout fails before allocating it.
		const step = 1 << 22
		w := make([]int16, 0, min(total, step))
		for len(w) < total && r.err == nil {
			k := min(step, total-len(w))
			w = slices.Grow(w, k)[:len(w)+k]
			r.i16s(w[len(w)-k:], "the feature transformer weights")
		}
		n.FTWeight = w
	}
	n.NetHash = r.u32("the network hash")
	for i, l := range arch.Layers() {
		ly := Layer{LayerShape: l, Bias: make([]int32, l.Out), Weight: make([]int8, l.Out*l.PaddedIn())}
		r.i32s(ly.Bias, fmt.Sprintf("layer %d biases", i+1))
		r.i8s(ly.Weight, fmt.Sprintf("layer %d weights", i+1))
		n.Layers = append(n.Layers, ly)
	}
	if r.err != nil {
		return nil, r.err
	}
	var one [1]byte
	if k, _ := io.ReadFull(in, one[:]); k > 0 {
		return nil, loadErr(ErrTrailing, r.off, "trailing bytes after the output layer (a %s network ends at byte %d)", arch.shortName(), r.off)
	}
	if n.FileHash != arch.FileHash() {
		n.Warnings = append(n.Warnings, fmt.Sprintf("file hash 0x%08X, expected 0x%08X", n.FileHash, arch.FileHash()))
	}
	if n.FTHash != arch.FTHash() {
		n.Warnings = append(n.Warnings, fmt.Sprintf("feature transformer hash 0x%08X, expected 0x%08X", n.FTHash, arch.FTHash()))
	}
	if n.NetHash != arch.NetHash() {
		n.Warnings = append(n.Warnings, fmt.Sprintf("network hash 0x%08X, expected 0x%08X", n.NetHash, arch.NetHash()))
	}
	n.Prepare()
	return n, nil
}

func trimPrefix(s string) string {
	if len(s) > 6 && s[:6] == "nnue: " {
		return s[6:]
	}
	return s
}

func (a Arch) shortName() string {
	name := a.Features.Name
	if name == HalfKP.Name {
		name = "halfkp"
	}
	return fmt.Sprintf("%s_%dx2-%d-%d", name, a.HalfDims, a.Hidden[0], a.Hidden[1])
}

// Write writes the network in the nn.bin layout.
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
	u32(FileVersion)
	u32(n.FileHash)
	u32(uint32(len(arch)))
	bw.WriteString(arch)
	u32(n.FTHash)
	writeI16(bw, n.FTBias)
	writeI16(bw, n.FTWeight)
	u32(n.NetHash)
	for _, l := range n.Layers {
		for _, b := range l.Bias {
			u32(uint32(b))
		}
		if len(l.Weight) > 0 {
			bw.Write(unsafe.Slice((*byte)(unsafe.Pointer(&l.Weight[0])), len(l.Weight)))
		}
	}
	return bw.Flush()
}

func writeI16(w *bufio.Writer, v []int16) {
	var buf [4096]byte
	for len(v) > 0 {
		k := min(len(v), len(buf)/2)
		for i := 0; i < k; i++ {
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(v[i]))
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

// Prepare builds the kernel layouts from the parameters. Loaders call it;
// call it again after changing Layers by hand.
func (n *Net) Prepare() {
	for i := range n.Layers {
		l := &n.Layers[i]
		pin := l.PaddedIn()
		l.blocked = make([]int8, len(l.Weight))
		for o := 0; o < l.Out; o++ {
			for in := 0; in < pin; in++ {
				l.blocked[(in/4)*l.Out*4+o*4+in%4] = l.Weight[o*pin+in]
			}
		}
		l.rows = asm.RowChunks(l.Weight, l.Out, pin)
		l.group = asm.GroupLimit(asm.MaxAbs(l.Weight))
	}
	n.tail = asm.Tail{}
	if len(n.Layers) == 3 && n.Layers[1].In == 32 && n.Layers[2].In == 32 && n.Layers[2].Out == 1 {
		l1, l2, lo := &n.Layers[0], &n.Layers[1], &n.Layers[2]
		n.tail = asm.Tail{
			L1Blocked: l1.blocked, L1Rows: l1.rows, L1Bias: l1.Bias, L1Group: l1.group,
			L2Blocked: l2.blocked, L2Bias: l2.Bias, L2Group: l2.group,
			Out: lo.Weight, OutBias: lo.Bias[0],
		}
	}
	n.tailFits = n.tail.Fits(n.Arch.HalfDims)
}
