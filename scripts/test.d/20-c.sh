#!/usr/bin/env bash
# C stage (Linux): build libshogi.so and the C programs with CMake, run the
# C tests with ctest (label "c": the C API tests, perft from C, threads,
# the symbol agreement test, and the same tests under valgrind memcheck;
# the Go tests are ctest's label "go" and run in 10-go.sh), then install to
# a temporary prefix and build a consumer with find_package and one with
# pkg-config against the installed files.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${SHOGI_BUILD_DIR:-build}
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" -L c --output-on-failure -j "$jobs"

prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix/usr"
libdir=$(dirname "$(find "$prefix/usr" -name 'libshogi.so' | head -1)")

echo "--- consumer with find_package(libshogi)"
cmake -S tests/c/consumer -B "$prefix/consumer" -DCMAKE_PREFIX_PATH="$prefix/usr" >/dev/null
cmake --build "$prefix/consumer" >/dev/null
"$prefix/consumer/consumer"

echo "--- consumer with pkg-config"
if command -v pkg-config >/dev/null; then
  pc="PKG_CONFIG_PATH=$libdir/pkgconfig"
  flags=$(env "$pc" pkg-config --cflags --libs libshogi)
  echo "pkg-config --cflags --libs libshogi: $flags"
  # shellcheck disable=SC2086
  cc -std=c99 tests/c/consumer/consumer.c $flags -Wl,-rpath,"$libdir" -o "$prefix/consumer-pc"
  "$prefix/consumer-pc"
else
  echo "pkg-config is not installed: pkg-config consumer skipped"
fi
