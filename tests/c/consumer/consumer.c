/* consumer.c - uses the installed libshogi (header + library). */
#include <shogi.h>

#include <stdio.h>

int main(void) {
    int ok = SHOGI_ABI_COMPATIBLE(shogi_abi_version());
    shogi_position_t pos = NULL;
    uint64_t nodes = 0;
    ok = ok && shogi_position_new(&pos, NULL) == SHOGI_OK;
    ok = ok && shogi_position_perft(pos, 2, &nodes, NULL) == SHOGI_OK && nodes == 900;
    ok = ok && shogi_position_free(pos, NULL) == SHOGI_OK;
    printf("consumer: libshogi %s, perft 2 = %llu\n", shogi_version(), (unsigned long long)nodes);
    printf("%d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}
