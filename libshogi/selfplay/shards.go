package selfplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/libshogi/libshogi/libshogi/board"
	"github.com/libshogi/libshogi/libshogi/record"
)

// Format selects the training-record files a generator writes.
type Format uint8

const (
	FormatPSV  Format = 1 << iota // PackedSfenValue, .bin
	FormatHCPE                    // hcpe, .hcpe
)

// formatExt are the shard file extensions, in Format bit order.
var formatExt = []struct {
	f    Format
	ext  string
	size int64
}{{FormatPSV, ".bin", record.PSVSize}, {FormatHCPE, ".hcpe", record.HCPESize}}

// ShardInfo is one shard of the manifest: its base name (the files are
// base + ".bin" / ".hcpe") and how many records it holds.
type ShardInfo struct {
	Base    string `json:"base"`
	Records int64  `json:"records"`
}

// Manifest is the state file of a generation run (<prefix>.state.json):
// it makes appending and resuming exact. Games counts the games whose
// records are all written (game indices 0..Games-1); records beyond the
// manifest's counts in a shard are the remains of an interrupted write and
// are cut off on resume.
type Manifest struct {
	Version   int         `json:"version"`
	Config    string      `json:"config"` // fingerprint of what decides the records
	Games     int64       `json:"games"`
	Records   int64       `json:"records"`
	Plies     int64       `json:"plies"` // plies of the committed games
	Shards    []ShardInfo `json:"shards"`
	Formats   Format      `json:"formats"`
	ShardSize int64       `json:"shard_records"`
}

// shardWriter writes the records of a run into size-limited shards and keeps
// the manifest in step.
type shardWriter struct {
	dir, prefix string
	man         Manifest
	files       []*os.File
	buf         [][]byte
	saved       time.Time // when the manifest was last written
	closed      bool
}

func (w *shardWriter) manifestPath() string {
	return filepath.Join(w.dir, w.prefix+".state.json")
}

// openShards starts a run in dir (prefix names the files) or resumes the run
// whose manifest is there; config must match the manifest's fingerprint.
func openShards(dir, prefix, config string, formats Format, shardRecords int64) (*shardWriter, error) {
	if formats == 0 {
		return nil, errors.New("selfplay: no output format")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &shardWriter{dir: dir, prefix: prefix}
	data, err := os.ReadFile(w.manifestPath())
	switch {
	case errors.Is(err, os.ErrNotExist):
		w.man = Manifest{Version: 1, Config: config, Formats: formats, ShardSize: shardRecords}
	case err != nil:
		return nil, err
	default:
		if err := json.Unmarshal(data, &w.man); err != nil {
			return nil, fmt.Errorf("selfplay: manifest %s: %v", w.manifestPath(), err)
		}
		if w.man.Config != config || w.man.Formats != formats || w.man.ShardSize != shardRecords {
			return nil, fmt.Errorf("selfplay: %s belongs to a run with other settings (%s); use another prefix or directory",
				w.manifestPath(), w.man.Config)
		}
	}
	if n := len(w.man.Shards); n > 0 {
		if err := w.open(w.man.Shards[n-1]); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// open opens (or creates) a shard's files, cut to the manifest's count.
func (w *shardWriter) open(s ShardInfo) error {
	w.closeFiles()
	for _, fe := range formatExt {
		if w.man.Formats&fe.f == 0 {
			continue
		}
		f, err := os.OpenFile(filepath.Join(w.dir, s.Base+fe.ext), os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		if err := f.Truncate(s.Records * fe.size); err != nil {
			f.Close()
			return err
		}
		if _, err := f.Seek(0, io.SeekEnd); err != nil {
			f.Close()
			return err
		}
		w.files = append(w.files, f)
	}
	w.buf = make([][]byte, len(w.files))
	return nil
}

// newShard starts the next shard and records it in the manifest before any
// record goes into it.
func (w *shardWriter) newShard() error {
	s := ShardInfo{Base: fmt.Sprintf("%s-%05d", w.prefix, len(w.man.Shards))}
	w.man.Shards = append(w.man.Shards, s)
	if err := w.saveManifest(); err != nil {
		return err
	}
	return w.open(s)
}

// write appends one game's records (their PSV and hcpe forms) and commits
// the game in the manifest.
func (w *shardWriter) write(recs []outRecord, plies int) error {
	for _, r := range recs {
		n := len(w.man.Shards)
		if n == 0 || (w.man.ShardSize > 0 && w.man.Shards[n-1].Records >= w.man.ShardSize) {
			if err := w.flush(); err != nil {
				return err
			}
			if err := w.newShard(); err != nil {
				return err
			}
			n = len(w.man.Shards)
		}
		i := 0
		for _, fe := range formatExt {
			if w.man.Formats&fe.f == 0 {
				continue
			}
			if fe.f == FormatPSV {
				w.buf[i] = record.AppendPSV(w.buf[i], &r.psv)
			} else {
				w.buf[i] = record.AppendHCPE(w.buf[i], &r.hcpe)
			}
			i++
		}
		w.man.Shards[n-1].Records++
		w.man.Records++
	}
	w.man.Games++
	w.man.Plies += int64(plies)
	return w.sync(false)
}

// manifestEvery bounds how often the manifest is rewritten. The manifest
// may lag the data (a resumed run cuts the extra records and plays those
// games again), never lead it: the data is flushed first.
const manifestEvery = time.Second

// sync writes the buffers when they are large, and the manifest (after
// them) when it is due or force is set.
func (w *shardWriter) sync(force bool) error {
	if force || time.Since(w.saved) >= manifestEvery {
		if err := w.flush(); err != nil {
			return err
		}
		return w.saveManifest()
	}
	for _, b := range w.buf {
		if len(b) >= 1<<20 {
			return w.flush()
		}
	}
	return nil
}

func (w *shardWriter) flush() error {
	for i, f := range w.files {
		if len(w.buf[i]) == 0 {
			continue
		}
		if _, err := f.Write(w.buf[i]); err != nil {
			return err
		}
		w.buf[i] = w.buf[i][:0]
	}
	return nil
}

// saveManifest replaces the manifest atomically.
func (w *shardWriter) saveManifest() error {
	data, err := json.MarshalIndent(&w.man, "", "  ")
	if err != nil {
		return err
	}
	tmp := w.manifestPath() + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	w.saved = time.Now()
	return os.Rename(tmp, w.manifestPath())
}

func (w *shardWriter) closeFiles() error {
	var first error
	for _, f := range w.files {
		if err := f.Close(); err != nil && first == nil {
			first = err
		}
	}
	w.files = nil
	return first
}

// close writes everything, the manifest last, and closes the files (a
// second close does nothing).
func (w *shardWriter) close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	err := w.sync(true)
	if e := w.closeFiles(); err == nil {
		err = e
	}
	return err
}

// keys returns the position keys of every record already written (for the
// dedup set of a resumed run), read back from the shards.
func (w *shardWriter) keys() (map[uint64]struct{}, error) {
	set := map[uint64]struct{}{}
	for _, s := range w.man.Shards {
		for _, fe := range formatExt {
			if w.man.Formats&fe.f == 0 {
				continue
			}
			if err := readKeys(filepath.Join(w.dir, s.Base+fe.ext), fe.f, s.Records, set); err != nil {
				return nil, err
			}
			break
		}
	}
	return set, nil
}

func readKeys(path string, f Format, n int64, set map[uint64]struct{}) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	var next func() (*record.Diagram, error)
	if f == FormatPSV {
		r := record.NewPSVReader(fh, record.StopOnError)
		next = func() (*record.Diagram, error) { _, err := r.Next(); return r.Diagram(), err }
	} else {
		r := record.NewHCPEReader(fh, record.StopOnError)
		next = func() (*record.Diagram, error) { _, err := r.Next(); return r.Diagram(), err }
	}
	pos := board.NewPosition()
	for i := int64(0); i < n; i++ {
		d, err := next()
		if err != nil {
			return fmt.Errorf("selfplay: %s record %d: %v", path, i, err)
		}
		if err := pos.SetSFEN(d.SFEN(), board.SFENOptions{AllowOpponentInCheck: true, AllowDeadPieces: true}); err != nil {
			return fmt.Errorf("selfplay: %s record %d: %v", path, i, err)
		}
		set[pos.Key()] = struct{}{}
	}
	return nil
}
