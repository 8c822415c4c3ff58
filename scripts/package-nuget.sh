#!/usr/bin/env bash
# Builds the NuGet package LibShogi.VERSION.nupkg into dist/ (or $DIST) with
# Debian's tools (Mono's mcs, nuget 2.8):
#   lib/net461/LibShogi.dll (+ XML docs, + the Mono dllmap config)
#   runtimes/linux-x64/native/libshogi.so, runtimes/win-x64/native/shogi.dll,
#   runtimes/win-x86/native/shogi.dll (.NET Framework GUI apps run 32-bit by
#   default; the binding loads the DLL of the process's bitness)
#   build/LibShogi.targets (copies the native library for packages.config projects)
# The assembly targets .NET Framework 4.6.1 (which .NET Core 2.0+ and .NET 5+
# also load): a netstandard2.0 build needs the NETStandard.Library reference
# assemblies, which Debian does not package (`apt-cache search netstandard`
# finds none); `dotnet pack` of bindings/csharp/LibShogi.csproj makes that
# one where the .NET SDK exists. Mono's Facades/netstandard.dll (4.5,
# 4.7.1-api to 4.8-api) does not stand in for them: it defines no type, all
# 2417 are forwarders (`ikdasm`: `.class extern`) to mscorlib, System, ...,
# so an assembly compiled against it references .NET Framework assemblies.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=$(scripts/version.sh)
dist=${DIST:-$root/dist}
mkdir -p "$dist"
for tool in mcs nuget cmake; do
  command -v "$tool" >/dev/null || { echo "package-nuget: $tool not found (scripts/setup.sh installs it)" >&2; exit 1; }
done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The native libraries (CMake builds of the test stages, reused when current).
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target shogi_go -j "$jobs" >/dev/null
cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-win --target shogi_go -j "$jobs" >/dev/null
cmake -S . -B build-win32 -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-i686.cmake -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-win32 --target shogi_go -j "$jobs" >/dev/null
mkdir -p "$stage/lib/net461" "$stage/runtimes/linux-x64/native" "$stage/runtimes/win-x64/native" \
  "$stage/runtimes/win-x86/native" "$stage/build"
cp -L build/libshogi.so "$stage/runtimes/linux-x64/native/libshogi.so"
cp build-win/shogi.dll "$stage/runtimes/win-x64/native/shogi.dll"
cp build-win32/shogi.dll "$stage/runtimes/win-x86/native/shogi.dll"

# The assembly, against the .NET Framework 4.6.1 reference assemblies, with
# the version stamped in.
api=/usr/lib/mono/4.6.1-api
cat >"$stage/Version.cs" <<CS
[assembly: System.Reflection.AssemblyVersion("$version.0")]
[assembly: System.Reflection.AssemblyFileVersion("$version.0")]
[assembly: System.Reflection.AssemblyInformationalVersion("$version")]
CS
# As in scripts/test.d/45-csharp.sh: missing or malformed XML docs are errors.
mcs -nologo -target:library -optimize+ -warn:4 -noconfig -nostdlib \
  -warnaserror:1570,1571,1572,1573,1574,1580,1581,1584,1587,1589,1590,1591,1592 \
  -lib:"$api" -lib:"$api/Facades" -r:mscorlib.dll -r:System.dll -r:System.Core.dll \
  -doc:"$stage/lib/net461/LibShogi.xml" -out:"$stage/lib/net461/LibShogi.dll" \
  bindings/csharp/src/*.cs "$stage/Version.cs" >"$stage/mcs.log" 2>&1 || { cat "$stage/mcs.log" >&2; exit 1; }
cp bindings/csharp/LibShogi.dll.config "$stage/lib/net461/"
cp packaging/LibShogi.targets "$stage/build/"
cp bindings/csharp/README.md LICENSE "$stage/"
sed "s/\\\$version\\\$/$version/" packaging/LibShogi.nuspec >"$stage/LibShogi.nuspec"
(cd "$stage" && nuget pack LibShogi.nuspec -NoPackageAnalysis -NonInteractive -OutputDirectory "$dist" >/dev/null)
echo "package: $dist/LibShogi.$version.nupkg"
