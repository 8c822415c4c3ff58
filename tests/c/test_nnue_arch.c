/*
 * test_nnue_arch.c - the "NNUE architectures" section of shogi.h: every
 * row of nnue-archs.tsv (7 layouts, a test and a stress net each) through
 * shogi_network_make_test_arch, shogi_network_evaluate, the feature-set
 * functions and the accumulator by position; shogi_network_info;
 * accumulator updates by move along a game equal a refresh; saving and
 * loading with an architecture override and with mapping; argument errors.
 *
 * usage: test_nnue_arch NNUE_ARCHS_TSV
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "positions.h"

#define MAX_ROWS 1200
#define TMP_NET "test_nnue_arch_net.tmp"

typedef struct {
    char arch[32];
    char mode[8];
    uint64_t seed;
    int fv_scale;
    char sfen[256];
    int32_t eval;
} row_t;

static row_t rows[MAX_ROWS];
static int n_rows;

static int read_golden(const char *path) {
    char line[1024];
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("cannot open %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f) && n_rows < MAX_ROWS) {
        char *fields[6];
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\r\n")] = 0;
        if (!split_tabs(line, fields, 6)) continue;
        row_t *r = &rows[n_rows++];
        strncpy(r->arch, fields[0], sizeof r->arch - 1);
        r->seed = strtoull(fields[1], NULL, 10);
        strncpy(r->mode, fields[2], sizeof r->mode - 1);
        r->fv_scale = atoi(fields[3]);
        strncpy(r->sfen, fields[4], sizeof r->sfen - 1);
        r->eval = (int32_t)atol(fields[5]);
    }
    fclose(f);
    return n_rows;
}

/* The king squares of an SFEN (square = (file-1)*9 + rank-1; the board
 * part lists ranks a..i, files 9..1 within a rank). */
static void kings_of_sfen(const char *sfen, int32_t *black, int32_t *white) {
    int rank = 0, file = 9;
    const char *p;
    for (p = sfen; *p && *p != ' '; p++) {
        if (*p == '/') {
            rank++;
            file = 9;
        } else if (*p >= '1' && *p <= '9') {
            file -= *p - '0';
        } else if (*p != '+') {
            if (*p == 'K') *black = (file - 1) * 9 + rank;
            if (*p == 'k') *white = (file - 1) * 9 + rank;
            file--;
        }
    }
}

/* Every row: full evaluation, the accumulator refreshed from the feature
 * lists of the net's feature set with the kings set, and the accumulator
 * refreshed from the position. One net at a time (they are large). */
TEST(golden_rows) {
    int i = 0, checked = 0, nets = 0;
    while (i < n_rows) {
        shogi_network_t net = NULL;
        shogi_accumulator_t acc = NULL;
        shogi_network_info_t info;
        shogi_error_t e;
        int j;
        if (shogi_network_make_test_arch(rows[i].arch, rows[i].mode, rows[i].seed, &net, &e) != SHOGI_OK) {
            printf("  %s: %s\n", rows[i].arch, e.message);
            CHECK(0);
            return;
        }
        nets++;
        CHECK_INT(shogi_network_info(net, &info, &e), SHOGI_OK);
        CHECK_STR(info.arch, rows[i].arch);
        CHECK_INT(shogi_accumulator_new(net, &acc, &e), SHOGI_OK);
        for (j = i; j < n_rows && strcmp(rows[j].arch, rows[i].arch) == 0 && strcmp(rows[j].mode, rows[i].mode) == 0; j++) {
            const row_t *r = &rows[j];
            shogi_position_t pos = pos_from(r->sfen);
            int32_t v = 0, black[64], white[64];
            size_t count = 0;
            int32_t bk = -1, wk = -1;
            if (!pos) {
                CHECK(0);
                continue;
            }
            CHECK_INT(shogi_network_evaluate(net, pos, r->fv_scale, &v, &e), SHOGI_OK);
            if (v != r->eval) printf("  %s %s fv %d %s: evaluate %d, want %d\n", r->arch, r->mode, r->fv_scale, r->sfen, v, r->eval);
            CHECK_INT(v, r->eval);
            CHECK_INT(shogi_position_features(info.feature_set, pos, black, white, 64, &count, &e), SHOGI_OK);
            CHECK_INT(count, info.max_active);
            CHECK_INT(shogi_accumulator_refresh(acc, SHOGI_BLACK, black, count, &e), SHOGI_OK);
            CHECK_INT(shogi_accumulator_refresh(acc, SHOGI_WHITE, white, count, &e), SHOGI_OK);
            kings_of_sfen(r->sfen, &bk, &wk);
            CHECK_INT(shogi_accumulator_set_kings(acc, bk, wk, &e), SHOGI_OK);
            {
                int32_t stm = 0;
                shogi_position_side_to_move(pos, &stm, NULL);
                v = 0;
                CHECK_INT(shogi_accumulator_evaluate(acc, stm, r->fv_scale, &v, &e), SHOGI_OK);
                CHECK_INT(v, r->eval);
                CHECK_INT(shogi_accumulator_refresh_position(acc, pos, &e), SHOGI_OK);
                v = 0;
                CHECK_INT(shogi_accumulator_evaluate(acc, stm, r->fv_scale, &v, &e), SHOGI_OK);
                CHECK_INT(v, r->eval);
            }
            checked++;
            shogi_position_free(pos, NULL);
        }
        shogi_accumulator_free(acc, NULL);
        shogi_network_free(net, NULL);
        i = j;
    }
    printf("  %d rows of %d nets checked\n", checked, nets);
    CHECK_INT(checked, n_rows);
    CHECK_INT(nets, 14);
}

/* Accumulator updates by move along a game equal a refresh, for a net
 * whose king moves only update (K+P), one with mirrored king buckets
 * (HalfKA_hm2 at sfnn1536 size is large: HalfKP_vm instead) and HalfKPE9. */
TEST(update_by_move) {
    const char *archs[] = {"kp_256x2-32-32", "halfkpvm_256x2-32-32", "halfkpe9_256x2-32-32"};
    size_t a;
    for (a = 0; a < sizeof archs / sizeof archs[0]; a++) {
        shogi_network_t net = NULL;
        shogi_accumulator_t inc = NULL, full = NULL;
        shogi_position_t pos = pos_from("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        shogi_error_t e;
        int ply;
        CHECK_INT(shogi_network_make_test_arch(archs[a], "test", 1, &net, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_new(net, &inc, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_new(net, &full, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_refresh_position(inc, pos, &e), SHOGI_OK);
        for (ply = 0; ply < 120; ply++) {
            uint32_t moves[600];
            size_t n = 0;
            int32_t stm = 0, v1 = 1, v2 = 2;
            CHECK_INT(shogi_position_legal_moves(pos, moves, 600, &n, &e), SHOGI_OK);
            if (n == 0) break;
            /* prefer king moves now and then */
            {
                uint32_t m = moves[(ply * 7919u) % n];
                CHECK_INT(shogi_accumulator_update_move(inc, pos, m, &e), SHOGI_OK);
                CHECK_INT(shogi_position_do_move(pos, m, &e), SHOGI_OK);
            }
            CHECK_INT(shogi_accumulator_refresh_position(full, pos, &e), SHOGI_OK);
            shogi_position_side_to_move(pos, &stm, NULL);
            shogi_accumulator_evaluate(inc, stm, 1, &v1, NULL);
            shogi_accumulator_evaluate(full, stm, 1, &v2, NULL);
            if (v1 != v2) {
                printf("  %s ply %d: by move %d, refresh %d\n", archs[a], ply, v1, v2);
                CHECK(0);
                break;
            }
        }
        shogi_position_free(pos, NULL);
        shogi_accumulator_free(inc, NULL);
        shogi_accumulator_free(full, NULL);
        shogi_network_free(net, NULL);
    }
}

/* Saving and loading: the description identifies the layout; a mapped
 * load and an explicit override give the same evaluations. */
TEST(load_options) {
    shogi_network_t net = NULL, a = NULL, b = NULL;
    shogi_network_info_t info;
    shogi_position_t pos = pos_from("l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1");
    shogi_error_t e;
    int32_t v0 = 0, v1 = 1, v2 = 2;
    CHECK_INT(shogi_network_make_test_arch("kp_256x2-32-32", "stress", 7, &net, &e), SHOGI_OK);
    CHECK_INT(shogi_network_save(net, TMP_NET, &e), SHOGI_OK);
    CHECK_INT(shogi_network_load_with(TMP_NET, NULL, 0, SHOGI_NNUE_LOAD_MMAP, &a, &e), SHOGI_OK);
    CHECK_INT(shogi_network_load_with(TMP_NET, "kp_256x2-32-32", 24, 0, &b, &e), SHOGI_OK);
    CHECK_INT(shogi_network_info(a, &info, &e), SHOGI_OK);
    CHECK_STR(info.feature_set, "kp");
    CHECK_INT(info.dimensions, 1710);
    CHECK_INT(info.max_active, 40);
    CHECK_INT(info.fv_scale, 16);
    CHECK_INT(info.kind, SHOGI_NNUE_CLASSIC);
    CHECK_U64(info.version, 0x7AF32F16u);
    CHECK_U64(info.file_hash, 0x5C6464A9u);
    CHECK_INT(info.warnings, 0);
    CHECK_INT(shogi_network_info(b, &info, &e), SHOGI_OK);
    CHECK_INT(info.fv_scale, 24);
    shogi_network_evaluate(net, pos, 128, &v0, NULL);
    shogi_network_evaluate(a, pos, 128, &v1, NULL);
    shogi_network_evaluate(b, pos, 128, &v2, NULL);
    CHECK_INT(v1, v0);
    CHECK_INT(v2, v0);
    CHECK_INT(shogi_network_load_with(TMP_NET, "nosuch_arch", 0, 0, &b, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_network_load_with(TMP_NET, NULL, 500, 0, &b, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_network_load_with(TMP_NET, NULL, 0, 8, &b, &e), SHOGI_E_INVALID_ARGUMENT);
    shogi_network_free(net, NULL);
    shogi_network_free(a, NULL);
    shogi_network_free(b, NULL);
    shogi_position_free(pos, NULL);
    remove(TMP_NET);
}

TEST(feature_sets) {
    const char *names[] = {"halfkp", "kp", "halfkpe9", "halfkpvm", "halfkahm2"};
    const int32_t dims[] = {125388, 1710, 1128492, 69660, 73305};
    const int32_t act[] = {38, 40, 38, 38, 40};
    const char *sfens[2] = {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                            "4k4/9/9/9/9/9/9/9/4K4 w - 1"};
    shogi_position_t pos = pos_from(sfens[0]);
    shogi_error_t e;
    size_t i;
    for (i = 0; i < 5; i++) {
        int32_t d = 0, m = 0, b1[64], w1[64], rows_b[80], rows_w[80];
        size_t count = 0;
        uint8_t stm[2] = {9, 9};
        CHECK_INT(shogi_feature_set_info(names[i], &d, &m, &e), SHOGI_OK);
        CHECK_INT(d, dims[i]);
        CHECK_INT(m, act[i]);
        CHECK_INT(shogi_position_features(names[i], pos, NULL, NULL, 0, &count, &e), SHOGI_OK);
        CHECK_INT(count, act[i]);
        CHECK_INT(shogi_position_features(names[i], pos, b1, w1, 64, &count, &e), SHOGI_OK);
        CHECK_INT(shogi_sfens_features(names[i], sfens, 2, rows_b, rows_w, stm, &e), SHOGI_OK);
        CHECK(memcmp(rows_b, b1, (size_t)m * 4) == 0);
        CHECK(memcmp(rows_w, w1, (size_t)m * 4) == 0);
        CHECK_INT(stm[0], 0);
        CHECK_INT(stm[1], 1);
    }
    CHECK_INT(shogi_feature_set_info("halfka", NULL, NULL, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_feature_set_info(NULL, NULL, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_accumulator_set_kings(NULL, 0, 0, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(pos, NULL);
}

int main(int argc, char **argv) {
    uint64_t live_before;
    if (argc < 2) {
        printf("usage: test_nnue_arch NNUE_ARCHS_TSV\n");
        return 2;
    }
    if (read_golden(argv[1]) < 7 * 120) {
        printf("too few golden rows in %s\n", argv[1]);
        return 1;
    }
    live_before = shogi_live_handles();
    RUN(feature_sets);
    RUN(load_options);
    RUN(update_by_move);
    RUN(golden_rows);
    if (shogi_live_handles() != live_before) {
        printf("leaked handles: %llu\n", (unsigned long long)(shogi_live_handles() - live_before));
        harness_failed++;
    }
    return harness_summary();
}
