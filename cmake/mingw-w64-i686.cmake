# Toolchain file: cross-build shogi.dll and the C tests for 32-bit Windows
# (x86) with Debian's mingw-w64 (gcc-mingw-w64-i686). The Go side builds
# with GOARCH=386 (CMakeLists.txt reads CMAKE_SYSTEM_PROCESSOR). .NET
# Framework GUI programs run 32-bit by default, so the C# binding ships this
# DLL beside the x64 one and picks one by process bitness.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER i686-w64-mingw32-gcc)
find_program(_shogi_mingw_cxx i686-w64-mingw32-g++)
if(_shogi_mingw_cxx)
  set(CMAKE_CXX_COMPILER "${_shogi_mingw_cxx}")
endif()
set(CMAKE_RC_COMPILER i686-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/i686-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# 32-bit programs need Wine's 32-bit loader (wine32), often not installed.
find_program(SHOGI_WINE NAMES wine PATHS /usr/lib/wine)
if(SHOGI_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${SHOGI_WINE}")
endif()
