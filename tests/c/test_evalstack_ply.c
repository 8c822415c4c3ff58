/*
 * test_evalstack_ply.c - the evaluation stack driven at the caller's ply
 * (shogi_evalstack_push_evaluate_at, shogi_evalstack_pop_to): a tree walk
 * that never pops scores every node as shogi_network_evaluate does, for
 * every feature set; the errors for bad plies, moves, handles and
 * pointers.
 */
#include <shogi.h>

#include "harness.h"

/* One small test-net layout per feature set. */
static const char *const archs[] = {"halfkp_256x2-32-32", "kp_256x2-32-32", "halfkpe9_32x2-32-32",
                                    "halfkpvm_256x2-32-32", "halfkahm2_256x2-32-32"};
enum { NARCHS = sizeof archs / sizeof archs[0] };

static const char *const walk_sfen =
    "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1";

static uint32_t rng_state = 2024;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

static int set_root_from(shogi_evalstack_t st, shogi_position_t pos) {
    uint8_t sq[81], hands[14];
    int32_t side = 0;
    shogi_position_pieces(pos, sq, hands, NULL);
    shogi_position_side_to_move(pos, &side, NULL);
    return shogi_evalstack_set_root(st, sq, hands, side, NULL);
}

static long walked, mismatches;

/* Visits 3 random children and a null move of pos (the stack at ply) to
 * depth, each made with push_evaluate_at and never popped. */
static void walk(shogi_network_t net, shogi_evalstack_t st, shogi_position_t pos, int32_t ply, int depth) {
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t n = 0;
    int k;
    int32_t check = 0;
    if (depth == 0 || shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL) != SHOGI_OK || n == 0) return;
    for (k = 0; k < 4; k++) {
        int32_t got = 0, want = 0;
        shogi_error_t e;
        uint32_t m = moves[rnd((uint32_t)n)];
        if (k == 3) {
            shogi_position_in_check(pos, &check, NULL);
            if (check) continue;
            CHECK_INT(shogi_evalstack_pop_to(st, ply, NULL), SHOGI_OK);
            CHECK_INT(shogi_evalstack_push_null(st, NULL), SHOGI_OK);
            shogi_position_do_null_move(pos, NULL);
            walk(net, st, pos, ply + 1, depth - 1);
            shogi_position_undo_null_move(pos, NULL);
            continue;
        }
        if (shogi_evalstack_push_evaluate_at(st, ply, m, &got, &e) != SHOGI_OK) {
            printf("  push_evaluate_at: %s\n", e.message);
            mismatches++;
            return;
        }
        shogi_position_do_move(pos, m, NULL);
        shogi_network_evaluate(net, pos, 16, &want, NULL);
        walked++;
        if (got != want && mismatches++ < 5) printf("  ply %d move %08x: stack %d, full %d\n", ply, m, got, want);
        walk(net, st, pos, ply + 1, depth - 1);
        shogi_position_undo_move(pos, NULL);
    }
}

TEST(tree_walk_without_pops) {
    int a;
    for (a = 0; a < NARCHS; a++) {
        shogi_network_t net = NULL;
        shogi_position_t pos = NULL;
        shogi_evalstack_t st = NULL;
        int32_t ply = -1, root = 0, want = 0;
        CHECK_INT(shogi_network_make_test_arch(archs[a], "test", 7, &net, NULL), SHOGI_OK);
        CHECK_INT(shogi_position_from_sfen(walk_sfen, &pos, NULL), SHOGI_OK);
        CHECK_INT(shogi_evalstack_new(net, 16, &st, NULL), SHOGI_OK);
        CHECK_INT(set_root_from(st, pos), SHOGI_OK);
        walked = mismatches = 0;
        walk(net, st, pos, 0, 4);
        CHECK(walked > 100);
        CHECK_INT(mismatches, 0);
        CHECK_INT(shogi_evalstack_pop_to(st, 0, NULL), SHOGI_OK);
        CHECK_INT(shogi_evalstack_ply(st, &ply, NULL), SHOGI_OK);
        CHECK_INT(ply, 0);
        CHECK_INT(shogi_evalstack_evaluate(st, &root, NULL), SHOGI_OK);
        shogi_network_evaluate(net, pos, 16, &want, NULL);
        CHECK_INT(root, want);
        shogi_evalstack_free(st, NULL);
        shogi_position_free(pos, NULL);
        shogi_network_free(net, NULL);
    }
}

TEST(errors) {
    shogi_network_t net = NULL;
    shogi_position_t pos = NULL;
    shogi_evalstack_t st = NULL;
    shogi_error_t e;
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t n = 0;
    int32_t v = 0, ply = -1;
    CHECK_INT(shogi_network_make_test_arch("halfkp_256x2-32-32", "test", 7, &net, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_from_sfen(walk_sfen, &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL), SHOGI_OK);
    CHECK_INT(shogi_evalstack_new(net, 0, &st, NULL), SHOGI_OK);
    /* no root yet */
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, 0, moves[0], &v, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_pop_to(st, 0, &e), SHOGI_E_STATE);
    CHECK_INT(set_root_from(st, pos), SHOGI_OK);
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, 0, moves[0], NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, 0, moves[0], &v, &e), SHOGI_OK);
    /* plies above the top or below the root: the stack stays at 1 */
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, 2, moves[1], &v, &e), SHOGI_E_STATE);
    CHECK(strstr(e.message, "ply 2") != NULL);
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, -1, moves[1], &v, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_pop_to(st, 5, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_pop_to(st, INT32_MIN, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_ply(st, &ply, NULL), SHOGI_OK);
    CHECK_INT(ply, 1);
    /* a refused move (from 1a to 1a) leaves the stack at the ply asked for */
    CHECK_INT(shogi_evalstack_push_evaluate_at(st, 0, 0, &v, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_ply(st, &ply, NULL), SHOGI_OK);
    CHECK_INT(ply, 0);
    /* bad handles */
    CHECK_INT(shogi_evalstack_push_evaluate_at(NULL, 0, moves[0], &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_pop_to(NULL, 0, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_pop_to((shogi_evalstack_t)pos, 0, &e), SHOGI_E_BAD_HANDLE);
    shogi_evalstack_free(st, NULL);
    CHECK_INT(shogi_evalstack_pop_to(st, 0, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(pos, NULL);
    shogi_network_free(net, NULL);
}

static uint64_t live_at_start;

/* Every handle the tests made was freed. */
TEST(handles_released) { CHECK_U64(shogi_live_handles(), live_at_start); }

int main(void) {
    live_at_start = shogi_live_handles();
    RUN(tree_walk_without_pops);
    RUN(errors);
    RUN(handles_released);
    return harness_summary();
}
