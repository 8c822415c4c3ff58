#!/usr/bin/env bash
# The Python wheels, as a user installs them (scripts/package-wheel.sh):
#  - the Linux wheel installed with pip (no index) into a fresh venv, then
#    the whole Python test suite run against the installed package on the
#    accelerator, and the Board-level tests on the ctypes path, from a copy
#    of the tests outside the repository, with no Go on PATH and no
#    $LIBSHOGI_LIBRARY: the package must use the library and accelerator
#    inside it;
#  - the contents of both wheels (zip listing), the DLL's exports against
#    the header (no Windows Python here to run the Windows wheel);
#  - `pip install ./bindings/python` (the build step of the package: go build
#    of the library, the accelerator) into a second venv, and the clear error
#    of that build when Go is missing;
#  - one version: wheel names, metadata, libshogi.__version__.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
version=$(scripts/version.sh)
PY=${LIBSHOGI_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
export PYTHONDONTWRITEBYTECODE=1
unset LIBSHOGI_LIBRARY LIBSHOGI_PREBUILT LIBSHOGI_WHEEL_PLATFORM LIBSHOGI_REPO PYTHONPATH LIBSHOGI_NO_ACCEL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "55-wheel: $*" >&2; exit 1; }

echo "--- wheels (version $version)"
DIST=$tmp/dist scripts/package-wheel.sh >"$tmp/wheel.log" 2>&1 || { cat "$tmp/wheel.log" >&2; exit 1; }
grep '^package:' "$tmp/wheel.log"
shopt -s nullglob
lins=("$tmp/dist/libshogi-$version-cp38-abi3-manylinux_2_"*"_x86_64.whl")
shopt -u nullglob
[ ${#lins[@]} -eq 1 ] || fail "want one libshogi-$version-cp38-abi3-manylinux_2_*_x86_64.whl, got ${#lins[@]}"
lin=${lins[0]}
win=$tmp/dist/libshogi-$version-py3-none-win_amd64.whl
[ -f "$win" ] || fail "no $(basename "$win")"

# The contents: every module of the package (libshogi.train too), py.typed,
# the library under its package name, the accelerator on Linux only.
modules=$(cd bindings/python && git ls-files -co --exclude-standard 'libshogi/*.py' 'libshogi/**/*.py' | sort -u)
listing() { "$PY" -c 'import sys, zipfile; print("\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))' "$1"; }
for w in "$lin" "$win"; do
  case $w in
    *win_amd64.whl) native="libshogi/shogi.dll" ;;
    *) native=$(printf '%s\n' libshogi/_accel.abi3.so libshogi/libshogi-capi.so) ;;
  esac
  di=libshogi-$version.dist-info
  want=$(printf '%s\n' $modules libshogi/py.typed $native "$di/METADATA" "$di/RECORD" "$di/WHEEL" "$di/top_level.txt" | sort)
  got=$(listing "$w")
  [ "$got" = "$want" ] || { diff <(echo "$want") <(echo "$got") >&2 || true; fail "$(basename "$w") holds other files than the package (< wanted, > found)"; }
  meta=$("$PY" -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())' "$w" "$di/METADATA")
  grep -qx "Version: $version" <<<"$meta" || fail "$(basename "$w"): METADATA has another version"
  for extra in numpy train dask; do
    grep -qx "Provides-Extra: $extra" <<<"$meta" || fail "$(basename "$w"): no extra [$extra]"
  done
done
# The DLL inside the Windows wheel: a PE32+ x86-64 DLL exporting exactly the
# header's functions (tests/c/abi_symbols.sh), importing only Windows' own DLLs.
mkdir "$tmp/winwheel"
(cd "$tmp/winwheel" && unzip -q "$win" libshogi/shogi.dll)
dll=$tmp/winwheel/libshogi/shogi.dll
x86_64-w64-mingw32-objdump -f "$dll" | grep -q "file format pei-x86-64" || fail "shogi.dll is not a PE32+ x86-64 file"
bash tests/c/abi_symbols.sh include/shogi.h capi "$dll" >"$tmp/abi.log" || { cat "$tmp/abi.log" >&2; fail "shogi.dll's exports differ from include/shogi.h"; }
echo "windows wheel: $(listing "$win" | wc -l) files, shogi.dll exports $(x86_64-w64-mingw32-objdump -p "$dll" | grep -c ' shogi_') shogi_* functions (the header's), imports $(x86_64-w64-mingw32-objdump -p "$dll" | awk '/DLL Name:/ {print $3}' | tr '\n' ' ')"

# A user's shell: no Go on PATH, not in the repository.
nogo=""
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -x "$d/go" ] && nogo=${nogo:+$nogo:}$d
done
mkdir "$tmp/home"
user() { (cd "$tmp/home" && PATH=$nogo "$@"); }
user sh -c 'command -v go' >/dev/null && fail "go is still on the user PATH"

echo "--- the Linux wheel in a fresh venv"
"$PY" -m venv --system-site-packages "$tmp/venv" # Debian's numpy, pytest, torch, dask stay visible
V=$tmp/venv/bin/python
user "$V" -m pip install -q --no-index --no-deps "$lin" || fail "pip install of $(basename "$lin") failed"
probe='import importlib.metadata as m, libshogi
print(libshogi.__file__); print(libshogi.library_path); print(libshogi.__version__); print(m.version("libshogi")); print(libshogi.accelerated)'
mapfile -t got < <(user "$V" -c "$probe")
[[ ${got[0]} == "$tmp/venv/lib/"*"/site-packages/libshogi/__init__.py" ]] || fail "libshogi imported from ${got[0]}, not the venv"
[ "${got[1]}" = "$(dirname "${got[0]}")/libshogi-capi.so" ] || fail "library loaded from ${got[1]}, not the package's"
[ "${got[2]} ${got[3]}" = "$version $version" ] || fail "libshogi.__version__ / metadata say ${got[2]} / ${got[3]}, want $version"
[ "${got[4]}" = True ] || fail "the wheel's accelerator did not load"
echo "installed: ${got[0]%/__init__.py}, version $version, accelerated"

# The suite, copied beside the golden data in a clone's layout that holds no
# package: conftest's path insertion finds nothing, the venv's package is used.
# test_install.py builds from the package's sources: the source build is
# checked below instead.
t=$tmp/suite
mkdir -p "$t/bindings/python" "$t/tests" "$t/scripts"
cp -a bindings/python/tests bindings/python/examples "$t/bindings/python/"
find "$t" -name __pycache__ -prune -exec rm -rf {} +
ln -s "$root/tests/testdata" "$t/tests/testdata"
ln -s "$root/include" "$t/include"
cp scripts/train_from_zero.py scripts/finetune_net.py "$t/scripts/"
# the embedded net's provenance README (test_evaluation checks its checksum)
mkdir -p "$t/libshogi/nnue/defaultnet"
cp libshogi/nnue/defaultnet/README.md "$t/libshogi/nnue/defaultnet/"
cat >"$t/bindings/python/tests/test_zz_installed.py" <<'PYTEST'
"""Written by 55-wheel.sh: the suite ran against the venv's package."""
import os
import sys

import libshogi


def test_the_installed_package_was_tested():
    assert sys.prefix != sys.base_prefix and libshogi.__file__.startswith(sys.prefix + os.sep)
    assert libshogi.library_path == os.path.join(os.path.dirname(libshogi.__file__), "libshogi-capi.so")
PYTEST
# The whole suite on the accelerator (the path a user gets; its
# test_accel.py also runs a transcript on both paths and compares them),
# then the Board-level tests on the ctypes path alone (the Windows wheel's
# path). The whole suite on both paths is stage 40's, on the checkout.
suite() { # suite PATH-NAME NO_ACCEL EXPECT_ACCEL TEST...
  local name=$1 no_accel=$2 expect=$3 rc
  shift 3
  set +e
  (cd "$t/bindings/python" && PATH=$nogo LIBSHOGI_NO_ACCEL=$no_accel LIBSHOGI_EXPECT_ACCEL=$expect \
    "$V" -m pytest -q -p no:cacheprovider -o addopts="" "$@") >"$tmp/pytest-$name.log" 2>&1
  rc=$?
  set -e
  [ $rc -eq 0 ] || { tail -60 "$tmp/pytest-$name.log" >&2; fail "tests failed against the installed wheel on the $name path (exit $rc)"; }
  echo "installed wheel, $name path: $(tail -1 "$tmp/pytest-$name.log")"
}
suite accel 0 1 --ignore=tests/test_install.py tests
echo "  (the whole suite but tests/test_install.py, which builds from the package's sources: see below)"
suite ctypes 1 0 tests/test_board.py tests/test_cshogi_api.py tests/test_records.py \
  tests/test_accel.py::test_path_is_the_one_asked_for tests/test_zz_installed.py

echo "--- pip install ./bindings/python (the package's build step)"
fresh=()
for d in bindings/python/build bindings/python/libshogi.egg-info; do [ -e "$d" ] || fresh+=("$d"); done
cleanup_build() { [ ${#fresh[@]} -eq 0 ] || rm -rf "${fresh[@]}"; }
"$PY" -m venv --system-site-packages "$tmp/venv-src"
S=$tmp/venv-src/bin/python
# Without Go and without a prebuilt library: the build stops and says why.
set +e
(PATH=$nogo "$S" -m pip install --no-index --no-deps --no-build-isolation ./bindings/python) >"$tmp/nogo.log" 2>&1
rc=$?
set -e
[ $rc -ne 0 ] || { cleanup_build; fail "pip install without Go succeeded (it cannot have built the library)"; }
grep -q "cannot build the C library: Go is not on PATH" "$tmp/nogo.log" && grep -q "LIBSHOGI_PREBUILT" "$tmp/nogo.log" \
  || { cat "$tmp/nogo.log" >&2; cleanup_build; fail "no clear message when Go is missing"; }
echo "without Go: pip install stops with: $(grep -m1 -o 'cannot build the C library: Go is not on PATH' "$tmp/nogo.log")"
# With Go (this shell's PATH): the library and the accelerator are built.
"$S" -m pip install -q --no-index --no-deps --no-build-isolation ./bindings/python >"$tmp/src.log" 2>&1 \
  || { cat "$tmp/src.log" >&2; cleanup_build; fail "pip install ./bindings/python failed"; }
cleanup_build
mapfile -t got < <(user "$S" -c "$probe")
[[ ${got[0]} == "$tmp/venv-src/lib/"*"/site-packages/libshogi/__init__.py" ]] || fail "libshogi imported from ${got[0]}, not the venv"
[ "${got[1]}" = "$(dirname "${got[0]}")/libshogi-capi.so" ] || fail "library loaded from ${got[1]}, not the package's"
[ "${got[2]} ${got[3]}" = "$version $version" ] || fail "source install: versions ${got[2]} / ${got[3]}, want $version"
[ "${got[4]}" = True ] || fail "source install: the accelerator was not built"
(cd "$t/bindings/python" && PATH=$nogo LIBSHOGI_EXPECT_ACCEL=1 "$S" -m pytest -q -p no:cacheprovider -o addopts="" \
  tests/test_board.py tests/test_zz_installed.py) >"$tmp/pytest-src.log" 2>&1 \
  || { tail -40 "$tmp/pytest-src.log" >&2; fail "tests failed against the source install"; }
echo "source install: library and accelerator built by pip; test_board: $(tail -1 "$tmp/pytest-src.log")"
echo "55-wheel: ok"
