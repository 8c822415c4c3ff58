#!/usr/bin/env bash
# Fails when include/shogi.h and the library disagree: a function declared
# in the header but not exported, or exported but not declared.
#
# usage: abi_symbols.sh HEADER CAPI_DIR LIBRARY
#   HEADER    include/shogi.h; every declaration starts with SHOGI_API and
#             names the function on that line
#   CAPI_DIR  capi/: its //export lines are the Go side's list (shogi_*
#             public, shogiint_* internal: the Go definitions that capi's C
#             falls back to), and its *.c files' lines starting with
#             FAST_API define public functions in C (name on that line)
#   LIBRARY   the built libshogi.so.N or shogi.dll, whose dynamic symbol
#             table is the binary's list (only shogi_* and shogiint_*
#             names: the Go runtime exports a few _cgo_* helpers of its own)
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

# 2. The Go source's exports, each a shogi_ or a shogiint_ name, and the C
# definitions; together, the public ones once each.
grep -hE '^//export ' "$capi"/*.go | awk '{print $2}' | sort >"$tmp/go_all"
if grep -vE '^shogi(int)?_' "$tmp/go_all"; then
  echo "abi_symbols: the exports above lack the shogi_ or shogiint_ prefix"
  exit 1
fi
grep -E '^shogi_' "$tmp/go_all" >"$tmp/go_public" || true
grep -E '^shogiint_' "$tmp/go_all" >"$tmp/go_internal" || true
cat "$capi"/*.c 2>/dev/null | grep -E '^FAST_API ' >"$tmp/c_lines" || true
sed -nE 's/^FAST_API[^(]*[ *](shogi_[a-z0-9_]+)\(.*/\1/p' "$tmp/c_lines" | sort >"$tmp/c_defs"
if [ "$(wc -l <"$tmp/c_lines")" -ne "$(wc -l <"$tmp/c_defs")" ]; then
  echo "abi_symbols: a FAST_API line in capi/*.c does not name a shogi_ function on the same line"
  exit 1
fi
sort "$tmp/go_public" "$tmp/c_defs" >"$tmp/go"
if [ -n "$(uniq -d "$tmp/go")" ]; then
  echo "abi_symbols: defined in Go and in C: $(uniq -d "$tmp/go" | tr '\n' ' ')"
  exit 1
fi

# 3. The binary's exports.
case "$lib" in
  *.dll)
    objdump=$(command -v x86_64-w64-mingw32-objdump || command -v objdump)
    "$objdump" -p "$lib" |
      awk '/\[Ordinal\/Name Pointer\] Table/{t=1; next} t && /^[ \t]*\[ *[0-9]+\]/{print $NF} t && /^$/{t=0}' |
      grep -E '^shogi(int)?_' | sort >"$tmp/lib_all" ;;
  *)
    nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | grep -E '^shogi(int)?_' | sort >"$tmp/lib_all" ;;
esac
grep -E '^shogi_' "$tmp/lib_all" >"$tmp/lib" || true
grep -E '^shogiint_' "$tmp/lib_all" >"$tmp/lib_internal" || true

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
compare "the header" "$tmp/header" "the Go //export lines and capi's C definitions" "$tmp/go"
compare "the Go //export lines and capi's C definitions" "$tmp/go" "the header" "$tmp/header"
compare "the Go internal //export lines" "$tmp/go_internal" "the library's internal exports" "$tmp/lib_internal"
compare "the library's internal exports" "$tmp/lib_internal" "the Go internal //export lines" "$tmp/go_internal"
n=$(wc -l <"$tmp/header") nc=$(wc -l <"$tmp/c_defs") ni=$(wc -l <"$tmp/go_internal")
if [ "$status" -eq 0 ]; then
  echo "abi_symbols: $n functions ($nc defined in C) agree between $(basename "$header"), capi/ and $(basename "$lib"); $ni internal exports"
  echo "1 passed, 0 failed"
else
  echo "0 passed, 1 failed"
fi
exit "$status"
