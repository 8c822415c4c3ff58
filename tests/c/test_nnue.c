/*
 * test_nnue.c - the NNUE section of shogi.h: every golden evaluation of
 * nnue-golden.tsv through a position handle, the batch call and the
 * low-level accumulator API; incremental accumulator updates along a game;
 * loading from a file and from memory; loader and argument errors.
 *
 * usage: test_nnue NNUE_GOLDEN_TSV
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "positions.h"

#define MAX_ROWS 1024
#define TMP_NET "test_nnue_net.tmp"

typedef struct {
    char net[16];
    int fv_scale;
    char sfen[256];
    int32_t eval;
} row_t;

static row_t rows[MAX_ROWS];
static int n_rows;
static shogi_network_t net_test, net_stress;
static const char *golden_path;

static shogi_network_t net_of(const row_t *r) {
    return strcmp(r->net, "test") == 0 ? net_test : net_stress;
}

static int read_golden(const char *path) {
    char line[1024];
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("cannot open %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f) && n_rows < MAX_ROWS) {
        char *fields[5];
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\r\n")] = 0;
        if (!split_tabs(line, fields, 5)) continue;
        row_t *r = &rows[n_rows++];
        strncpy(r->net, fields[0], sizeof r->net - 1);
        r->fv_scale = atoi(fields[2]);
        strncpy(r->sfen, fields[3], sizeof r->sfen - 1);
        r->eval = (int32_t)atol(fields[4]);
    }
    fclose(f);
    return n_rows;
}

TEST(make_test_nets) {
    shogi_error_t e;
    char arch[512];
    size_t needed = 0;
    CHECK_INT(shogi_network_make_test("test", 1, &net_test, &e), SHOGI_OK);
    CHECK_INT(shogi_network_make_test("stress", 7, &net_stress, &e), SHOGI_OK);
    CHECK_INT(shogi_network_arch(net_test, arch, sizeof arch, &needed, &e), SHOGI_OK);
    CHECK_INT(needed, 190); /* 189 characters and the NUL */
    CHECK(strncmp(arch, "Features=HalfKP(Friend)[125388->256x2]", 38) == 0);
    CHECK_INT(shogi_network_make_test("nope", 1, &(shogi_network_t){0}, &e),
              SHOGI_E_INVALID_ARGUMENT);
}

TEST(golden_position_handles) {
    int i, bad = 0;
    for (i = 0; i < n_rows; i++) {
        shogi_error_t e;
        int32_t v = -99999;
        shogi_position_t p = pos_from(rows[i].sfen);
        CHECK_INT(shogi_network_evaluate(net_of(&rows[i]), p, rows[i].fv_scale, &v, &e), SHOGI_OK);
        if (v != rows[i].eval && bad++ < 5) {
            printf("  row %d %s: %d, want %d\n", i, rows[i].sfen, v, rows[i].eval);
        }
        shogi_position_free(p, NULL);
    }
    CHECK_INT(bad, 0);
    printf("  %d golden rows through shogi_network_evaluate\n", n_rows);
}

TEST(golden_batch) {
    /* One batch per (net, fv_scale) group, in file order. */
    static const char *sfens[MAX_ROWS];
    static int32_t values[MAX_ROWS];
    static int idx[MAX_ROWS];
    static int done[MAX_ROWS];
    int i, j, checked = 0;
    memset(done, 0, sizeof done);
    for (i = 0; i < n_rows; i++) {
        int n = 0;
        shogi_error_t e;
        if (done[i]) continue;
        for (j = i; j < n_rows; j++) {
            if (!done[j] && strcmp(rows[j].net, rows[i].net) == 0 && rows[j].fv_scale == rows[i].fv_scale) {
                done[j] = 1;
                idx[n] = j;
                sfens[n++] = rows[j].sfen;
            }
        }
        CHECK_INT(shogi_network_evaluate_sfens(net_of(&rows[i]), sfens, (size_t)n, rows[i].fv_scale, values, &e),
                  SHOGI_OK);
        for (j = 0; j < n; j++) {
            CHECK_INT(values[j], rows[idx[j]].eval);
            checked++;
        }
    }
    CHECK_INT(checked, n_rows);
    printf("  %d golden rows through shogi_network_evaluate_sfens\n", checked);
}

TEST(golden_accumulator) {
    int i, bad = 0;
    shogi_accumulator_t acc_test = NULL, acc_stress = NULL;
    shogi_error_t e;
    CHECK_INT(shogi_accumulator_new(net_test, &acc_test, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_new(net_stress, &acc_stress, &e), SHOGI_OK);
    for (i = 0; i < n_rows; i++) {
        int32_t black[64], white[64], v = 0, stm = 0;
        size_t count = 0;
        shogi_position_t p = pos_from(rows[i].sfen);
        shogi_accumulator_t acc = strcmp(rows[i].net, "test") == 0 ? acc_test : acc_stress;
        CHECK_INT(shogi_position_halfkp_features(p, black, white, 64, &count, &e), SHOGI_OK);
        CHECK_INT(count, SHOGI_NNUE_MAX_ACTIVE);
        CHECK_INT(shogi_position_side_to_move(p, &stm, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_refresh(acc, SHOGI_BLACK, black, count, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_refresh(acc, SHOGI_WHITE, white, count, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_evaluate(acc, stm, rows[i].fv_scale, &v, &e), SHOGI_OK);
        if (v != rows[i].eval) bad++;
        shogi_position_free(p, NULL);
    }
    CHECK_INT(bad, 0);
    shogi_accumulator_free(acc_test, NULL);
    shogi_accumulator_free(acc_stress, NULL);
    printf("  %d golden rows through the accumulator API\n", n_rows);
}

static int cmp_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Multiset difference of two sorted lists: removed = before - after,
 * added = after - before. */
static void diff(const int32_t *before, const int32_t *after, size_t n, int32_t *removed, size_t *n_removed,
                 int32_t *added, size_t *n_added) {
    size_t i = 0, j = 0;
    *n_removed = *n_added = 0;
    while (i < n || j < n) {
        if (j >= n || (i < n && before[i] < after[j])) {
            removed[(*n_removed)++] = before[i++];
        } else if (i >= n || after[j] < before[i]) {
            added[(*n_added)++] = after[j++];
        } else {
            i++;
            j++;
        }
    }
}

/* An engine with its own board: feature deltas per move, a refresh for the
 * perspective whose king moved, evaluated after every move. */
TEST(incremental_accumulator_game) {
    shogi_network_t nets[2];
    int k;
    nets[0] = net_test;
    nets[1] = net_stress;
    for (k = 0; k < 2; k++) {
        shogi_error_t e;
        shogi_position_t p = NULL;
        shogi_accumulator_t acc = NULL;
        int32_t feat[2][64], next[2][64], removed[64], added[64];
        size_t count = 0, n_removed, n_added;
        uint32_t rng = 12345u + (uint32_t)k, moves[SHOGI_MAX_MOVES];
        int ply, persp, bad = 0, refreshes = 0, updates = 0;
        int fv = k == 0 ? 16 : 128;
        CHECK_INT(shogi_position_new(&p, &e), SHOGI_OK);
        CHECK_INT(shogi_accumulator_new(nets[k], &acc, &e), SHOGI_OK);
        shogi_position_halfkp_features(p, feat[0], feat[1], 64, &count, &e);
        for (persp = 0; persp < 2; persp++) {
            shogi_accumulator_refresh(acc, persp, feat[persp], count, &e);
            qsort(feat[persp], count, sizeof(int32_t), cmp_int32);
        }
        for (ply = 0; ply < 300; ply++) {
            size_t n_moves = 0;
            int32_t want = 0, got = 1, stm = 0;
            CHECK_INT(shogi_position_legal_moves(p, moves, SHOGI_MAX_MOVES, &n_moves, &e), SHOGI_OK);
            if (n_moves == 0) break;
            rng = rng * 1103515245u + 12345u;
            CHECK_INT(shogi_position_do_move(p, moves[(rng >> 8) % n_moves], &e), SHOGI_OK);
            shogi_position_halfkp_features(p, next[0], next[1], 64, &count, &e);
            for (persp = 0; persp < 2; persp++) {
                qsort(next[persp], count, sizeof(int32_t), cmp_int32);
                /* The king square is the quotient of every index by 1548. */
                if (next[persp][0] / 1548 != feat[persp][0] / 1548) {
                    CHECK_INT(shogi_accumulator_refresh(acc, persp, next[persp], count, &e), SHOGI_OK);
                    refreshes++;
                } else {
                    diff(feat[persp], next[persp], count, removed, &n_removed, added, &n_added);
                    CHECK(n_removed <= 2 && n_added <= 2);
                    CHECK_INT(shogi_accumulator_update(acc, persp, removed, n_removed, added, n_added, &e),
                              SHOGI_OK);
                    updates++;
                }
                memcpy(feat[persp], next[persp], count * sizeof(int32_t));
            }
            shogi_position_side_to_move(p, &stm, &e);
            CHECK_INT(shogi_accumulator_evaluate(acc, stm, fv, &got, &e), SHOGI_OK);
            CHECK_INT(shogi_network_evaluate(nets[k], p, fv, &want, &e), SHOGI_OK);
            if (got != want) bad++;
        }
        CHECK_INT(bad, 0);
        CHECK(updates > 300 && refreshes > 0);
        printf("  net %d: %d plies, %d updates, %d refreshes\n", k, ply, updates, refreshes);
        shogi_accumulator_free(acc, NULL);
        shogi_position_free(p, NULL);
    }
}

TEST(accumulator_copy) {
    shogi_error_t e;
    shogi_accumulator_t a = NULL, b = NULL;
    int32_t f[1] = {1548 * 44 + 90}, va = 0, vb = 1;
    CHECK_INT(shogi_accumulator_new(net_test, &a, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_new(net_test, &b, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_refresh(a, SHOGI_BLACK, f, 1, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_copy(b, a, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_evaluate(a, SHOGI_BLACK, 1, &va, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_evaluate(b, SHOGI_BLACK, 1, &vb, &e), SHOGI_OK);
    CHECK_INT(va, vb);
    /* update with the reverse delta returns to the biases */
    CHECK_INT(shogi_accumulator_update(a, SHOGI_BLACK, f, 1, NULL, 0, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_refresh(b, SHOGI_BLACK, NULL, 0, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_evaluate(a, SHOGI_WHITE, 16, &va, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_evaluate(b, SHOGI_WHITE, 16, &vb, &e), SHOGI_OK);
    CHECK_INT(va, vb);
    shogi_accumulator_free(a, NULL);
    shogi_accumulator_free(b, NULL);
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (unsigned char *)malloc((size_t)n + 16);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return buf;
}

static void check_load_error(unsigned char *data, size_t size, shogi_status_t want, const char *text) {
    shogi_error_t e;
    shogi_network_t n = NULL;
    shogi_status_t s = shogi_network_load_memory(data, size, &n, &e);
    CHECK_INT(s, want);
    CHECK(n == NULL);
    CHECK_INT(e.code, want);
    if (strstr(e.message, text) == NULL) {
        printf("  message \"%s\" lacks \"%s\"\n", e.message, text);
        CHECK(0);
    }
}

TEST(load_file_and_memory) {
    shogi_error_t e;
    shogi_network_t from_file = NULL, from_mem = NULL;
    shogi_position_t p = pos_from(rows[0].sfen);
    unsigned char *data;
    size_t size = 0;
    int32_t v = 0;
    CHECK_INT(shogi_network_save(net_test, TMP_NET, &e), SHOGI_OK);
    CHECK_INT(shogi_network_load(TMP_NET, &from_file, &e), SHOGI_OK);
    CHECK_INT(shogi_network_evaluate(from_file, p, rows[0].fv_scale, &v, &e), SHOGI_OK);
    CHECK_INT(v, rows[0].eval);
    data = read_file(TMP_NET, &size);
    CHECK(data != NULL);
    CHECK_U64(size, 64217077u);
    if (data) {
        CHECK_INT(shogi_network_load_memory(data, size, &from_mem, &e), SHOGI_OK);
        v = 0;
        CHECK_INT(shogi_network_evaluate(from_mem, p, rows[0].fv_scale, &v, &e), SHOGI_OK);
        CHECK_INT(v, rows[0].eval);

        /* Loader errors name the problem. */
        check_load_error(data, 1000, SHOGI_E_PARSE, "truncated");
        check_load_error(data, size - 1, SHOGI_E_PARSE, "truncated");
        check_load_error(data, 0, SHOGI_E_PARSE, "truncated");
        data[size] = 0;
        check_load_error(data, size + 1, SHOGI_E_PARSE, "trailing bytes");
        data[0] ^= 0xff;
        check_load_error(data, size, SHOGI_E_PARSE, "wrong version");
        data[0] ^= 0xff;
        memcpy(data + 12, "Features=HalfKA", 15);
        check_load_error(data, size, SHOGI_E_UNSUPPORTED, "HalfKA");
        memcpy(data + 12, "Features=HalfKP", 15);
        data[8] = 0xff;
        data[9] = 0xff;
        check_load_error(data, size, SHOGI_E_PARSE, "architecture string length");
        free(data);
    }
    CHECK_INT(shogi_network_load("no/such/dir/nn.bin", &(shogi_network_t){0}, &e),
              SHOGI_E_IO);
    CHECK(strstr(e.message, "nn.bin") != NULL);
    CHECK_INT(shogi_network_load_memory(NULL, 10, &(shogi_network_t){0}, &e), SHOGI_E_NULL_POINTER);
    shogi_network_free(from_file, NULL);
    shogi_network_free(from_mem, NULL);
    shogi_position_free(p, NULL);
    remove(TMP_NET);
}

TEST(argument_errors) {
    shogi_error_t e;
    shogi_position_t p = pos_from("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    shogi_position_t noking = NULL;
    shogi_accumulator_t acc = NULL;
    int32_t v = 0, bad_index[1] = {SHOGI_NNUE_HALFKP_DIMENSIONS}, neg[1] = {-1}, f[2];
    size_t count = 0;
    const char *sfens[2] = {"4k4/9/9/9/9/9/9/9/4K4 b - 1", "not an sfen"};
    int32_t values[2] = {7, 7};

    CHECK_INT(shogi_network_evaluate(net_test, p, 0, &v, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_network_evaluate(net_test, p, 129, &v, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_network_evaluate(net_test, p, 16, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_evaluate(NULL, p, 16, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_network_evaluate((shogi_network_t)p, p, 16, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_network_evaluate(net_test, (shogi_position_t)net_test, 16, &v, &e), SHOGI_E_BAD_HANDLE);

    CHECK_INT(shogi_network_evaluate_sfens(net_test, sfens, 2, 16, values, &e), SHOGI_E_PARSE);
    CHECK(strstr(e.message, "sfens[1]") != NULL);
    CHECK_INT(values[1], 0);
    CHECK(values[0] != 7);
    CHECK_INT(shogi_network_evaluate_sfens(net_test, NULL, 2, 16, values, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_network_evaluate_sfens(net_test, sfens, 0, 16, NULL, &e), SHOGI_OK);

    /* features: count query, short buffer, kings-only position */
    CHECK_INT(shogi_position_halfkp_features(p, NULL, NULL, 0, &count, &e), SHOGI_OK);
    CHECK_INT(count, 38);
    CHECK_INT(shogi_position_halfkp_features(p, f, f, 2, &count, &e), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(shogi_position_halfkp_features(p, NULL, NULL, 0, NULL, &e), SHOGI_E_NULL_POINTER);
    if (shogi_position_from_sfen_ex("9/9/9/9/9/9/9/9/4K4 b - 1", 0, &noking, NULL) == SHOGI_OK) {
        CHECK_INT(shogi_position_halfkp_features(noking, NULL, NULL, 0, &count, &e), SHOGI_E_STATE);
        shogi_position_free(noking, NULL);
    }

    CHECK_INT(shogi_accumulator_new(net_test, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_accumulator_new(net_test, &acc, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_refresh(acc, 2, NULL, 0, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_accumulator_refresh(acc, SHOGI_BLACK, bad_index, 1, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(e.message, "125388") != NULL);
    CHECK_INT(shogi_accumulator_update(acc, SHOGI_WHITE, neg, 1, NULL, 0, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_accumulator_update(acc, SHOGI_WHITE, NULL, 1, NULL, 0, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_accumulator_evaluate(acc, -1, 16, &v, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_accumulator_evaluate(acc, SHOGI_BLACK, 0, &v, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_accumulator_evaluate((shogi_accumulator_t)net_test, SHOGI_BLACK, 16, &v, &e),
              SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_accumulator_free(acc, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_free(acc, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_accumulator_free(NULL, &e), SHOGI_OK);
    CHECK_INT(shogi_network_free(NULL, &e), SHOGI_OK);
    shogi_position_free(p, NULL);
}

/* An accumulator keeps its network alive after the network handle is freed. */
TEST(accumulator_outlives_network) {
    shogi_error_t e;
    shogi_network_t n = NULL;
    shogi_accumulator_t acc = NULL;
    int32_t v = 1;
    CHECK_INT(shogi_network_make_test("zero", 0, &n, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_new(n, &acc, &e), SHOGI_OK);
    CHECK_INT(shogi_network_free(n, &e), SHOGI_OK);
    CHECK_INT(shogi_accumulator_evaluate(acc, SHOGI_BLACK, 16, &v, &e), SHOGI_OK);
    CHECK_INT(v, 0);
    CHECK_INT(shogi_accumulator_free(acc, &e), SHOGI_OK);
}

/* The batch feature call gives each SFEN's row exactly as the position
 * handle call does (a handicap included), and reports a bad SFEN by index
 * while still writing the other rows. */
TEST(batch_features) {
    shogi_error_t e;
    const char *sfens[3] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "not an sfen",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    };
    int32_t black[3 * SHOGI_NNUE_MAX_ACTIVE], white[3 * SHOGI_NNUE_MAX_ACTIVE];
    uint8_t stm[3] = {9, 9, 9};
    CHECK_INT(shogi_sfens_halfkp_features(sfens, 3, black, white, stm, &e), SHOGI_E_PARSE);
    CHECK(strstr(e.message, "sfens[1]") != NULL);
    CHECK_INT(stm[0], SHOGI_BLACK);
    CHECK_INT(stm[1], 0);
    CHECK_INT(stm[2], SHOGI_WHITE);
    for (int i = 0; i < SHOGI_NNUE_MAX_ACTIVE; i++) {
        CHECK_INT(black[SHOGI_NNUE_MAX_ACTIVE + i], -1);
        CHECK_INT(white[SHOGI_NNUE_MAX_ACTIVE + i], -1);
    }
    for (int k = 0; k < 3; k += 2) {
        shogi_position_t p = NULL;
        CHECK_INT(shogi_position_from_sfen(sfens[k], &p, &e), SHOGI_OK);
        int32_t b[64], w[64];
        size_t count = 0;
        CHECK_INT(shogi_position_halfkp_features(p, b, w, 64, &count, &e), SHOGI_OK);
        for (size_t i = 0; i < SHOGI_NNUE_MAX_ACTIVE; i++) {
            CHECK_INT(black[k * SHOGI_NNUE_MAX_ACTIVE + i], i < count ? b[i] : -1);
            CHECK_INT(white[k * SHOGI_NNUE_MAX_ACTIVE + i], i < count ? w[i] : -1);
        }
        CHECK_INT(count, SHOGI_NNUE_MAX_ACTIVE); /* missing pieces give the zero feature */
        shogi_position_free(p, NULL);
    }
    CHECK_INT(shogi_sfens_halfkp_features(sfens, 1, black, white, NULL, &e), SHOGI_OK);
    const char *kingless[1] = {"4k4/9/9/9/9/9/9/9/9 b P 1"};
    CHECK_INT(shogi_sfens_halfkp_features(kingless, 1, black, white, NULL, &e), SHOGI_E_STATE);
    CHECK_INT(black[0], -1);
    const char *null_item[1] = {NULL};
    CHECK_INT(shogi_sfens_halfkp_features(null_item, 1, black, white, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_sfens_halfkp_features(NULL, 1, black, white, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_sfens_halfkp_features(sfens, 1, NULL, white, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_sfens_halfkp_features(sfens, 0, NULL, NULL, NULL, &e), SHOGI_OK);
}

int main(int argc, char **argv) {
    uint64_t live_before;
    if (argc < 2) {
        printf("usage: test_nnue NNUE_GOLDEN_TSV\n");
        return 2;
    }
    golden_path = argv[1];
    if (read_golden(golden_path) < 200) {
        printf("too few golden rows in %s\n", golden_path);
        return 1;
    }
    live_before = shogi_live_handles();
    RUN(make_test_nets);
    RUN(golden_position_handles);
    RUN(golden_batch);
    RUN(golden_accumulator);
    RUN(incremental_accumulator_game);
    RUN(accumulator_copy);
    RUN(load_file_and_memory);
    RUN(argument_errors);
    RUN(accumulator_outlives_network);
    RUN(batch_features);
    shogi_network_free(net_test, NULL);
    shogi_network_free(net_stress, NULL);
    if (shogi_live_handles() != live_before) {
        printf("leaked handles: %llu\n", (unsigned long long)(shogi_live_handles() - live_before));
        harness_failed++;
    }
    return harness_summary();
}
