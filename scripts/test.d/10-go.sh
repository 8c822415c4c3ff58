#!/usr/bin/env bash
# Go unit tests of every package, with the race detector off for speed.
set -euo pipefail
go vet ./...
go test -count=1 ./...
# Readers sharing one position (the C ABI promises it) under the race detector.
go test -count=1 -race -run Concurrent ./libshogi/board
