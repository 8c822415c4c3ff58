/*
 * write_test_net.c - writes a deterministic test network
 * (shogi_network_make_test_arch, the recipe of tools/make_test_net.py) to
 * a file, for tests of programs that load an nn.bin.
 *
 * usage: write_test_net ARCH SEED OUT
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    shogi_network_t net = NULL;
    shogi_error_t e;
    if (argc != 4) {
        fprintf(stderr, "usage: write_test_net ARCH SEED OUT\n");
        return 2;
    }
    if (shogi_network_make_test_arch(argv[1], "test", strtoull(argv[2], NULL, 10), &net, &e) != SHOGI_OK ||
        shogi_network_save(net, argv[3], &e) != SHOGI_OK) {
        fprintf(stderr, "write_test_net: %s\n", e.message);
        return 1;
    }
    shogi_network_free(net, NULL);
    return 0;
}
