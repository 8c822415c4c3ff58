#!/usr/bin/env bash
# C# binding (bindings/csharp): builds libshogi.so, compiles LibShogi.dll,
# the test program and the sample with Mono's mcs, runs the tests and the
# sample with mono. Everything is built in a temporary folder, removed on
# exit. Environment:
#   LIBSHOGI_LIBRARY   use this libshogi.so instead of building one
#   LIBSHOGI_TESTDATA  folder with perft.tsv and nnue-golden.tsv
#                      (default: tests/testdata of the repository)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cs=$root/bindings/csharp

tools=(mcs mono)
[ -n "${LIBSHOGI_LIBRARY:-}" ] || tools+=(go)
for tool in "${tools[@]}"; do
  if ! command -v "$tool" >/dev/null; then
    echo "45-csharp: $tool not found (scripts/setup.sh installs mono-devel and the rest)" >&2
    exit 1
  fi
done

out=$(mktemp -d "${TMPDIR:-/tmp}/libshogi-csharp.XXXXXX")
trap 'rm -rf "$out"' EXIT

# The native library, beside the assemblies: Mono looks there first.
if [ -n "${LIBSHOGI_LIBRARY:-}" ]; then
  cp "$LIBSHOGI_LIBRARY" "$out/libshogi.so"
else
  echo "45-csharp: go build -buildmode=c-shared ./capi"
  CGO_ENABLED=1 go build -trimpath -buildmode=c-shared -o "$out/libshogi.so" ./capi
  rm -f "$out/libshogi.h"
fi

mcsflags=(-nologo -debug -warn:4)
echo "45-csharp: mcs LibShogi.dll, LibShogi.Tests.exe, Analyze.exe"
# XML docs are part of the API: a public type or member without one
# (CS1591) and a malformed doc comment (bad XML, a <param> or cref that
# names nothing, a comment on nothing) fail the build.
docwarnings=1570,1571,1572,1573,1574,1580,1581,1584,1587,1589,1590,1591,1592
mcs "${mcsflags[@]}" -warnaserror:"$docwarnings" -target:library -doc:"$out/LibShogi.xml" -out:"$out/LibShogi.dll" \
  "$cs"/src/*.cs >"$out/mcs.log" 2>&1 \
  || { cat "$out/mcs.log" >&2; echo "45-csharp: LibShogi.dll does not build (see above; CS15xx: XML docs)" >&2; exit 1; }
cp "$cs/LibShogi.dll.config" "$out/"
# The .NET Core branch (NativeLibrary resolver) type-checks against stubs.
mcs "${mcsflags[@]}" -target:library -define:NETCOREAPP3_0_OR_GREATER -out:"$out/netcore-check.dll" \
  "$cs"/src/*.cs "$cs"/tests/netcore-check/*.cs
mcs "${mcsflags[@]}" -target:exe -r:"$out/LibShogi.dll" -out:"$out/LibShogi.Tests.exe" "$cs"/tests/*.cs
mcs "${mcsflags[@]}" -target:exe -r:"$out/LibShogi.dll" -out:"$out/Analyze.exe" "$cs"/samples/*.cs

# The C compiler's view of the structs the binding mirrors.
layout=()
cc=${CC:-cc}
if command -v "$cc" >/dev/null; then
  "$cc" -I"$root/include" -o "$out/layout" "$cs/tests/layout.c"
  "$out/layout" >"$out/layout.txt"
  layout=(--layout "$out/layout.txt")
else
  echo "45-csharp: no C compiler ($cc): struct layouts not compared" >&2
fi

testdata=${LIBSHOGI_TESTDATA:-$root/tests/testdata}
export LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

echo "45-csharp: tests"
(cd "$out" && mono --debug LibShogi.Tests.exe --testdata "$testdata" \
  --header "$root/include/shogi.h" "${layout[@]}")

echo "45-csharp: sample"
(cd "$out" && mono --debug Analyze.exe --check)

# The WinForms sample (Mono's WinForms, libgdiplus) under Xvfb: it clicks
# moves, analyses, restarts, stops, saves and reloads a record, grabs its
# window from the screen and checks the grab for a drawn board.
echo "45-csharp: WinForms sample under Xvfb"
mcs "${mcsflags[@]}" -target:winexe -r:"$out/LibShogi.dll" -r:System.Windows.Forms.dll -r:System.Drawing.dll \
  -out:"$out/WinFormsGui.exe" "$cs"/samples/WinFormsGui/*.cs
if ! command -v xvfb-run >/dev/null; then
  echo "45-csharp: xvfb-run not found (scripts/setup.sh installs xvfb and xauth)" >&2
  exit 1
fi
(cd "$out" && timeout 300 xvfb-run -a -s "-screen 0 1024x768x24" mono --debug WinFormsGui.exe --selftest "$out/winforms.png")
