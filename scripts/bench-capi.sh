#!/usr/bin/env bash
# Benchmark of the C ABI: the cost of a trivial call from C into libshogi
# and of do_move + undo_move from C, in ns per call (median of 7 runs).
#
# usage: scripts/bench-capi.sh [SCALE]   (default 20; the build is CMake's)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SHOGI_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target bench_capi -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
"$build/bench_capi" "${1:-20}"
