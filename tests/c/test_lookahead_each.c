/*
 * test_lookahead_each.c - shogi_position_legal_moves_after_each: the legal
 * moves after each of several moves, in one call.
 *
 * perft of the start position (900, 25470, 719731: the published values)
 * counted with it, each list against playing the move, sizes and errors.
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const char *sfen_of(shogi_position_t pos) {
    static char buf[256];
    if (shogi_position_sfen(pos, buf, sizeof buf, NULL, NULL) != SHOGI_OK) return "(error)";
    return buf;
}

static uint32_t lists[SHOGI_MAX_MOVES * SHOGI_MAX_MOVES];

/* perft(depth) of pos, depth >= 2, the last two plies counted in one call. */
static uint64_t perft_each(shogi_position_t pos, int depth) {
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t counts[SHOGI_MAX_MOVES];
    size_t n = 0, total = 0;
    uint64_t sum = 0;
    if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL) != SHOGI_OK) return 0;
    if (depth == 2) {
        if (shogi_position_legal_moves_after_each(pos, moves, n, NULL, 0, counts, &total, NULL) != SHOGI_OK) return 0;
        return total;
    }
    for (size_t i = 0; i < n; i++) {
        shogi_position_do_move(pos, moves[i], NULL);
        sum += perft_each(pos, depth - 1);
        shogi_position_undo_move(pos, NULL);
    }
    return sum;
}

TEST(perft_counts) {
    shogi_position_t pos;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    CHECK(perft_each(pos, 2) == 900);
    CHECK(perft_each(pos, 3) == 25470);
    CHECK(perft_each(pos, 4) == 719731);
    shogi_position_free(pos, NULL);
}

TEST(lists_equal_played_moves) {
    shogi_position_t pos;
    uint32_t moves[SHOGI_MAX_MOVES], want[SHOGI_MAX_MOVES];
    size_t counts[SHOGI_MAX_MOVES];
    size_t n = 0, w = 0, total = 0, at = 0;
    char before[256];
    CHECK_INT(shogi_position_from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                                       &pos, NULL),
              SHOGI_OK);
    strcpy(before, sfen_of(pos));
    CHECK_INT(shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL), SHOGI_OK);
    CHECK(n > 50);
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves, n, lists, sizeof lists / sizeof lists[0], counts,
                                                    &total, NULL),
              SHOGI_OK);
    CHECK(strcmp(sfen_of(pos), before) == 0);
    for (size_t i = 0; i < n; i++) {
        CHECK_INT(shogi_position_do_move(pos, moves[i], NULL), SHOGI_OK);
        CHECK_INT(shogi_position_legal_moves(pos, want, SHOGI_MAX_MOVES, &w, NULL), SHOGI_OK);
        CHECK_INT(shogi_position_undo_move(pos, NULL), SHOGI_OK);
        CHECK(counts[i] == w && memcmp(lists + at, want, w * sizeof want[0]) == 0);
        at += counts[i];
    }
    CHECK(at == total);
    shogi_position_free(pos, NULL);
}

TEST(sizes_and_errors) {
    shogi_position_t pos;
    shogi_error_t err;
    uint32_t moves[SHOGI_MAX_MOVES], small[40];
    size_t counts[SHOGI_MAX_MOVES];
    size_t n = 0, total = 0;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL), SHOGI_OK);
    /* 30 moves with 30 replies each do not fit in 40: counts and total are still given */
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves, n, small, 40, counts, &total, &err),
              SHOGI_E_BUFFER_TOO_SMALL);
    CHECK(total == 900 && counts[0] == 30 && counts[29] == 30);
    /* one move fits; the list is the one legal_moves_after gives */
    uint32_t want[SHOGI_MAX_MOVES];
    size_t w = 0;
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves + 3, 1, small, 40, counts, &total, &err), SHOGI_OK);
    CHECK_INT(shogi_position_legal_moves_after(pos, moves[3], want, SHOGI_MAX_MOVES, &w, NULL), SHOGI_OK);
    CHECK(total == w && counts[0] == w && memcmp(small, want, w * sizeof want[0]) == 0);
    /* n == 0: nothing to do, total 0 */
    total = 99;
    CHECK_INT(shogi_position_legal_moves_after_each(pos, NULL, 0, NULL, 0, NULL, &total, &err), SHOGI_OK);
    CHECK(total == 0);
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves, n, NULL, 0, counts, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_legal_moves_after_each(pos, NULL, 2, NULL, 0, counts, &total, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves, n, NULL, 0, NULL, &total, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_legal_moves_after_each(pos, moves, (size_t)1 << 20, NULL, 0, counts, &total, &err),
              SHOGI_E_INVALID_ARGUMENT);
    /* 0x1234 is no legal move of the start position: the message names its index */
    uint32_t bad[3] = {moves[0], moves[1], 0x1234};
    CHECK_INT(shogi_position_legal_moves_after_each(pos, bad, 3, NULL, 0, counts, &total, &err),
              SHOGI_E_ILLEGAL_MOVE);
    CHECK(strstr(err.message, "after[2]") != NULL);
    CHECK(strcmp(sfen_of(pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") == 0);
    CHECK_INT(shogi_position_legal_moves_after_each(NULL, moves, n, NULL, 0, counts, &total, &err),
              SHOGI_E_BAD_HANDLE);
    shogi_position_free(pos, NULL);
}

int main(void) {
    RUN(perft_counts);
    RUN(lists_equal_played_moves);
    RUN(sizes_and_errors);
    return harness_summary();
}
