#!/usr/bin/env bash
# Python binding: builds libshogi.so (unless $LIBSHOGI_LIBRARY names one),
# runs the pytest suite with Debian's python3 (which has numpy and pytest;
# a pyenv python3 on PATH may lack them) and the example script.
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

# pytest: exit code 5 (no tests collected) is a failure too.
set +e
(cd bindings/python && "$PY" -m pytest -q -p no:cacheprovider -o addopts="" tests)
rc=$?
set -e
if [ $rc -ne 0 ]; then
  [ $rc -eq 5 ] && echo "python: pytest collected no tests" >&2
  echo "python: pytest failed (exit $rc)" >&2
  exit 1
fi

echo "python: example script"
(cd bindings/python/examples && "$PY" notebook_example.py --quick >"$tmp/example.log" 2>&1) || {
  cat "$tmp/example.log" >&2
  echo "python: example script failed" >&2
  exit 1
}
tail -n 3 "$tmp/example.log"
echo "python: ok"
