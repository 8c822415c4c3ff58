/*
 * test_evalbackend.c - the eval-backend calls through the C ABI: feature
 * deltas of foreign moves against full refreshes for every feature set,
 * the evaluation stack against shogi_network_evaluate over random games
 * and a 10,000-ply sequence, batch evaluation of boards, and the errors
 * for bad codes, handles and pointers.
 */
#include <shogi.h>

#include "harness.h"

#include <stdlib.h>

/* One small test-net layout per feature set, with its set's name. */
static const char *const archs[][2] = {
    {"halfkp_256x2-32-32", "halfkp"},     {"kp_256x2-32-32", "kp"},
    {"halfkpe9_32x2-32-32", "halfkpe9"}, {"halfkpvm_256x2-32-32", "halfkpvm"},
    {"halfkahm2_256x2-32-32", "halfkahm2"},
};
enum { NARCHS = sizeof archs / sizeof archs[0] };

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

static shogi_network_t make_net(const char *arch) {
    shogi_network_t net = NULL;
    shogi_error_t e;
    if (shogi_network_make_test_arch(arch, "test", 7, &net, &e) != SHOGI_OK) {
        printf("make_test_arch %s: %s\n", arch, e.message);
        return NULL;
    }
    return net;
}

static int32_t full_eval(shogi_network_t net, shogi_position_t pos) {
    int32_t v = 0;
    shogi_network_evaluate(net, pos, 16, &v, NULL);
    return v;
}

/* The foreign description of the legal move m of pos, from its codes. */
static shogi_piece_move_t piece_move(shogi_position_t pos, uint32_t m) {
    uint8_t sq[81], hands[14];
    int32_t side = 0, i;
    shogi_piece_move_t pm;
    memset(&pm, 0, sizeof pm);
    shogi_position_pieces(pos, sq, hands, NULL);
    shogi_position_side_to_move(pos, &side, NULL);
    for (i = 0; i < 81; i++) {
        if (sq[i] == 8) pm.black_king = i;
        if (sq[i] == 24) pm.white_king = i;
    }
    pm.to = (int32_t)(m & 0x7f);
    if (m & 0x4000) {
        int32_t pt = (int32_t)((m >> 7) & 0x7f);
        pm.piece = pt + 16 * side;
        pm.from = SHOGI_SQUARE_NONE;
        pm.hand_count = hands[side * 7 + pt - 1];
        return pm;
    }
    pm.from = (int32_t)((m >> 7) & 0x7f);
    pm.piece = sq[pm.from];
    pm.promote = (m & 0x8000) != 0;
    pm.captured = sq[pm.to];
    if (pm.captured) {
        int32_t raw = pm.captured & 15;
        if (raw >= 9) raw = raw == 13 ? 5 : raw == 14 ? 6 : raw - 8; /* unpromote */
        pm.hand_count = hands[side * 7 + raw - 1];
    }
    return pm;
}

static int random_move(shogi_position_t pos, uint32_t *m) {
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t n = 0;
    if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL) != SHOGI_OK || n == 0) return 0;
    *m = moves[rnd((uint32_t)n)];
    return 1;
}

/* An engine's loop on the raw accumulator API: each move's delta from
 * shogi_network_move_features (a refresh from shogi_network_board_features
 * when flagged) gives the score of a full evaluation, for every set; the
 * board features equal shogi_position_features. */
TEST(move_features_follow_full_refresh) {
    int a;
    for (a = 0; a < NARCHS; a++) {
        shogi_network_t net = make_net(archs[a][0]);
        shogi_accumulator_t acc = NULL;
        shogi_position_t pos = NULL;
        int game, checked = 0, mismatches = 0;
        if (!net) { CHECK(0); continue; }
        CHECK_INT(shogi_accumulator_new(net, &acc, NULL), SHOGI_OK);
        for (game = 0; game < 3; game++) {
            int ply;
            shogi_position_new(&pos, NULL);
            CHECK_INT(shogi_accumulator_refresh_position(acc, pos, NULL), SHOGI_OK);
            for (ply = 0; ply < 120; ply++) {
                uint32_t m;
                shogi_piece_move_t pm;
                shogi_feature_delta_t d;
                shogi_error_t e;
                int p;
                int32_t got = 0, side = 0;
                if (!random_move(pos, &m)) break;
                pm = piece_move(pos, m);
                if (shogi_network_move_features(net, &pm, &d, &e) != SHOGI_OK) {
                    printf("  %s: %s\n", archs[a][0], e.message);
                    CHECK(0);
                    break;
                }
                shogi_position_do_move(pos, m, NULL);
                for (p = 0; p < 2; p++) {
                    if (d.refresh[p]) {
                        uint8_t sq[81], hands[14];
                        int32_t f[2][64], g[2][64];
                        size_t n = 0, n2 = 0;
                        shogi_position_pieces(pos, sq, hands, NULL);
                        shogi_position_side_to_move(pos, &side, NULL);
                        CHECK_INT(shogi_network_board_features(net, sq, hands, side, f[0], f[1], 64, &n, NULL), SHOGI_OK);
                        CHECK_INT(shogi_position_features(archs[a][1], pos, g[0], g[1], 64, &n2, NULL), SHOGI_OK);
                        CHECK_INT(n, n2);
                        CHECK(n == n2 && memcmp(f[p], g[p], n * sizeof f[p][0]) == 0);
                        CHECK_INT(shogi_accumulator_refresh(acc, p, f[p], n, NULL), SHOGI_OK);
                    } else {
                        CHECK_INT(shogi_accumulator_update(acc, p, d.removed[p], (size_t)d.count[p],
                                                           d.added[p], (size_t)d.count[p], NULL), SHOGI_OK);
                    }
                }
                shogi_accumulator_set_kings(acc, pm.piece == 8 ? pm.to : pm.black_king,
                                            pm.piece == 24 ? pm.to : pm.white_king, NULL);
                shogi_position_side_to_move(pos, &side, NULL);
                shogi_accumulator_evaluate(acc, side, 16, &got, NULL);
                if (got != full_eval(net, pos)) mismatches++;
                checked++;
            }
            shogi_position_free(pos, NULL);
        }
        CHECK_INT(mismatches, 0);
        CHECK(checked > 200);
        shogi_accumulator_free(acc, NULL);
        shogi_network_free(net, NULL);
    }
}

static int set_root_from(shogi_evalstack_t st, shogi_position_t pos) {
    uint8_t sq[81], hands[14];
    int32_t side = 0;
    shogi_position_pieces(pos, sq, hands, NULL);
    shogi_position_side_to_move(pos, &side, NULL);
    return shogi_evalstack_set_root(st, sq, hands, side, NULL);
}

/* A random walk of push_evaluate / push (lazy) / push_null / pop against
 * shogi_network_evaluate of a position handle following the same moves,
 * for every feature set. */
TEST(stack_follows_random_walks) {
    int a;
    for (a = 0; a < NARCHS; a++) {
        shogi_network_t net = make_net(archs[a][0]);
        shogi_evalstack_t st = NULL;
        shogi_position_t pos = NULL;
        int step, mismatches = 0, scored = 0;
        uint32_t hist[4096];
        int depth = 0;
        if (!net) { CHECK(0); continue; }
        CHECK_INT(shogi_evalstack_new(net, 0, &st, NULL), SHOGI_OK);
        shogi_position_new(&pos, NULL);
        CHECK_INT(set_root_from(st, pos), SHOGI_OK);
        for (step = 0; step < 1500; step++) {
            uint32_t r = rnd(10), m;
            int32_t v = 0, ply = -1, check = 0;
            if (r < 6 && depth < 4000 && random_move(pos, &m)) {
                if (r == 0) {
                    int32_t chk = 1;
                    shogi_position_in_check(pos, &chk, NULL);
                    if (!chk) {
                        CHECK_INT(shogi_evalstack_push_null(st, NULL), SHOGI_OK);
                        shogi_position_do_null_move(pos, NULL);
                        hist[depth++] = 0;
                        continue;
                    }
                }
                if (r < 3) {
                    CHECK_INT(shogi_evalstack_push_evaluate(st, m, &v, NULL), SHOGI_OK);
                    check = 1;
                } else {
                    CHECK_INT(shogi_evalstack_push(st, m, NULL), SHOGI_OK);
                }
                shogi_position_do_move(pos, m, NULL);
                hist[depth++] = m;
            } else if (depth > 0) {
                CHECK_INT(shogi_evalstack_pop(st, NULL), SHOGI_OK);
                if (hist[--depth] == 0) shogi_position_undo_null_move(pos, NULL);
                else shogi_position_undo_move(pos, NULL);
                if (r == 9) {
                    CHECK_INT(shogi_evalstack_evaluate(st, &v, NULL), SHOGI_OK);
                    check = 1;
                }
            }
            if (r == 8) { /* score every child at once, and one alone; nothing stays pushed */
                uint32_t kids[SHOGI_MAX_MOVES];
                int32_t vals[SHOGI_MAX_MOVES], one = 0;
                size_t nk = 0, j;
                shogi_position_legal_moves(pos, kids, SHOGI_MAX_MOVES, &nk, NULL);
                if (nk > 0) {
                    CHECK_INT(shogi_evalstack_evaluate_moves(st, kids, nk, vals, NULL), SHOGI_OK);
                    for (j = 0; j < nk; j++) {
                        shogi_position_do_move(pos, kids[j], NULL);
                        if (vals[j] != full_eval(net, pos)) mismatches++;
                        shogi_position_undo_move(pos, NULL);
                    }
                    CHECK_INT(shogi_evalstack_evaluate_move(st, kids[nk - 1], &one, NULL), SHOGI_OK);
                    CHECK_INT(one, vals[nk - 1]);
                    scored += (int)nk;
                }
            }
            CHECK_INT(shogi_evalstack_ply(st, &ply, NULL), SHOGI_OK);
            CHECK_INT(ply, depth);
            if (check) {
                scored++;
                if (v != full_eval(net, pos)) mismatches++;
            }
        }
        CHECK_INT(mismatches, 0);
        CHECK(scored > 300);
        shogi_position_free(pos, NULL);
        shogi_evalstack_free(st, NULL);
        shogi_network_free(net, NULL);
    }
}

/* 10,000 plies deep (kings and rooks shuttling: a king move every fourth
 * ply), scored on the way up and again on the way down; then the depth
 * bound and pop at the root. */
TEST(stack_ten_thousand_plies) {
    shogi_network_t net = make_net("halfkp_256x2-32-32");
    shogi_evalstack_t st = NULL;
    shogi_position_t pos = NULL;
    static int32_t up[10001];
    const char *cycle[] = {"5i5h", "8b7b", "2h3h", "5a5b", "5h5i", "7b8b", "3h2h", "5b5a"};
    uint32_t moves[8];
    int i, mismatches = 0;
    int32_t v = 0;
    shogi_error_t e;
    if (!net) { CHECK(0); return; }
    CHECK_INT(shogi_position_from_sfen("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 1", &pos, NULL), SHOGI_OK);
    for (i = 0; i < 8; i++) {
        CHECK_INT(shogi_position_move_from_usi(pos, cycle[i], &moves[i], NULL), SHOGI_OK);
        shogi_position_do_move(pos, moves[i], NULL);
    }
    for (i = 0; i < 8; i++) shogi_position_undo_move(pos, NULL);
    CHECK_INT(shogi_evalstack_new(net, 16, &st, NULL), SHOGI_OK);
    CHECK_INT(set_root_from(st, pos), SHOGI_OK);
    shogi_evalstack_evaluate(st, &up[0], NULL);
    CHECK_INT(up[0], full_eval(net, pos));
    for (i = 1; i <= 10000; i++) {
        CHECK_INT(shogi_evalstack_push_evaluate(st, moves[(i - 1) % 8], &up[i], NULL), SHOGI_OK);
        shogi_position_do_move(pos, moves[(i - 1) % 8], NULL); /* follows the stack */
        if (i % 97 == 0 && up[i] != full_eval(net, pos)) mismatches++;
        if (i > 8 && up[i] != up[i - 8]) mismatches++; /* the cycle repeats its positions */
    }
    CHECK_INT(mismatches, 0);
    for (i = 10000; i > 0; i--) {
        CHECK_INT(shogi_evalstack_pop(st, NULL), SHOGI_OK);
        shogi_position_undo_move(pos, NULL);
        shogi_evalstack_evaluate(st, &v, NULL);
        if (v != up[i - 1]) mismatches++;
        if (i % 101 == 0 && v != full_eval(net, pos)) mismatches++;
    }
    CHECK_INT(mismatches, 0);
    CHECK_INT(shogi_evalstack_pop(st, &e), SHOGI_E_STATE);
    for (i = 0; i < SHOGI_EVALSTACK_MAX_PLIES; i++) {
        if (shogi_evalstack_push(st, moves[i % 8], &e) != SHOGI_OK) break;
    }
    CHECK_INT(i, SHOGI_EVALSTACK_MAX_PLIES);
    CHECK_INT(shogi_evalstack_push(st, moves[i % 8], &e), SHOGI_E_STATE);
    shogi_position_free(pos, NULL);
    shogi_evalstack_free(st, NULL);
    shogi_network_free(net, NULL);
}

/* evaluate_boards equals network_evaluate; a bad board is 0 and named. */
TEST(evaluate_boards) {
    shogi_network_t net = make_net("halfkp_256x2-32-32");
    shogi_position_t pos = NULL;
    enum { N = 300 };
    static uint8_t sq[N * 81], hands[N * 14], sides[N];
    static int32_t want[N], got[N];
    shogi_error_t e;
    int i, mismatches = 0;
    int32_t side;
    if (!net) { CHECK(0); return; }
    shogi_position_new(&pos, NULL);
    for (i = 0; i < N; i++) {
        uint32_t m;
        int32_t ply = 0;
        shogi_position_ply(pos, &ply, NULL);
        if (ply > 100 || !random_move(pos, &m)) {
            shogi_position_free(pos, NULL);
            shogi_position_new(&pos, NULL);
            random_move(pos, &m);
        }
        shogi_position_do_move(pos, m, NULL);
        shogi_position_pieces(pos, sq + i * 81, hands + i * 14, NULL);
        shogi_position_side_to_move(pos, &side, NULL);
        sides[i] = (uint8_t)side;
        want[i] = full_eval(net, pos);
    }
    sq[250 * 81 + 5] = 15;
    want[250] = 0;
    CHECK_INT(shogi_network_evaluate_boards(net, sq, hands, sides, N, 16, got, &e), SHOGI_E_PARSE);
    CHECK(strstr(e.message, "position 250") != NULL);
    for (i = 0; i < N; i++)
        if (got[i] != want[i]) mismatches++;
    CHECK_INT(mismatches, 0);
    CHECK_INT(shogi_network_evaluate_boards(net, NULL, hands, sides, N, 16, got, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_evaluate_boards(net, sq, hands, sides, N, 0, got, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_network_evaluate_boards(net, sq, hands, sides, 0, 16, NULL, NULL), SHOGI_OK);
    shogi_position_free(pos, NULL);
    shogi_network_free(net, NULL);
}

/* Bad handles, pointers and codes are error codes, never a crash, and
 * leave the stack as it was. */
TEST(errors) {
    shogi_network_t net = make_net("halfkp_256x2-32-32");
    shogi_evalstack_t st = NULL, freed = NULL;
    shogi_position_t pos = NULL;
    shogi_piece_move_t pm;
    shogi_feature_delta_t d;
    shogi_error_t e;
    uint8_t sq[81], hands[14];
    int32_t v = 0, before = 0, f[2][64];
    size_t n = 0;
    if (!net) { CHECK(0); return; }
    shogi_position_new(&pos, NULL);
    shogi_position_pieces(pos, sq, hands, NULL);

    CHECK_INT(shogi_evalstack_new(net, 129, &st, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_evalstack_new(net, 0, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_evalstack_new(NULL, 0, &st, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_new(net, 0, &freed, NULL), SHOGI_OK);
    CHECK_INT(shogi_evalstack_free(freed, NULL), SHOGI_OK);
    CHECK_INT(shogi_evalstack_push(freed, 0x1234, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_evaluate((shogi_evalstack_t)pos, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_pop(NULL, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_evalstack_free(NULL, &e), SHOGI_OK);

    CHECK_INT(shogi_evalstack_new(net, 0, &st, NULL), SHOGI_OK);
    CHECK_INT(shogi_evalstack_evaluate(st, &v, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_push(st, 0x1234, &e), SHOGI_E_STATE);
    CHECK_INT(shogi_evalstack_set_root(st, NULL, hands, 0, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_evalstack_set_root(st, sq, hands, 2, &e), SHOGI_E_INVALID_ARGUMENT);
    sq[40] = 99;
    CHECK_INT(shogi_evalstack_set_root(st, sq, hands, 0, &e), SHOGI_E_PARSE);
    CHECK(strstr(e.message, "square 40") != NULL);
    sq[40] = 0;
    sq[36] = 0; /* no white king */
    CHECK_INT(shogi_evalstack_set_root(st, sq, hands, 0, &e), SHOGI_E_PARSE);
    sq[36] = 24;
    hands[0] = 19;
    CHECK_INT(shogi_evalstack_set_root(st, sq, hands, 0, &e), SHOGI_E_PARSE);
    hands[0] = 0;
    CHECK_INT(shogi_evalstack_set_root(st, sq, NULL, 0, &e), SHOGI_OK);
    CHECK_INT(shogi_evalstack_evaluate(st, &before, NULL), SHOGI_OK);
    CHECK_INT(before, full_eval(net, pos));
    CHECK_INT(shogi_evalstack_evaluate(st, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_evalstack_ply(st, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_evalstack_push_evaluate(st, 7 << 7 | 6, NULL, &e), SHOGI_E_NULL_POINTER);
    /* 5e from an empty square; a white piece moved by Black; a drop not
     * in hand; a capture of an own piece; to-square 81; a gold promoting */
    CHECK_INT(shogi_evalstack_push(st, 40u << 7 | 39, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push(st, 38u << 7 | 39, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push(st, 0x4000 | 1u << 7 | 40, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push(st, 44u << 7 | 35, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push(st, 42u << 7 | 81, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push(st, 0x8000 | 53u << 7 | 52, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_push_evaluate(st, 40u << 7 | 39, &v, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_evalstack_pop(st, &e), SHOGI_E_STATE);
    {
        /* a batch with a refused move in the middle: 0 there, named, the rest scored */
        uint32_t batch[3] = {60u << 7 | 59, 40u << 7 | 39, 42u << 7 | 41};
        int32_t vals[3] = {-1, -1, -1}, one = 0;
        CHECK_INT(shogi_evalstack_evaluate_moves(st, batch, 3, vals, &e), SHOGI_E_ILLEGAL_MOVE);
        CHECK(strstr(e.message, "moves[1]") != NULL);
        CHECK_INT(vals[1], 0);
        CHECK_INT(shogi_evalstack_evaluate_move(st, batch[2], &one, NULL), SHOGI_OK);
        CHECK_INT(vals[2], one);
        CHECK(vals[0] != -1);
        CHECK_INT(shogi_evalstack_evaluate_moves(st, NULL, 3, vals, &e), SHOGI_E_NULL_POINTER);
        CHECK_INT(shogi_evalstack_evaluate_moves(st, batch, 3, NULL, &e), SHOGI_E_NULL_POINTER);
        CHECK_INT(shogi_evalstack_evaluate_moves(st, NULL, 0, NULL, &e), SHOGI_OK);
        CHECK_INT(shogi_evalstack_evaluate_move(st, batch[1], &one, &e), SHOGI_E_ILLEGAL_MOVE);
        CHECK_INT(shogi_evalstack_evaluate_move(st, batch[0], NULL, &e), SHOGI_E_NULL_POINTER);
    }
    CHECK_INT(shogi_evalstack_ply(st, &v, NULL), SHOGI_OK);
    CHECK_INT(v, 0);
    CHECK_INT(shogi_evalstack_evaluate(st, &v, NULL), SHOGI_OK);
    CHECK_INT(v, before);

    /* move features: NULL pointers and bad codes */
    memset(&pm, 0, sizeof pm);
    pm.piece = 1; pm.from = 60; pm.to = 59; pm.black_king = 44; pm.white_king = 36;
    CHECK_INT(shogi_network_move_features(net, &pm, &d, &e), SHOGI_OK);
    CHECK_INT(d.count[0], 1);
    CHECK_INT(shogi_network_move_features(net, NULL, &d, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_move_features(net, &pm, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_move_features((shogi_network_t)st, &pm, &d, &e), SHOGI_E_BAD_HANDLE);
    pm.piece = 31;
    CHECK_INT(shogi_network_move_features(net, &pm, &d, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(e.message, "31") != NULL);
    pm.piece = 1; pm.to = 36; pm.captured = 24;
    CHECK_INT(shogi_network_move_features(net, &pm, &d, &e), SHOGI_E_INVALID_ARGUMENT);
    pm.to = -5; pm.captured = 0;
    CHECK_INT(shogi_network_move_features(net, &pm, &d, &e), SHOGI_E_INVALID_ARGUMENT);

    /* board features: count query, small buffer, NULL */
    shogi_position_pieces(pos, sq, hands, NULL);
    CHECK_INT(shogi_network_board_features(net, sq, hands, 0, NULL, NULL, 0, &n, NULL), SHOGI_OK);
    CHECK_INT(n, 38);
    CHECK_INT(shogi_network_board_features(net, sq, hands, 0, f[0], f[1], 10, &n, &e), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(shogi_network_board_features(net, sq, hands, 0, f[0], f[1], 64, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_board_features(net, NULL, hands, 0, f[0], f[1], 64, &n, &e), SHOGI_E_NULL_POINTER);

    shogi_position_free(pos, NULL);
    shogi_evalstack_free(st, NULL);
    shogi_network_free(net, NULL);
}

static uint64_t live_at_start;

/* Every handle the tests made was freed. */
TEST(handles_released) { CHECK_U64(shogi_live_handles(), live_at_start); }

int main(void) {
    live_at_start = shogi_live_handles();
    RUN(move_features_follow_full_refresh);
    RUN(stack_follows_random_walks);
    RUN(stack_ten_thousand_plies);
    RUN(evaluate_boards);
    RUN(errors);
    RUN(handles_released);
    return harness_summary();
}
