#!/usr/bin/env bash
# Builds the Python platform wheels of this checkout into dist/ (or $DIST):
#   libshogi-VERSION-cp38-abi3-manylinux_2_NN_x86_64.whl
#       libshogi/libshogi-capi.so and the accelerator libshogi/_accel.abi3.so
#       (limited API of CPython 3.8): one wheel for every CPython >= 3.8 on
#       Linux x86-64 with glibc >= 2.NN. NN is read from the glibc symbol
#       versions the two binaries need (objdump), not assumed.
#   libshogi-VERSION-py3-none-win_amd64.whl
#       libshogi/shogi.dll, cross-built with mingw-w64; no accelerator (it
#       would need Windows Python headers and python3.dll, which Debian does
#       not have), so the package runs on its ctypes path there: the tag says
#       any Python 3, Windows x64.
# Both are built by setup.py (pip wheel, no index, Debian's setuptools and
# wheel), which takes the version from capi/main.go (scripts/version.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(scripts/version.sh)
dist=${DIST:-$root/dist}
PY=${LIBSHOGI_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
mkdir -p "$dist"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in go objdump x86_64-w64-mingw32-gcc x86_64-w64-mingw32-objdump; do
  command -v "$tool" >/dev/null || { echo "package-wheel: $tool not found (scripts/setup.sh installs it)" >&2; exit 1; }
done
"$PY" -c 'import setuptools, wheel, pip' 2>/dev/null \
  || { echo "package-wheel: $PY lacks setuptools, wheel or pip (scripts/setup.sh installs python3-setuptools python3-wheel python3-pip)" >&2; exit 1; }

# The package's sources without what earlier builds left in the folder
# (build/, egg-info, an in-place accelerator, a copied library).
src=$tmp/python
cp -a bindings/python "$src"
rm -rf "$src/build" "$src"/*.egg-info "$src/tests"
find "$src" -name __pycache__ -prune -exec rm -rf {} +
rm -f "$src"/libshogi/*.so "$src"/libshogi/*.pyd "$src"/libshogi/*.dll "$src"/libshogi/*.dylib
export LIBSHOGI_REPO=$root # setup.py reads the version there

# wheel BUILD-DIR: pip wheel of the copied sources into BUILD-DIR; prints the wheel's path.
wheel() {
  "$PY" -m pip wheel -q --no-deps --no-build-isolation --no-index -w "$1" "$src" >"$1.log" 2>&1 \
    || { cat "$1.log" >&2; echo "package-wheel: pip wheel failed" >&2; exit 1; }
  ls "$1"/*.whl
}

# ---- Linux x86-64
mkdir "$tmp/linux"
echo "package-wheel: go build -buildmode=c-shared ./capi (linux/amd64)"
CGO_ENABLED=1 go build -trimpath -buildmode=c-shared -o "$tmp/linux/libshogi-capi.so" ./capi
rm -f "$tmp/linux/libshogi-capi.h"
whl=$(LIBSHOGI_PREBUILT=$tmp/linux/libshogi-capi.so wheel "$tmp/linux/out")
"$PY" -m wheel unpack -d "$tmp/linux/unpacked" "$whl" >/dev/null
u=$tmp/linux/unpacked/libshogi-$version
for f in libshogi/libshogi-capi.so libshogi/_accel.abi3.so libshogi/py.typed libshogi/train/__init__.py; do
  [ -f "$u/$f" ] || { echo "package-wheel: the Linux wheel lacks $f (did the accelerator build? python3-dev)" >&2; exit 1; }
done
# manylinux_2_NN: the newest glibc symbol version either binary needs, and
# nothing but libc itself linked (the libraries a manylinux wheel may assume).
glibc=$(objdump -T "$u/libshogi/libshogi-capi.so" "$u/libshogi/_accel.abi3.so" \
  | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n -u | tail -1)
[ -n "$glibc" ] || { echo "package-wheel: no GLIBC symbol versions found" >&2; exit 1; }
needed=$(objdump -p "$u/libshogi/libshogi-capi.so" "$u/libshogi/_accel.abi3.so" | awk '/NEEDED/ {print $2}' | sort -u)
for lib in $needed; do
  case $lib in
    libc.so.6|libpthread.so.0|libm.so.6|libdl.so.2|librt.so.1|ld-linux-x86-64.so.2) ;;
    *) echo "package-wheel: the Linux binaries need $lib, which a manylinux wheel may not assume" >&2; exit 1 ;;
  esac
done
plat=manylinux_${glibc#GLIBC_}_x86_64
plat=${plat//./_}
sed -i "s/^Tag: cp38-abi3-linux_x86_64\$/Tag: cp38-abi3-$plat/" "$u/libshogi-$version.dist-info/WHEEL"
grep -qx "Tag: cp38-abi3-$plat" "$u/libshogi-$version.dist-info/WHEEL" \
  || { echo "package-wheel: unexpected tag in $(basename "$whl")" >&2; exit 1; }
rm -f "$dist/libshogi-$version-cp38-abi3-$plat.whl"
"$PY" -m wheel pack -d "$dist" "$u" >/dev/null
echo "package: $dist/libshogi-$version-cp38-abi3-$plat.whl (needs ${glibc/_/ } and $(echo $needed | tr ' ' ','))"

# ---- Windows x64 (shogi.dll cross-built with mingw-w64, ctypes path)
mkdir "$tmp/win"
echo "package-wheel: go build -buildmode=c-shared ./capi (windows/amd64, mingw-w64)"
CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc \
  go build -trimpath -buildmode=c-shared -o "$tmp/win/shogi.dll" ./capi
# Only Windows' own DLLs: no mingw runtime DLL that a user would lack.
for dll in $(x86_64-w64-mingw32-objdump -p "$tmp/win/shogi.dll" | awk '/DLL Name:/ {print $3}'); do
  case ${dll,,} in
    kernel32.dll|msvcrt.dll|ws2_32.dll|winmm.dll|ntdll.dll|advapi32.dll|user32.dll|api-ms-win-*) ;;
    *) echo "package-wheel: shogi.dll imports $dll, which Windows does not ship" >&2; exit 1 ;;
  esac
done
whl=$(LIBSHOGI_PREBUILT=$tmp/win/shogi.dll LIBSHOGI_WHEEL_PLATFORM=win_amd64 wheel "$tmp/win/out")
[ "$(basename "$whl")" = "libshogi-$version-py3-none-win_amd64.whl" ] \
  || { echo "package-wheel: unexpected Windows wheel $(basename "$whl")" >&2; exit 1; }
cp "$whl" "$dist/"
echo "package: $dist/$(basename "$whl")"
