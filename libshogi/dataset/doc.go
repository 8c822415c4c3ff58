// Package dataset streams training positions out of training-data files
// (PackedSfenValue .bin, hcpe, hcpe3 expanded to one position per move)
// into batches that a training loop consumes directly: sparse NNUE feature
// indices of both perspectives (padded and CSR layouts) with side to move,
// score, result, ply and move; or dlshogi/AlphaZero-style input planes
// (float32 as cshogi makes them, a compact byte form, or packed one bit a
// value), move labels and policy targets (hcpe3 visit shares).
//
// A Stream reads one or many files with several decode goroutines, filters
// positions (each filter counts what it removed), shuffles them through a
// seeded buffer (and, if asked, the file order each epoch), cycles for
// several epochs and fills a Batch that it owns and reuses: no allocation
// per batch in steady state. Decoding uses libshogi/record's decoders;
// HalfKP indices come from libshogi/nnue, behind the FeatureSet interface
// that other feature sets join by name (RegisterFeatureSet). The output
// depends only on the files, the options and the seed, never on the number
// of threads: chunks are decoded in parallel and put back in file order
// before the shuffle.
//
// Bad records never stop a stream: each is skipped, counted in Stats and
// described (file, record index, fault). Missing files and bad options are
// reported by Open; a file that becomes unreadable ends the stream with an
// error from Next. The layouts are specified in docs/specs/dlshogi-features.md
// (planes) and docs/specs/nnue-halfkp.md (HalfKP).
package dataset
