// Package dataset streams training positions out of training-data files
// (PackedSfenValue .bin, hcpe, hcpe3) into batches that a training loop
// consumes directly: sparse NNUE feature indices (padded and CSR layouts)
// and dlshogi/AlphaZero-style input planes with move labels.
//
// A Stream reads one or many files with several decode goroutines, filters
// positions (each filter counts what it removed), shuffles them through a
// seeded buffer, cycles for several epochs and fills a Batch that it owns
// and reuses. Decoding uses libshogi/record's decoders; HalfKP indices come
// from libshogi/nnue. The output order depends only on the files, the
// options and the seed, never on the number of decode threads: chunks are
// decoded in parallel and put back in file order before the shuffle.
//
// Bad records never stop a stream: each is skipped, counted in Stats and
// described (file, record index, fault). Missing files and unknown formats
// are reported by Open.
package dataset
