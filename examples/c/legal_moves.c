/*
 * legal_moves.c - prints the legal moves and the perft counts of a
 * position, using libshogi through its C header.
 *
 * usage: legal_moves [SFEN|startpos [DEPTH]]
 *   legal_moves
 *   legal_moves "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1" 3
 */
#include <shogi.h>

#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, const shogi_error_t *e) {
    fprintf(stderr, "%s: %s (%s)\n", what, e->message, shogi_status_name(e->code));
    return 1;
}

int main(int argc, char **argv) {
    const char *sfen = argc > 1 ? argv[1] : "startpos";
    int depth = argc > 2 ? atoi(argv[2]) : 3;
    shogi_error_t err;

    if (!SHOGI_ABI_COMPATIBLE(shogi_abi_version())) {
        fprintf(stderr, "libshogi ABI %#x does not match this program's header\n",
                (unsigned)shogi_abi_version());
        return 1;
    }
    printf("libshogi %s\n", shogi_version());

    shogi_position_t pos = NULL;
    if (shogi_position_from_sfen(sfen, &pos, &err) != SHOGI_OK) return fail("sfen", &err);

    char text[256];
    if (shogi_position_sfen(pos, text, sizeof text, NULL, &err) != SHOGI_OK) return fail("sfen", &err);
    printf("position: %s\n", text);

    /* Ask for the count first, then fetch the moves. */
    size_t count = 0;
    if (shogi_position_legal_moves(pos, NULL, 0, &count, &err) != SHOGI_OK) return fail("moves", &err);
    uint32_t *moves = malloc((count ? count : 1) * sizeof *moves);
    if (!moves) return 1;
    if (shogi_position_legal_moves(pos, moves, count, &count, &err) != SHOGI_OK) return fail("moves", &err);
    printf("legal moves (%zu):", count);
    for (size_t i = 0; i < count; i++) {
        char usi[SHOGI_USI_MOVE_SIZE];
        if (shogi_move_to_usi(moves[i], usi, sizeof usi, NULL, &err) != SHOGI_OK) return fail("usi", &err);
        printf("%s%s", i % 10 ? " " : "\n  ", usi);
    }
    printf("\n");
    free(moves);

    for (int d = 1; d <= depth; d++) {
        uint64_t nodes = 0;
        if (shogi_position_perft(pos, d, &nodes, &err) != SHOGI_OK) return fail("perft", &err);
        printf("perft %d: %llu\n", d, (unsigned long long)nodes);
    }
    shogi_position_free(pos, NULL);
    return 0;
}
