# Toolchain file: cross-build shogi.dll and the C tests for 64-bit Windows
# with Debian's mingw-w64 (gcc-mingw-w64-x86-64), and run the tests under
# Wine (ctest prepends CMAKE_CROSSCOMPILING_EMULATOR).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc)
find_program(_shogi_mingw_cxx x86_64-w64-mingw32-g++)
if(_shogi_mingw_cxx)
  set(CMAKE_CXX_COMPILER "${_shogi_mingw_cxx}")
endif()
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# Debian puts wine64 in /usr/lib/wine; `wine` picks the 64-bit loader for a
# 64-bit program.
find_program(SHOGI_WINE NAMES wine64 wine PATHS /usr/lib/wine)
if(SHOGI_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${SHOGI_WINE}")
endif()
