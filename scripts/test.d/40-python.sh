#!/usr/bin/env bash
# Python binding: builds libshogi.so (unless $LIBSHOGI_LIBRARY names one)
# and the accelerator, runs the pytest suite with Debian's python3 (which
# has numpy and pytest; a pyenv python3 on PATH may lack them) on the
# accelerated and the ctypes path, and the example script.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${LIBSHOGI_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
export PYTHONDONTWRITEBYTECODE=1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${LIBSHOGI_LIBRARY:-}" ] && [ -f "$LIBSHOGI_LIBRARY" ]; then
  echo "python: using LIBSHOGI_LIBRARY=$LIBSHOGI_LIBRARY"
else
  echo "python: go build -buildmode=c-shared ./capi"
  CGO_ENABLED=1 go build -trimpath -buildmode=c-shared -o "$tmp/libshogi.so" ./capi
  export LIBSHOGI_LIBRARY="$tmp/libshogi.so"
fi

# The compiled accelerator (libshogi._accel, abi3), built in place. It is
# optional for users, but not here: the suite must run on both paths.
echo "python: building the accelerator (setup.py build_ext --inplace)"
rm -f bindings/python/libshogi/_accel*.so
(cd bindings/python && "$PY" setup.py -q build_ext --inplace --build-temp "$tmp/build" >"$tmp/accel.log" 2>&1) || true
if ! ls bindings/python/libshogi/_accel*.so >/dev/null 2>&1; then
  cat "$tmp/accel.log" >&2
  echo "python: the accelerator did not build (python3-dev missing? scripts/setup.sh installs it)" >&2
  exit 1
fi

# pytest, once per path: the accelerator, then ctypes alone.
# Exit code 5 (no tests collected) is a failure too.
for path in accel ctypes; do
  if [ $path = accel ]; then no_accel=0; expect=1; else no_accel=1; expect=0; fi
  set +e
  (cd bindings/python && LIBSHOGI_NO_ACCEL=$no_accel LIBSHOGI_EXPECT_ACCEL=$expect \
    "$PY" -m pytest -q -p no:cacheprovider -o addopts="" tests)
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    [ $rc -eq 5 ] && echo "python: pytest collected no tests" >&2
    echo "python: pytest failed on the $path path (exit $rc)" >&2
    exit 1
  fi
  echo "python: pytest passed on the $path path"
done

echo "python: example script"
(cd bindings/python/examples && "$PY" notebook_example.py --quick >"$tmp/example.log" 2>&1) || {
  cat "$tmp/example.log" >&2
  echo "python: example script failed" >&2
  exit 1
}
tail -n 3 "$tmp/example.log"
echo "python: ok"
