// test_header_cxx.cpp - shogi.h compiles and links as C++ (extern "C").
#include <shogi.h>

#include <cstdio>
#include <cstring>

int main() {
    shogi_position_t p = nullptr;
    shogi_error_t e;
    if (shogi_position_new(&p, &e) != SHOGI_OK) return 1;
    char buf[256];
    if (shogi_position_sfen(p, buf, sizeof buf, nullptr, &e) != SHOGI_OK) return 1;
    int ok = std::strncmp(buf, "lnsgkgsnl/", 10) == 0 && SHOGI_ABI_COMPATIBLE(shogi_abi_version());
    shogi_position_free(p, nullptr);
    std::printf("%d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}
