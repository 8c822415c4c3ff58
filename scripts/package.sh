#!/usr/bin/env bash
# Builds the release archives of this checkout into dist/ (or $DIST):
#   libshogi-VERSION-linux-x86_64.tar.gz   header, libshogi.so (+ .so.1), pkg-config,
#                                          CMake package config, LICENSE, README, CHANGELOG
#   libshogi-VERSION-windows-x86_64.zip    header, shogi.dll, libshogi.dll.a (mingw),
#                                          shogi.lib + shogi.def (MSVC), pkg-config, CMake
#                                          config, LICENSE, README, CHANGELOG
# The version comes from its one place, capi/main.go (scripts/version.sh).
# Reuses the CMake build folders build/ and build-win/ of the test stages.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(scripts/version.sh)
abi=$(scripts/version.sh abi)
dist=${DIST:-$root/dist}
mkdir -p "$dist"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# readme PLATFORM FILES-ROWS BUILD-TEXT > file: the archive's README.
readme() {
  python3 - "$1" "$2" "$3" "$version" "$abi" <<'PY'
import sys
platform, files, build, version, abi = sys.argv[1:]
text = open("packaging/README-release.md", encoding="utf-8").read()
for k, v in (("@PLATFORM@", platform), ("@FILES@", files), ("@BUILD@", build),
             ("@VERSION@", version), ("@ABI@", abi)):
    text = text.replace(k, v)
sys.stdout.write(text)
PY
}

common() { # common DIR: licence and changelog
  cp LICENSE CHANGELOG.md "$1/"
}

# ---- Linux x86-64
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target shogi_go -j "$(nproc 2>/dev/null || echo 2)"
lin="libshogi-$version-linux-x86_64"
cmake --install build --prefix "$stage/$lin" >/dev/null
# The installed layout's libdir may be lib/ or lib/x86_64-linux-gnu/: the archive uses lib/.
if [ -d "$stage/$lin/lib/x86_64-linux-gnu" ]; then
  mv "$stage/$lin/lib/x86_64-linux-gnu"/* "$stage/$lin/lib/"
  rmdir "$stage/$lin/lib/x86_64-linux-gnu"
fi
common "$stage/$lin"
readme "Linux x86-64" \
'| `lib/libshogi.so.1`, `lib/libshogi.so` | the shared library (SONAME libshogi.so.1) and its link name |' \
'```sh
cc -std=c99 -Iinclude my.c -Llib -lshogi -Wl,-rpath,'"'"'$ORIGIN/lib'"'"' -o my
```' >"$stage/$lin/README.md"
tar -C "$stage" -czf "$dist/$lin.tar.gz" "$lin"
echo "package: $dist/$lin.tar.gz"

# ---- Windows x86-64 (cross-built with mingw-w64)
if command -v x86_64-w64-mingw32-gcc >/dev/null; then
  cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-win --target shogi_go -j "$(nproc 2>/dev/null || echo 2)"
  win="libshogi-$version-windows-x86_64"
  cmake --install build-win --prefix "$stage/$win" >/dev/null
  common "$stage/$win"
  readme "Windows x64" \
'| `bin/shogi.dll` | the library (put it beside your program) |
| `lib/libshogi.dll.a` | import library for mingw-w64 (`-lshogi`) |
| `lib/shogi.lib`, `lib/shogi.def` | import library and module definition for MSVC (`link ... shogi.lib`) |' \
'```sh
x86_64-w64-mingw32-gcc -Iinclude my.c -Llib -lshogi -o my.exe    # mingw-w64
cl /Iinclude my.c lib\shogi.lib                                 # MSVC
```' >"$stage/$win/README.md"
  (cd "$stage" && rm -f "$dist/$win.zip" && zip -qr "$dist/$win.zip" "$win")
  echo "package: $dist/$win.zip"
else
  echo "package: x86_64-w64-mingw32-gcc not found: no Windows archive (scripts/setup.sh installs it)" >&2
  exit 1
fi
