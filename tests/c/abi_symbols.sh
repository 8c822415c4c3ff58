#!/usr/bin/env bash
# Fails when include/shogi.h and the library disagree: a function declared
# in the header but not exported, or exported but not declared.
#
# usage: abi_symbols.sh HEADER CAPI_DIR LIBRARY
#   HEADER    include/shogi.h; every declaration starts with SHOGI_API and
#             names the function on that line
#   CAPI_DIR  capi/, whose //export lines are the Go side's list
#   LIBRARY   the built libshogi.so.N or shogi.dll, whose dynamic symbol
#             table is the binary's list (only shogi_* names: the Go runtime
#             exports a few _cgo_* helpers of its own)
set -euo pipefail
header=$1 capi=$2 lib=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. The header's functions.
grep -E '^SHOGI_API' "$header" >"$tmp/api_lines"
sed -nE 's/^SHOGI_API[^(]*[ *](shogi_[a-z0-9_]+)\(.*/\1/p' "$tmp/api_lines" | sort >"$tmp/header"
if [ "$(wc -l <"$tmp/api_lines")" -ne "$(wc -l <"$tmp/header")" ]; then
  echo "abi_symbols: a SHOGI_API line does not name its function on the same line:"
  grep -vE '^SHOGI_API[^(]*[ *]shogi_[a-z0-9_]+\(' "$tmp/api_lines" || true
  exit 1
fi
if [ -n "$(uniq -d "$tmp/header")" ]; then
  echo "abi_symbols: declared twice: $(uniq -d "$tmp/header" | tr '\n' ' ')"
  exit 1
fi

# 2. The Go source's exports; every one must be a shogi_ name.
grep -hE '^//export ' "$capi"/*.go | awk '{print $2}' | sort >"$tmp/go"
if grep -vE '^shogi_' "$tmp/go"; then
  echo "abi_symbols: the exports above lack the shogi_ prefix"
  exit 1
fi

# 3. The binary's exports.
case "$lib" in
  *.dll)
    objdump=$(command -v x86_64-w64-mingw32-objdump || command -v objdump)
    "$objdump" -p "$lib" |
      awk '/\[Ordinal\/Name Pointer\] Table/{t=1; next} t && /^[ \t]*\[ *[0-9]+\]/{print $NF} t && /^$/{t=0}' |
      grep -E '^shogi_' | sort >"$tmp/lib" ;;
  *)
    nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | grep -E '^shogi_' | sort >"$tmp/lib" ;;
esac

status=0
compare() { # name-a file-a name-b file-b
  local missing
  missing=$(comm -23 "$2" "$4")
  if [ -n "$missing" ]; then
    echo "abi_symbols: in $1 but not in $3:"
    echo "$missing" | sed 's/^/  /'
    status=1
  fi
}
compare "the header" "$tmp/header" "the library" "$tmp/lib"
compare "the library" "$tmp/lib" "the header" "$tmp/header"
compare "the header" "$tmp/header" "the Go //export lines" "$tmp/go"
compare "the Go //export lines" "$tmp/go" "the header" "$tmp/header"
n=$(wc -l <"$tmp/header")
if [ "$status" -eq 0 ]; then
  echo "abi_symbols: $n functions agree between $(basename "$header"), capi/ and $(basename "$lib")"
  echo "1 passed, 0 failed"
else
  echo "0 passed, 1 failed"
fi
exit "$status"
