#!/usr/bin/env bash
# Packages, as a user installs them, tested with nothing of the repository
# beside them:
#  - the release archives (scripts/package.sh): a C program built and run
#    against the unpacked Linux archive only (plain cc, pkg-config and
#    find_package), and against the Windows archive only through the mingw
#    import library and the MSVC-style shogi.lib, run under Wine;
#  - the NuGet package (scripts/package-nuget.sh): restored from a local
#    folder feed with nuget, the C# test suite and the sample compiled
#    against the restored assembly and run under Mono;
#  - the library on emulated CPUs without AVX2 and without AVX-512 (qemu-user);
#  - one version everywhere: the archive and package names, shogi_version()
#    of the .so and of the DLL, the assembly's version.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
version=$(scripts/version.sh)
[ -n "$version" ] || { echo "50-packages: no version in capi/main.go" >&2; exit 1; }
tmp=$(mktemp -d)
. scripts/test.d/lib/wineserver.sh
trap 'wineserver_stop; rm -rf "$tmp"' EXIT
export DIST=$tmp/dist

echo "--- release archives (version $version)"
scripts/package.sh >"$tmp/package.log" 2>&1 || { cat "$tmp/package.log" >&2; exit 1; }
lin=libshogi-$version-linux-x86_64
win=libshogi-$version-windows-x86_64
mkdir "$tmp/user"
tar -C "$tmp/user" -xzf "$DIST/$lin.tar.gz"
(cd "$tmp/user" && unzip -q "$DIST/$win.zip")
for f in include/shogi.h lib/libshogi.so lib/libshogi.so.1 lib/pkgconfig/libshogi.pc \
         lib/cmake/libshogi/libshogiConfig.cmake LICENSE README.md CHANGELOG.md; do
  [ -e "$tmp/user/$lin/$f" ] || { echo "50-packages: $lin lacks $f" >&2; exit 1; }
done
for f in include/shogi.h bin/shogi.dll lib/libshogi.dll.a lib/shogi.lib lib/shogi.def \
         lib/pkgconfig/libshogi.pc lib/cmake/libshogi/libshogiConfig.cmake LICENSE README.md CHANGELOG.md; do
  [ -e "$tmp/user/$win/$f" ] || { echo "50-packages: $win lacks $f" >&2; exit 1; }
done
grep -q "^## $version " CHANGELOG.md || { echo "50-packages: CHANGELOG.md has no section for $version" >&2; exit 1; }

# Linux: the example and the consumer with nothing but the archive.
L=$tmp/user/$lin
cc -std=c99 -I"$L/include" examples/c/legal_moves.c -L"$L/lib" -lshogi -Wl,-rpath,"$L/lib" -o "$tmp/legal_moves"
"$tmp/legal_moves" startpos 1 | tail -1
cc -std=c99 -I"$L/include" tests/c/consumer/consumer.c -L"$L/lib" -lshogi -Wl,-rpath,"$L/lib" -o "$tmp/consumer"
out=$("$tmp/consumer"); echo "$out"
grep -q "libshogi $version," <<<"$out" || { echo "50-packages: the .so reports another version" >&2; exit 1; }
flags=$(PKG_CONFIG_PATH=$L/lib/pkgconfig pkg-config --cflags --libs libshogi)
# shellcheck disable=SC2086
cc -std=c99 tests/c/consumer/consumer.c $flags -Wl,-rpath,"$L/lib" -o "$tmp/consumer-pc" && "$tmp/consumer-pc" >/dev/null
cmake -S tests/c/consumer -B "$tmp/consumer-cmake" -DCMAKE_PREFIX_PATH="$L" >/dev/null
cmake --build "$tmp/consumer-cmake" >/dev/null && "$tmp/consumer-cmake/consumer" >/dev/null
echo "linux archive: cc, pkg-config and find_package consumers run"

# CPU coverage: the archive's library on emulated CPUs without AVX-512
# (Haswell) and without AVX2 (Nehalem) picks its kernels from CPUID and gives
# the golden NNUE evaluations at each level.
cc -std=c99 -I"$L/include" -Itests/c tests/c/test_nnue.c -L"$L/lib" -lshogi -Wl,-rpath,"$L/lib" -o "$tmp/test_nnue"
printf '#include <shogi.h>\n#include <stdio.h>\nint main(void){puts(shogi_simd_level());return 0;}\n' >"$tmp/level.c"
cc -std=c99 -I"$L/include" "$tmp/level.c" -L"$L/lib" -lshogi -Wl,-rpath,"$L/lib" -o "$tmp/level"
for cpu in Nehalem:go Haswell:avx2; do
  level=$(qemu-x86_64 -cpu "${cpu%%:*}" "$tmp/level" 2>/dev/null)
  [ "$level" = "${cpu#*:}" ] || { echo "50-packages: on ${cpu%%:*} the library picks '$level', want ${cpu#*:}" >&2; exit 1; }
  qemu-x86_64 -cpu "${cpu%%:*}" "$tmp/test_nnue" tests/testdata/nnue-golden.tsv 2>/dev/null >"$tmp/qemu.log" \
    || { cat "$tmp/qemu.log" >&2; echo "50-packages: NNUE golden rows fail on ${cpu%%:*}" >&2; exit 1; }
  echo "emulated ${cpu%%:*}: kernels $level, NNUE golden rows: $(tail -1 "$tmp/qemu.log")"
done

# Windows: both import libraries, run under Wine when Wine runs programs here
# (stage 25 prepared its prefix, with the bcryptprimitives stand-in Wine 8
# needs, and left build-win/wine-ok once shogi.dll ran there).
W=$tmp/user/$win
x86_64-w64-mingw32-gcc -I"$W/include" tests/c/consumer/consumer.c -L"$W/lib" -lshogi -static-libgcc -o "$W/bin/consumer_mingw.exe"
x86_64-w64-mingw32-gcc -I"$W/include" tests/c/consumer/consumer.c "$W/lib/shogi.lib" -static-libgcc -o "$W/bin/consumer_msvclib.exe"
wine=$(command -v wine64 || command -v /usr/lib/wine/wine64 || command -v wine || true)
prefix=$root/build-win/wineprefix
if [ -n "$wine" ] && [ -f "$root/build-win/wine-ok" ]; then
  export WINEPREFIX=$prefix WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  wineserver_keep "$wine"
  for exe in consumer_mingw consumer_msvclib; do
    out=$(timeout 300 "$wine" "$W/bin/$exe.exe" 2>&1 | tr -d '\r')
    echo "$exe: $(head -1 <<<"$out")"
    grep -q "libshogi $version," <<<"$out" || { echo "50-packages: $exe under Wine failed:" >&2; echo "$out" >&2; exit 1; }
  done
else
  echo "WINE UNAVAILABLE (stage 25 did not run shogi.dll under Wine here): the Windows archive was built against, not run"
fi

echo "--- NuGet package"
scripts/package-nuget.sh >"$tmp/nuget.log" 2>&1 || { cat "$tmp/nuget.log" >&2; exit 1; }
tail -2 "$tmp/nuget.log"
[ -f "$DIST/LibShogi.$version.nupkg" ] || { echo "50-packages: no LibShogi.$version.nupkg" >&2; exit 1; }
mkdir "$tmp/feed" "$tmp/app"
cp "$DIST/LibShogi.$version.nupkg" "$tmp/feed/"
nuget install LibShogi -Version "$version" -Source "$tmp/feed" -OutputDirectory "$tmp/app/packages" -NonInteractive >/dev/null
P=$tmp/app/packages/LibShogi.$version
for f in lib/net461/LibShogi.dll lib/net461/LibShogi.xml runtimes/linux-x64/native/libshogi.so \
         runtimes/win-x64/native/shogi.dll runtimes/win-x86/native/shogi.dll build/LibShogi.targets; do
  [ -e "$P/$f" ] || { echo "50-packages: the restored package lacks $f" >&2; exit 1; }
done
for arch in x64:pei-x86-64 x86:pei-i386; do
  x86_64-w64-mingw32-objdump -f "$P/runtimes/win-${arch%%:*}/native/shogi.dll" | grep -q "file format ${arch#*:}" \
    || { echo "50-packages: runtimes/win-${arch%%:*}/native/shogi.dll is not ${arch#*:}" >&2; exit 1; }
done
# What the package's targets file does for a packages.config project on Linux.
cp "$P/lib/net461/LibShogi.dll" "$P/lib/net461/LibShogi.dll.config" "$P/runtimes/linux-x64/native/libshogi.so" "$tmp/app/"
cs=bindings/csharp
mcs -nologo -target:exe -r:"$tmp/app/LibShogi.dll" -out:"$tmp/app/LibShogi.Tests.exe" $cs/tests/*.cs
mcs -nologo -target:exe -r:"$tmp/app/LibShogi.dll" -out:"$tmp/app/Analyze.exe" $cs/samples/*.cs
(cd "$tmp/app" && mono LibShogi.Tests.exe --testdata "$root/tests/testdata" --header "$root/include/shogi.h" | tail -2)
(cd "$tmp/app" && mono Analyze.exe --check | tail -1)
cat >"$tmp/app/Ver.cs" <<'CS'
using System; using System.Reflection;
static class Ver { static void Main() {
  var a = typeof(LibShogi.Library).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>();
  Console.WriteLine(a.InformationalVersion + " " + LibShogi.Library.Version);
} }
CS
mcs -nologo -r:"$tmp/app/LibShogi.dll" -out:"$tmp/app/Ver.exe" "$tmp/app/Ver.cs"
got=$(cd "$tmp/app" && mono Ver.exe)
[ "$got" = "$version $version" ] || { echo "50-packages: assembly/library versions '$got', want '$version $version'" >&2; exit 1; }
echo "nuget: restored from a folder feed; tests and sample run against it; assembly and library say $version"
echo "50-packages: ok"
