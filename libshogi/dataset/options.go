package dataset

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is a training-data file format.
type Format uint8

const (
	// FormatAuto picks the format from the file name: .hcpe3 → hcpe3,
	// .hcpe/.hcpe2 → hcpe, anything else (.bin, .psv) → PackedSfenValue.
	FormatAuto Format = iota
	FormatPSV
	FormatHCPE
	FormatHCPE3
)

var formatNames = [...]string{"auto", "psv", "hcpe", "hcpe3"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("format(%d)", uint8(f))
}

// ParseFormat reads a format name as String writes it.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(s, n) {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("dataset: unknown format %q (psv, hcpe, hcpe3 or auto)", s)
}

// formatOf resolves FormatAuto for one file.
func formatOf(f Format, path string) Format {
	if f != FormatAuto {
		return f
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".hcpe3":
		return FormatHCPE3
	case ".hcpe", ".hcpe2":
		return FormatHCPE
	}
	return FormatPSV
}

// Layout selects which parts of a Batch a stream fills.
type Layout uint32

const (
	// LayoutPadded: features as (n, MaxActive) rows padded with -1.
	LayoutPadded Layout = 1 << iota
	// LayoutCSR: features as values plus n+1 offsets.
	LayoutCSR
	// LayoutPlanes: dlshogi input planes (float32, Features1Num x 81 and
	// Features2Num x 81 per position) and move labels.
	LayoutPlanes
	// LayoutPlanesU8: the same planes as bytes, features2 one byte a plane
	// (InputFeaturesU8), and the move labels: 5 KB a position, not 38.5 KB.
	LayoutPlanesU8
	// LayoutPlanesBits: the same planes packed one bit a value
	// (InputFeaturesBits: features1 628 bytes, features2 8 bytes a
	// position), and the move labels.
	LayoutPlanesBits
)

// layoutsWithPlanes are the layouts that come with move labels and
// policy targets.
const layoutsWithPlanes = LayoutPlanes | LayoutPlanesU8 | LayoutPlanesBits

// Options configure a Stream. The zero value (plus a feature set or
// LayoutPlanes) reads every file once in order, 1024 positions a batch.
type Options struct {
	Format    Format // FormatAuto: by file name
	BatchSize int    // positions per batch; 0 = 1024
	Threads   int    // decode goroutines; 0 = 1
	// ShuffleBuffer is the number of positions held for shuffling; 0 or 1
	// keeps file order. Each epoch is drained before the next starts, so
	// every epoch delivers each kept position exactly once.
	// The buffer grows as it fills (about 136 bytes a position).
	ShuffleBuffer int
	Seed          uint64 // seeds the shuffles and the random skip
	// ShuffleFiles reads the files in a new seeded order each epoch.
	ShuffleFiles bool
	// Epochs is the number of passes over the files: 0 = 1, negative = forever.
	Epochs int
	// FeatureSet names the NNUE feature set ("HalfKP"); empty for none.
	FeatureSet string
	// Layout says what to fill; 0 = padded and CSR features when a feature
	// set is named, planes otherwise.
	Layout  Layout
	Filters Filters
	// Allocator, when set, provides the batch arrays (see Allocator).
	Allocator Allocator
}

// maxBatch and maxPlanesBatch bound the batch size so that the batch
// buffers, allocated when the stream opens, stay allocatable (running out
// of memory ends a Go program; it cannot be reported).
const (
	maxBatch       = 1 << 20
	maxPlanesBatch = 1 << 16
	maxShuffle     = 1 << 27
)

func (o *Options) normalize() error {
	if o.BatchSize == 0 {
		o.BatchSize = 1024
	}
	if o.BatchSize < 0 || o.BatchSize > maxBatch {
		return fmt.Errorf("dataset: batch size %d out of range 1..%d", o.BatchSize, maxBatch)
	}
	if o.Threads == 0 {
		o.Threads = 1
	}
	if o.Threads < 0 || o.Threads > 256 {
		return fmt.Errorf("dataset: %d threads out of range 1..256", o.Threads)
	}
	if o.ShuffleBuffer < 0 || o.ShuffleBuffer > maxShuffle {
		return fmt.Errorf("dataset: shuffle buffer %d out of range 0..%d", o.ShuffleBuffer, maxShuffle)
	}
	if o.Epochs == 0 {
		o.Epochs = 1
	}
	if o.Format > FormatHCPE3 {
		return fmt.Errorf("dataset: unknown format %d", o.Format)
	}
	if o.Layout == 0 {
		if o.FeatureSet != "" {
			o.Layout = LayoutPadded | LayoutCSR
		} else {
			o.Layout = LayoutPlanes
		}
	}
	if o.Layout&^(LayoutPadded|LayoutCSR|layoutsWithPlanes) != 0 {
		return fmt.Errorf("dataset: unknown layout bits %#x", uint32(o.Layout))
	}
	if o.Layout&LayoutPlanes != 0 && o.BatchSize > maxPlanesBatch {
		return fmt.Errorf("dataset: batch size %d with planes out of range 1..%d (38.5 KB a position)", o.BatchSize, maxPlanesBatch)
	}
	if o.Layout&(LayoutPadded|LayoutCSR) != 0 && o.FeatureSet == "" {
		return fmt.Errorf("dataset: padded or CSR features need a feature set name")
	}
	return o.Filters.check()
}
