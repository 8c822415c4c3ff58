#!/usr/bin/env bash
# NNUE checks beyond `go test ./...` (10-go.sh):
#  - the pure-Go twins alone (noasm build tag), golden rows included;
#  - the committed avo output (asm/kernels_amd64.s, asm/stub_amd64.go) is
#    what the generator in asm/gen writes (skipped when avo cannot be
#    fetched);
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
  diff -u asm/kernels_amd64.s "$tmp/kernels_amd64.s"
  diff -u asm/stub_amd64.go "$tmp/stub_amd64.go"
  echo "30-nnue: generated assembly is up to date"
else
  echo "30-nnue: avo not available, generated-file check skipped"
fi

go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime 10s ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzLoadArchs$' -fuzztime 10s ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzLEB128$' -fuzztime 10s ./libshogi/nnue
go test -run '^$' -fuzz '^FuzzParseDescription$' -fuzztime 10s ./libshogi/nnue
