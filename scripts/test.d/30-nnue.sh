#!/usr/bin/env bash
# NNUE checks beyond `go test ./...` (10-go.sh):
#  - the pure-Go twins alone (noasm build tag), golden rows included;
#  - the committed avo output (asm/kernels_amd64.s, asm/stub_amd64.go,
#    asm/expand_amd64.s, asm/expand_stub_amd64.go, asm/expandbits_amd64.s,
#    asm/expandbits_stub_amd64.go, asm/squaretypes_amd64.s,
#    asm/squaretypes_stub_amd64.go, asm/argmax_amd64.s,
#    asm/argmax_stub_amd64.go) is what the generators in asm/gen,
#    asm/gen/expand, asm/gen/expandbits, asm/gen/squaretypes and
#    asm/gen/argmax write
#    (skipped when avo cannot be fetched);
#  - short fuzz runs of the nn.bin loader (classic, other layouts and
#    version words, LEB128 blocks, descriptions).
set -euo pipefail
go vet -tags noasm ./asm ./libshogi/nnue
go test -count=1 -tags noasm ./asm ./libshogi/nnue

if (cd asm/gen && go mod download github.com/mmcloughlin/avo) >/dev/null 2>&1; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp -r asm/gen "$tmp/gen"
  (cd "$tmp/gen" && go run . -out ../kernels_amd64.s -stubs ../stub_amd64.go -pkg asm)
  (cd "$tmp/gen" && go run ./expand -out ../expand_amd64.s -stubs ../expand_stub_amd64.go -pkg asm)
  (cd "$tmp/gen" && go run ./expandbits -out ../expandbits_amd64.s -stubs ../expandbits_stub_amd64.go -pkg asm)
  (cd "$tmp/gen" && go run ./squaretypes -out ../squaretypes_amd64.s -stubs ../squaretypes_stub_amd64.go -pkg asm)
  (cd "$tmp/gen" && go run ./argmax -out ../argmax_amd64.s -stubs ../argmax_stub_amd64.go -pkg asm)
  for f in kernels_amd64.s stub_amd64.go expand_amd64.s expand_stub_amd64.go expandbits_amd64.s expandbits_stub_amd64.go \
    squaretypes_amd64.s squaretypes_stub_amd64.go argmax_amd64.s argmax_stub_amd64.go; do
    diff -u "asm/$f" "$tmp/$f"
  done
  echo "30-nnue: generated assembly is up to date"
else
  echo "30-nnue: avo not available, generated-file check skipped"
fi

# Budgets in executions (about 10 s each on this 2-core machine), not in
# time: with a duration, Go 1.26's fuzz coordinator can report its own
# deadline as a failure ("context deadline exceeded", no input written;
# golang/go#75804) when a worker is still busy at the end.
go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime 150000x ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzLoadArchs$' -fuzztime 180000x ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzLEB128$' -fuzztime 300000x ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzParseDescription$' -fuzztime 220000x ./libshogi/nnue
