#!/usr/bin/env bash
# Builds everything (the shared library, the C programs and the shogi tool)
# and runs the main job: analyse a position through the shared library with
# the trained net built into it (its legal moves and perft first).
# Usage: scripts/demo.sh [SFEN]   (DEPTH=N sets the search depth, default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
go build -o build/shogi ./cmd/shogi
sfen="${1:-startpos}"
./build/legal_moves "$sfen" 3
./build/analyze "$sfen" "${DEPTH:-10}"
