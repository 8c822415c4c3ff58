/*
 * test_lookahead.c - shogi_position_legal_moves_after: the next ply's legal
 * moves without playing the move.
 *
 * perft of the start position (30, 900, 25470: the published values)
 * counted with it, the list against playing the move, the errors.
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

static const char *sfen_of(shogi_position_t pos) {
    static char buf[256];
    if (shogi_position_sfen(pos, buf, sizeof buf, NULL, NULL) != SHOGI_OK) return "(error)";
    return buf;
}

/* perft(depth) of pos, depth >= 1, the last ply counted by lookahead. */
static uint64_t perft_after(shogi_position_t pos, int depth) {
    uint32_t moves[SHOGI_MAX_MOVES], after[SHOGI_MAX_MOVES];
    size_t n = 0, k = 0;
    uint64_t total = 0;
    if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL) != SHOGI_OK) return 0;
    if (depth == 1) return n;
    for (size_t i = 0; i < n; i++) {
        if (depth == 2) {
            if (shogi_position_legal_moves_after(pos, moves[i], after, SHOGI_MAX_MOVES, &k, NULL) != SHOGI_OK)
                return 0;
            total += k;
            continue;
        }
        shogi_position_do_move(pos, moves[i], NULL);
        total += perft_after(pos, depth - 1);
        shogi_position_undo_move(pos, NULL);
    }
    return total;
}

TEST(perft_counts) {
    shogi_position_t pos;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    CHECK(perft_after(pos, 1) == 30);
    CHECK(perft_after(pos, 2) == 900);
    CHECK(perft_after(pos, 3) == 25470);
    shogi_position_free(pos, NULL);
}

TEST(list_equals_played_move) {
    shogi_position_t pos;
    uint32_t moves[SHOGI_MAX_MOVES], after[SHOGI_MAX_MOVES], want[SHOGI_MAX_MOVES];
    size_t n = 0, k = 0, w = 0;
    char before[256];
    CHECK_INT(shogi_position_from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                                       &pos, NULL),
              SHOGI_OK);
    strcpy(before, sfen_of(pos));
    CHECK_INT(shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL), SHOGI_OK);
    CHECK(n > 50);
    for (size_t i = 0; i < n; i++) {
        CHECK_INT(shogi_position_legal_moves_after(pos, moves[i], after, SHOGI_MAX_MOVES, &k, NULL), SHOGI_OK);
        CHECK(strcmp(sfen_of(pos), before) == 0);
        CHECK_INT(shogi_position_do_move(pos, moves[i], NULL), SHOGI_OK);
        CHECK_INT(shogi_position_legal_moves(pos, want, SHOGI_MAX_MOVES, &w, NULL), SHOGI_OK);
        CHECK_INT(shogi_position_undo_move(pos, NULL), SHOGI_OK);
        CHECK(k == w && memcmp(after, want, k * sizeof after[0]) == 0);
    }
    /* the move16 alone is enough */
    CHECK_INT(shogi_position_legal_moves_after(pos, moves[0] & 0xffff, after, SHOGI_MAX_MOVES, &k, NULL), SHOGI_OK);
    shogi_position_free(pos, NULL);
}

TEST(errors) {
    shogi_position_t pos;
    shogi_error_t err;
    uint32_t move = 0, after[4];
    size_t k = 0;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_move_from_usi(pos, "7g7f", &move, NULL), SHOGI_OK);
    /* 30 replies do not fit in 4: the count is still given */
    CHECK_INT(shogi_position_legal_moves_after(pos, move, after, 4, &k, &err), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK(k == 30);
    CHECK_INT(shogi_position_legal_moves_after(pos, move, NULL, 0, &k, &err), SHOGI_OK);
    CHECK(k == 30);
    CHECK_INT(shogi_position_legal_moves_after(pos, move, after, 4, NULL, &err), SHOGI_E_NULL_POINTER);
    /* 0x1234 is no legal move of the start position */
    CHECK_INT(shogi_position_legal_moves_after(pos, 0x1234, after, 4, &k, &err), SHOGI_E_ILLEGAL_MOVE);
    CHECK(strlen(err.message) > 0);
    CHECK(strcmp(sfen_of(pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") == 0);
    CHECK_INT(shogi_position_legal_moves_after(NULL, move, after, 4, &k, &err), SHOGI_E_BAD_HANDLE);
    shogi_position_free(pos, NULL);
}

int main(void) {
    RUN(perft_counts);
    RUN(list_equals_played_move);
    RUN(errors);
    return harness_summary();
}
