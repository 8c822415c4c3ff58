#!/usr/bin/env bash
# Prints libshogi's version from its one place (capi/main.go), or with
# "abi" the header's ABI version MAJOR.MINOR (include/shogi.h).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  abi)
    major=$(sed -n 's/^#define SHOGI_ABI_VERSION_MAJOR \([0-9]*\)$/\1/p' include/shogi.h)
    minor=$(sed -n 's/^#define SHOGI_ABI_VERSION_MINOR \([0-9]*\)$/\1/p' include/shogi.h)
    echo "$major.$minor" ;;
  *) sed -n 's/^const Version = "\([0-9][0-9.]*\)"$/\1/p' capi/main.go ;;
esac
