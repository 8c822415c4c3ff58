#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine:
# cmake, mingw-w64 (Windows DLLs, x64 and x86), wine64 (runs the Windows C
# tests), valgrind, qemu-user (the NNUE stage on emulated CPUs), Mono with
# nuget (C# binding), Xvfb with xauth, libgdiplus and the IPA Gothic font
# (WinForms sample), pkg-config, zip and unzip, binutils (objdump); for
# Debian's python3: numpy, pytest, dask with distributed, torch, the Python
# headers (the accelerator), nbclient and ipykernel (the notebook), pip,
# setuptools, wheel and venv (the wheels); then the Go modules.
# Idempotent.
set -euo pipefail
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64)
command -v i686-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-i686)
command -v wine64 >/dev/null || command -v wine >/dev/null || [ -x /usr/lib/wine/wine64 ] || need+=(wine64)
# Not installed: wine32:i386, which would run the x86 DLL's tests in stage
# 25 (it says WINE32 UNAVAILABLE without it). It needs the i386 architecture
# (dpkg --add-architecture i386) with i386 builds of every security-updated
# library at the installed amd64 version; on the project's Debian mirror the
# bookworm-security i386 index does not match its Release file, so
# apt-get update fails and the install cannot be resolved.
command -v valgrind >/dev/null || need+=(valgrind)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v mcs >/dev/null || need+=(mono-devel)
command -v nuget >/dev/null || need+=(nuget)
command -v zip >/dev/null || need+=(zip)
command -v unzip >/dev/null || need+=(unzip)
command -v qemu-x86_64 >/dev/null || need+=(qemu-user)
# The WinForms sample runs under Xvfb; Mono's WinForms draws with libgdiplus.
command -v xvfb-run >/dev/null || need+=(xvfb)
command -v xauth >/dev/null || need+=(xauth)
[ -e /usr/lib/libgdiplus.so ] || [ -e /usr/lib/x86_64-linux-gnu/libgdiplus.so ] || need+=(libgdiplus)
# Japanese glyphs for the sample's pieces and move text.
[ -d /usr/share/fonts/opentype/ipafont-gothic ] || need+=(fonts-ipafont-gothic)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)
/usr/bin/python3 -c 'import pytest' 2>/dev/null || need+=(python3-pytest)
/usr/bin/python3 -c 'import dask, distributed' 2>/dev/null || need+=(python3-dask python3-distributed)
/usr/bin/python3 -c 'import torch' 2>/dev/null || need+=(python3-torch) # libshogi.dataset.TorchDataset's test
# the Python accelerator (libshogi._accel) needs the headers; the example
# notebook runs headless with nbclient on an ipykernel
[ -f "/usr/include/python3.$(/usr/bin/python3 -c 'import sys; print(sys.version_info[1])')/Python.h" ] || need+=(python3-dev)
/usr/bin/python3 -c 'import nbclient' 2>/dev/null || need+=(python3-nbclient)
/usr/bin/python3 -c 'import ipykernel' 2>/dev/null || need+=(python3-ipykernel)
# the Python wheels (scripts/package-wheel.sh, test stage 55): pip, setuptools
# and wheel build them offline; venv (with ensurepip) installs them fresh;
# objdump reads the glibc versions the binaries need
/usr/bin/python3 -c 'import pip' 2>/dev/null || need+=(python3-pip)
/usr/bin/python3 -c 'import setuptools' 2>/dev/null || need+=(python3-setuptools)
/usr/bin/python3 -c 'import wheel' 2>/dev/null || need+=(python3-wheel)
dpkg -s python3-venv >/dev/null 2>&1 || need+=(python3-venv) # Debian's ensurepip works only with it
command -v objdump >/dev/null || need+=(binutils)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
go mod download
