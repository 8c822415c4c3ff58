/*
 * test_dataset.c - the training-data stream of shogi.h (shogi_dataset_*)
 * and the bulk dlshogi planes (shogi_dlshogi_features).
 *
 * The stream's features are checked against shogi_position_halfkp_features
 * of the same records decoded one by one; the dlshogi planes against
 * values written from the layout (docs/specs/dlshogi-features.md).
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define N_POS 300
#define TMP_GOOD "test_dataset_good.bin"
#define TMP_CUT "test_dataset_cut.bin"

static uint8_t records[N_POS][SHOGI_PSV_SIZE];

/* Plays games from the start position (a fixed choice among the legal
 * moves) and packs the position before each move into records[]. */
static void make_records(void) {
    shogi_position_t pos = NULL;
    int k = 0;
    while (k < N_POS) {
        shogi_position_from_sfen("startpos", &pos, NULL);
        for (int ply = 0; ply < 60 && k < N_POS; ply++, k++) {
            uint32_t moves[600];
            size_t count = 0;
            shogi_position_legal_moves(pos, moves, 600, &count, NULL);
            if (count == 0) break;
            uint32_t m = moves[(size_t)(k * 7 + 3) % count];
            CHECK_INT(shogi_position_to_psv(pos, k - 150, m, (k % 3) - 1, records[k], NULL), SHOGI_OK);
            shogi_position_do_move(pos, m, NULL);
        }
        shogi_position_free(pos, NULL);
    }
}

static void write_file(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return;
    CHECK_INT(fwrite(data, 1, n, f), n);
    fclose(f);
}

TEST(features_match_position) {
    write_file(TMP_GOOD, records, sizeof records);
    const char *paths[] = {TMP_GOOD};
    shogi_dataset_t ds = NULL;
    shogi_error_t err;
    CHECK_INT(shogi_dataset_open(paths, 1, "features=HalfKP batch_size=64 threads=2", &ds, &err), SHOGI_OK);
    int row = 0, batches = 0;
    for (;;) {
        shogi_dataset_batch_t b = {.struct_size = sizeof b};
        CHECK_INT(shogi_dataset_next(ds, &b, &err), SHOGI_OK);
        if (b.n == 0) break;
        batches++;
        CHECK_INT(b.max_active, 38);
        for (int64_t i = 0; i < b.n && row < N_POS; i++, row++) {
            shogi_position_t pos = NULL;
            int32_t score = 0, result = 0;
            CHECK_INT(shogi_position_from_psv(records[row], &pos, &score, NULL, &result, NULL), SHOGI_OK);
            int32_t black[38], white[38];
            size_t count = 0;
            CHECK_INT(shogi_position_halfkp_features(pos, black, white, 38, &count, NULL), SHOGI_OK);
            CHECK_INT(count, 38);
            CHECK(memcmp(black, b.padded[0] + i * 38, sizeof black) == 0);
            CHECK(memcmp(white, b.padded[1] + i * 38, sizeof white) == 0);
            CHECK_INT(b.offsets[0][i + 1] - b.offsets[0][i], 38);
            CHECK(memcmp(black, b.values[0] + b.offsets[0][i], sizeof black) == 0);
            CHECK(memcmp(white, b.values[1] + b.offsets[1][i], sizeof white) == 0);
            CHECK_INT(b.score[i], score);
            CHECK_INT(b.result[i], result);
            CHECK(b.features1 == NULL && b.move_label == NULL);
            shogi_position_free(pos, NULL);
        }
    }
    CHECK_INT(row, N_POS);
    CHECK_INT(batches, (N_POS + 63) / 64);
    shogi_dataset_stats_t st = {.struct_size = sizeof st};
    CHECK_INT(shogi_dataset_stats(ds, &st, &err), SHOGI_OK);
    CHECK_INT(st.positions, N_POS);
    CHECK_INT(st.records, N_POS);
    CHECK_INT(st.bad, 0);
    CHECK_INT(st.epochs, 1);
    shogi_dataset_batch_t small = {.struct_size = 8};
    CHECK_INT(shogi_dataset_next(ds, &small, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK(strstr(err.message, "struct_size") != NULL);
    shogi_dataset_stats_t unset = {0};
    CHECK_INT(shogi_dataset_stats(ds, &unset, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_dataset_free(ds, &err), SHOGI_OK);
    shogi_dataset_batch_t b = {.struct_size = sizeof b};
    CHECK_INT(shogi_dataset_next(ds, &b, &err), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_dataset_free(NULL, &err), SHOGI_OK);
}

TEST(filters_and_epochs) {
    const char *paths[] = {TMP_GOOD, TMP_GOOD};
    shogi_dataset_t ds = NULL;
    CHECK_INT(shogi_dataset_open(paths, 2, "features=halfkp layout=csr epochs=2 shuffle=100 seed=3 max_abs_score=100", &ds, NULL), SHOGI_OK);
    int64_t n = 0;
    shogi_dataset_batch_t b = {.struct_size = sizeof b};
    do {
        CHECK_INT(shogi_dataset_next(ds, &b, NULL), SHOGI_OK);
        CHECK(b.n == 0 || (b.padded[0] == NULL && b.values[0] != NULL));
        for (int64_t i = 0; i < b.n; i++) CHECK(b.score[i] >= -100 && b.score[i] <= 100);
        n += b.n;
    } while (b.n > 0);
    /* scores are k - 150 for k = 0..299: |score| <= 100 keeps k = 50..250 */
    CHECK_INT(n, 2 * 2 * 201);
    shogi_dataset_stats_t st = {.struct_size = sizeof st};
    shogi_dataset_stats(ds, &st, NULL);
    CHECK_INT(st.removed[SHOGI_DATASET_FILTER_SCORE], 2 * 2 * 99);
    CHECK_INT(st.epochs, 2);
    shogi_dataset_free(ds, NULL);
}

TEST(bad_files) {
    uint8_t cut[10 * SHOGI_PSV_SIZE + 5];
    memcpy(cut, records, sizeof cut);
    write_file(TMP_CUT, cut, sizeof cut);
    const char *paths[] = {TMP_CUT};
    shogi_dataset_t ds = NULL;
    shogi_error_t err;
    CHECK_INT(shogi_dataset_open(paths, 1, "features=HalfKP", &ds, &err), SHOGI_OK);
    shogi_dataset_batch_t b = {.struct_size = sizeof b};
    CHECK_INT(shogi_dataset_next(ds, &b, &err), SHOGI_OK);
    CHECK_INT(b.n, 10);
    CHECK_INT(shogi_dataset_next(ds, &b, &err), SHOGI_OK);
    CHECK_INT(b.n, 0);
    shogi_dataset_stats_t st = {.struct_size = sizeof st};
    shogi_dataset_stats(ds, &st, NULL);
    CHECK_INT(st.bad, 1);
    char msg[256];
    size_t needed = 0;
    CHECK_INT(shogi_dataset_last_error(ds, msg, sizeof msg, &needed, &err), SHOGI_OK);
    CHECK(strstr(msg, TMP_CUT ": psv: record 10: truncated record: 5 of 40 bytes") != NULL);
    shogi_dataset_free(ds, NULL);

    const char *missing[] = {"no_such_dir/no_such_file.bin"};
    ds = NULL;
    CHECK_INT(shogi_dataset_open(missing, 1, "features=HalfKP", &ds, &err), SHOGI_E_IO);
    CHECK(strstr(err.message, "no_such_file.bin") != NULL);
    CHECK(ds == NULL);
    CHECK_INT(shogi_dataset_open(paths, 1, "features=HalfKQ", &ds, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_dataset_open(paths, 1, "batch_size=zero", &ds, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_dataset_open(paths, 1, "features=HalfKP", NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_dataset_open(NULL, 1, "features=HalfKP", &ds, &err), SHOGI_E_NULL_POINTER);
    const char *null_path[] = {NULL};
    CHECK_INT(shogi_dataset_open(null_path, 1, "", &ds, &err), SHOGI_E_NULL_POINTER);
}

TEST(dlshogi_planes) {
    enum { P1 = SHOGI_DLSHOGI_FEATURES1_NUM * 81, P2 = SHOGI_DLSHOGI_FEATURES2_NUM * 81 };
    static float f1[2 * P1], f2[2 * P2];
    int32_t labels[2];
    size_t bad = 99;
    uint8_t two[2 * SHOGI_PSV_SIZE];
    memcpy(two, records[0], SHOGI_PSV_SIZE); /* the start position */
    memset(two + SHOGI_PSV_SIZE, 0xff, SHOGI_PSV_SIZE); /* garbage */
    CHECK_INT(shogi_dlshogi_features(two, 2, SHOGI_DATASET_FORMAT_PSV, f1, f2, labels, &bad, NULL), SHOGI_OK);
    CHECK_INT(bad, 1);
    /* Start position: Black's pawns (plane 0) on rank g, squares 9f+6. */
    for (int s = 0; s < 81; s++) {
        CHECK(f1[0 * 81 + s] == (s % 9 == 6 ? 1.0f : 0.0f));
        CHECK(f1[14 * 81 + s] == (s % 9 == 5 ? 1.0f : 0.0f));      /* pawn attacks */
        CHECK(f1[(31 + 0) * 81 + s] == (s % 9 == 2 ? 1.0f : 0.0f)); /* White's pawns */
    }
    CHECK(f1[7 * 81 + 44] == 1.0f); /* Black's king on 5i */
    int ones = 0;
    for (int i = 0; i < P2; i++) ones += f2[i] != 0.0f;
    CHECK_INT(ones, 0);
    CHECK_INT(labels[1], -1);
    ones = 0;
    for (int i = 0; i < P1; i++) ones += f1[P1 + i] != 0.0f;
    CHECK_INT(ones, 0);
    CHECK_INT(shogi_dlshogi_features(two, 1, 7, f1, f2, NULL, NULL, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_dlshogi_features(two, 1, SHOGI_DATASET_FORMAT_PSV, NULL, f2, NULL, NULL, NULL), SHOGI_E_NULL_POINTER);

    /* A stream of planes gives the same values. */
    const char *paths[] = {TMP_GOOD};
    shogi_dataset_t ds = NULL;
    CHECK_INT(shogi_dataset_open(paths, 1, "layout=planes batch_size=1", &ds, NULL), SHOGI_OK);
    shogi_dataset_batch_t b = {.struct_size = sizeof b};
    CHECK_INT(shogi_dataset_next(ds, &b, NULL), SHOGI_OK);
    CHECK_INT(b.n, 1);
    CHECK(b.padded[0] == NULL && b.values[0] == NULL);
    CHECK(memcmp(b.features1, f1, sizeof(float) * P1) == 0);
    CHECK(memcmp(b.features2, f2, sizeof(float) * P2) == 0);
    CHECK_INT(b.move_label[0], labels[0]);
    /* PSV rows: the recorded move with probability 1 as the policy target */
    CHECK_INT(b.n_policy, 1);
    CHECK_INT(b.policy_offsets[0], 0);
    CHECK_INT(b.policy_offsets[1], 1);
    CHECK_INT(b.policy_label[0], labels[0]);
    CHECK(b.policy_prob[0] == 1.0f);
    CHECK(b.features1_u8 == NULL && b.features2_u8 == NULL);
    shogi_dataset_free(ds, NULL);

    /* The compact planes hold the same values. */
    ds = NULL;
    CHECK_INT(shogi_dataset_open(paths, 1, "layout=planes_u8 batch_size=1", &ds, NULL), SHOGI_OK);
    CHECK_INT(shogi_dataset_next(ds, &b, NULL), SHOGI_OK);
    CHECK(b.features1 == NULL && b.features1_u8 != NULL && b.features2_u8 != NULL);
    int same = 1;
    for (int i = 0; i < P1; i++) same &= (float)b.features1_u8[i] == f1[i];
    for (int p = 0; p < SHOGI_DLSHOGI_FEATURES2_NUM; p++) same &= (float)b.features2_u8[p] == f2[p * 81];
    CHECK(same);
    CHECK_INT(b.move_label[0], labels[0]);
    shogi_dataset_free(ds, NULL);
}

int main(void) {
    make_records();
    RUN(features_match_position);
    RUN(filters_and_epochs);
    RUN(bad_files);
    RUN(dlshogi_planes);
    remove(TMP_GOOD);
    remove(TMP_CUT);
    return harness_summary();
}
