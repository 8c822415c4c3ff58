/*
 * test_planes_bits.c - the dlshogi planes packed one bit a value through
 * shogi.h (shogi_dlshogi_features_bits, shogi_dataset_planes_bits).
 *
 * The packed planes are unpacked here from the layout written in the
 * header (16 bytes a features1 plane, one bit a features2 plane) and
 * compared with the float32 planes of the same records.
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define N_POS 200
#define TMP_FILE "test_planes_bits.bin"
enum { P1 = SHOGI_DLSHOGI_FEATURES1_NUM * 81, P2 = SHOGI_DLSHOGI_FEATURES2_NUM * 81 };
enum { B1 = SHOGI_DLSHOGI_FEATURES1_BYTES, B2 = SHOGI_DLSHOGI_FEATURES2_BYTES };

static uint8_t records[N_POS + 1][SHOGI_PSV_SIZE]; /* the last one garbage */
static float f1[(N_POS + 1) * P1], f2[(N_POS + 1) * P2];
static uint8_t b1[(N_POS + 1) * B1], b2[(N_POS + 1) * B2];

/* Plays games from the start position (a fixed choice among the legal
 * moves) and packs the position before each move into records[]. */
static void make_records(void) {
    shogi_position_t pos = NULL;
    int k = 0;
    while (k < N_POS) {
        shogi_position_from_sfen("startpos", &pos, NULL);
        for (int ply = 0; ply < 80 && k < N_POS; ply++, k++) {
            uint32_t moves[600];
            size_t count = 0;
            shogi_position_legal_moves(pos, moves, 600, &count, NULL);
            if (count == 0) break;
            uint32_t m = moves[(size_t)(k * 11 + 5) % count];
            CHECK_INT(shogi_position_to_psv(pos, 0, m, 0, records[k], NULL), SHOGI_OK);
            shogi_position_do_move(pos, m, NULL);
        }
        shogi_position_free(pos, NULL);
    }
    memset(records[N_POS], 0xff, SHOGI_PSV_SIZE);
}

/* Whether packed row (p1, p2) holds the float row (g1, g2), unused bits 0. */
static int row_matches(const uint8_t *p1, const uint8_t *p2, const float *g1, const float *g2) {
    for (int p = 0; p < SHOGI_DLSHOGI_FEATURES1_NUM; p++)
        for (int s = 0; s < 128; s++) {
            int bit = (p1[16 * p + s / 8] >> (s % 8)) & 1;
            if (s >= 81 ? bit != 0 : (float)bit != g1[p * 81 + s]) return 0;
        }
    for (int p = 0; p < 64; p++) {
        int bit = (p2[p / 8] >> (p % 8)) & 1;
        if (p >= SHOGI_DLSHOGI_FEATURES2_NUM) {
            if (bit) return 0;
            continue;
        }
        for (int s = 0; s < 81; s++)
            if ((float)bit != g2[p * 81 + s]) return 0;
    }
    return 1;
}

TEST(bulk_bits_match_floats) {
    static int32_t lf[N_POS + 1], lb[N_POS + 1];
    size_t bad_f = 99, bad_b = 99;
    memset(b1, 0xa5, sizeof b1);
    CHECK_INT(shogi_dlshogi_features(records, N_POS + 1, SHOGI_DATASET_FORMAT_PSV, f1, f2, lf, &bad_f, NULL), SHOGI_OK);
    CHECK_INT(shogi_dlshogi_features_bits(records, N_POS + 1, SHOGI_DATASET_FORMAT_PSV, b1, b2, lb, &bad_b, NULL), SHOGI_OK);
    CHECK_INT(bad_f, 1);
    CHECK_INT(bad_b, 1);
    int same = 1;
    for (int i = 0; i <= N_POS; i++) {
        same &= row_matches(b1 + i * B1, b2 + i * B2, f1 + i * P1, f2 + i * P2);
        same &= lf[i] == lb[i];
    }
    CHECK(same);
    CHECK_INT(lb[N_POS], -1);
    /* The start position: Black's pawns (plane 0) on rank g, bits 6, 15, ... */
    CHECK_INT(b1[0], 1 << 6);
    CHECK_INT(b1[1], 1 << 7);
    shogi_error_t err;
    CHECK_INT(shogi_dlshogi_features_bits(records, 1, 7, b1, b2, NULL, NULL, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_dlshogi_features_bits(records, 1, SHOGI_DATASET_FORMAT_PSV, NULL, b2, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_dlshogi_features_bits(records, 1, SHOGI_DATASET_FORMAT_PSV, b1, NULL, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_dlshogi_features_bits(NULL, 1, SHOGI_DATASET_FORMAT_PSV, b1, b2, NULL, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_dlshogi_features_bits(NULL, 0, SHOGI_DATASET_FORMAT_PSV, NULL, NULL, NULL, NULL, &err), SHOGI_OK);
}

TEST(stream_bits_match_floats) {
    FILE *f = fopen(TMP_FILE, "wb");
    CHECK(f != NULL);
    if (!f) return;
    CHECK_INT(fwrite(records, SHOGI_PSV_SIZE, N_POS, f), N_POS);
    fclose(f);
    const char *paths[] = {TMP_FILE};
    shogi_dataset_t ds = NULL;
    const uint8_t *p1 = (const uint8_t *)1, *p2 = (const uint8_t *)1;
    int64_t n = 99;
    CHECK_INT(shogi_dataset_open(paths, 1, "layout=planes,planes_bits batch_size=64 threads=2", &ds, NULL), SHOGI_OK);
    CHECK_INT(shogi_dataset_planes_bits(ds, &p1, &p2, &n, NULL), SHOGI_OK); /* no batch yet */
    CHECK(p1 == NULL && p2 == NULL && n == 0);
    int rows = 0, same = 1;
    for (;;) {
        shogi_dataset_batch_t b = {.struct_size = sizeof b};
        CHECK_INT(shogi_dataset_next(ds, &b, NULL), SHOGI_OK);
        CHECK_INT(shogi_dataset_planes_bits(ds, &p1, &p2, &n, NULL), SHOGI_OK);
        CHECK_INT(n, b.n);
        if (b.n == 0) {
            CHECK(p1 == NULL && p2 == NULL);
            break;
        }
        CHECK(p1 != NULL && p2 != NULL);
        if (!p1 || !p2) break;
        for (int64_t i = 0; i < b.n; i++)
            same &= row_matches(p1 + i * B1, p2 + i * B2, b.features1 + i * P1, b.features2 + i * P2);
        rows += (int)b.n;
    }
    CHECK(same);
    CHECK_INT(rows, N_POS);
    shogi_error_t err;
    CHECK_INT(shogi_dataset_planes_bits(ds, NULL, &p2, &n, &err), SHOGI_E_NULL_POINTER);
    shogi_dataset_free(ds, NULL);

    /* A stream without the layout has none. */
    ds = NULL;
    CHECK_INT(shogi_dataset_open(paths, 1, "layout=planes batch_size=8", &ds, NULL), SHOGI_OK);
    shogi_dataset_batch_t b = {.struct_size = sizeof b};
    CHECK_INT(shogi_dataset_next(ds, &b, NULL), SHOGI_OK);
    CHECK_INT(b.n, 8);
    CHECK_INT(shogi_dataset_planes_bits(ds, &p1, &p2, NULL, NULL), SHOGI_OK);
    CHECK(p1 == NULL && p2 == NULL);
    shogi_dataset_free(ds, NULL);
    CHECK(shogi_dataset_planes_bits(NULL, &p1, &p2, &n, &err) != SHOGI_OK);
    remove(TMP_FILE);
}

int main(void) {
    make_records();
    RUN(bulk_bits_match_floats);
    RUN(stream_bits_match_floats);
    return harness_summary();
}
