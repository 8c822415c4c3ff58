/*
 * test_record.c - the record functions of shogi.h: CSA/KIF/KI2/USI records,
 * PackedSfenValue and hcpe records, and the bulk PSV functions.
 *
 * The byte vectors are rows of shared/testdata/records/{psv,hcpe}.tsv.
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define START_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* psv.tsv rows 1 and 2, hcpe.tsv row 1. */
static const char *PSV_ROW1 =
    "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c00003b1e01000100";
static const char *PSV_ROW2 =
    "59a451220ceb67227e9653221caf447824c22b119e53121ceb6f223e9651220c2300150a0200ff00";
/* psv.tsv rows with a hand, a handicap (boxed pieces), promoted pieces. */
static const char *PSV_MORE[] = {
    "59a451220ceb57227e9693241caf447824c22b119e53121ceb6f222ca344181edc050a0904000100",
    "5924126120113fcb29118e57223c12e19508cf29110e12f1b19008434aadbd7e38fe371b01000000",
    "7d2d02d9be2609e4e60d1e107e7813cc670627afaf74defce60246ab8c65009200009f4076000100",
    "598fca95997e1ed20e09fe900e9207e0c8059ce92390c6e0dd940f83034020bf48f42b43f000ff00",
    "47260a838fd54a3ec129c50b8234cae5e5dc10689c4ff8a59c3e30fe96410000007dbe9ee0000000",
};
static const char *HCPE_ROW1 =
    "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c007d3b1e0000";

static const char *CSA_EXAMPLE =
    "'CSA encoding=UTF-8\n"
    "V3.0\n"
    "N+Sente\n"
    "N-Gote\n"
    "$START_TIME:2024/05/14 10:00:00\n"
    "$TIME:600+10+0\n"
    "PI82HI22KA\n"
    "-\n"
    "-5142OU\n"
    "T3\n"
    "+7776FU\n"
    "T5.5\n"
    "'** 30 -3334FU\n"
    "%TORYO\n";

static void unhex(const char *hex, uint8_t *out) {
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int contains(const char *s, const char *sub) { return strstr(s, sub) != NULL; }

/* Writes a record into a malloc'd buffer (size query first). */
static char *write_record(shogi_record_t rec, int32_t format, int32_t encoding, size_t *len) {
    size_t needed = 0;
    if (shogi_record_write(rec, format, encoding, NULL, 0, &needed, NULL) != SHOGI_OK) return NULL;
    char *buf = malloc(needed);
    if (buf == NULL) return NULL;
    if (shogi_record_write(rec, format, encoding, buf, needed, &needed, NULL) != SHOGI_OK) {
        free(buf);
        return NULL;
    }
    if (len) *len = needed - 1;
    return buf;
}

TEST(parse_csa) {
    shogi_record_t rec = NULL;
    shogi_error_t e;
    int32_t fmt = -1;
    CHECK_INT(shogi_record_parse(CSA_EXAMPLE, strlen(CSA_EXAMPLE), SHOGI_RECORD_AUTO, &rec, &fmt, &e), SHOGI_OK);
    CHECK_INT(fmt, SHOGI_RECORD_CSA);
    char buf[256];
    CHECK_INT(shogi_record_start_sfen(rec, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    uint32_t moves[8];
    size_t count = 0;
    CHECK_INT(shogi_record_moves(rec, moves, 8, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 2);
    CHECK_INT(shogi_move_to_usi(moves[0], buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "5a4b");
    CHECK_INT(shogi_move_to_usi(moves[1], buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "7g7f");
    int32_t result = -1, end = -1;
    CHECK_INT(shogi_record_result(rec, &result, &end, NULL), SHOGI_OK);
    CHECK_INT(result, SHOGI_RESULT_BLACK_WIN);
    CHECK_INT(end, SHOGI_END_RESIGN);
    CHECK_INT(shogi_record_header(rec, "black", buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "Sente");
    CHECK_INT(shogi_record_header(rec, "Time", buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "600+10+0");
    CHECK_INT(shogi_record_header(rec, "NoSuchKey", buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "");

    /* The position after both moves, with its history. */
    shogi_position_t pos = NULL;
    CHECK_INT(shogi_record_position(rec, 2, &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_sfen(pos, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "lnsg1gsnl/5k3/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3");
    CHECK_INT(shogi_position_undo_move(pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_do_move(pos, moves[1], NULL), SHOGI_OK);
    CHECK_INT(shogi_record_position(rec, 3, &pos, NULL), SHOGI_E_INVALID_ARGUMENT);

    /* A record of the position's history gives the same USI line. */
    shogi_record_t rec2 = NULL;
    CHECK_INT(shogi_record_from_position(pos, &rec2, NULL), SHOGI_OK);
    char *a = write_record(rec, SHOGI_RECORD_USI, SHOGI_ENCODING_UTF8, NULL);
    char *b = write_record(rec2, SHOGI_RECORD_USI, SHOGI_ENCODING_UTF8, NULL);
    CHECK(a != NULL && b != NULL);
    if (a && b) {
        CHECK_STR(a, "sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f\n");
        CHECK_STR(b, a);
    }
    free(a);
    free(b);
    CHECK_INT(shogi_record_free(rec2, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_free(pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_free(rec, NULL), SHOGI_OK);
}

TEST(formats_round_trip) {
    shogi_record_t rec = NULL;
    CHECK_INT(shogi_record_parse(CSA_EXAMPLE, strlen(CSA_EXAMPLE), SHOGI_RECORD_CSA, &rec, NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_set_header(rec, "white", "上手さん", NULL), SHOGI_OK);
    CHECK_INT(shogi_record_set_header(rec, "Event", "test", NULL), SHOGI_OK);
    const int32_t formats[] = {SHOGI_RECORD_CSA, SHOGI_RECORD_KIF, SHOGI_RECORD_KI2, SHOGI_RECORD_USI};
    const int32_t encodings[] = {SHOGI_ENCODING_UTF8, SHOGI_ENCODING_UTF8_BOM, SHOGI_ENCODING_SHIFT_JIS};
    for (int f = 0; f < 4; f++) {
        for (int en = 0; en < 3; en++) {
            size_t len = 0;
            char *text = write_record(rec, formats[f], encodings[en], &len);
            CHECK(text != NULL);
            if (!text) continue;
            shogi_record_t back = NULL;
            int32_t got = -1;
            shogi_error_t e;
            CHECK_INT(shogi_record_parse(text, len, SHOGI_RECORD_AUTO, &back, &got, &e), SHOGI_OK);
            CHECK_INT(got, formats[f]);
            size_t count = 0;
            CHECK_INT(shogi_record_moves(back, NULL, 0, &count, NULL), SHOGI_OK);
            CHECK_INT(count, 2);
            if (formats[f] == SHOGI_RECORD_KIF) {
                char name[64];
                CHECK_INT(shogi_record_header(back, "white", name, sizeof name, NULL, NULL), SHOGI_OK);
                CHECK_STR(name, "上手さん");
                int32_t result = -1;
                CHECK_INT(shogi_record_result(back, &result, NULL, NULL), SHOGI_OK);
                CHECK_INT(result, SHOGI_RESULT_BLACK_WIN);
            }
            shogi_record_free(back, NULL);
            free(text);
        }
    }
    /* Setting the end. */
    int32_t result = -1, end = -1;
    CHECK_INT(shogi_record_set_end(rec, SHOGI_END_TIME_UP, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_result(rec, &result, &end, NULL), SHOGI_OK);
    CHECK_INT(end, SHOGI_END_TIME_UP);
    CHECK_INT(result, SHOGI_RESULT_BLACK_WIN); /* White to move ran out of time */
    CHECK_INT(shogi_record_set_end(rec, SHOGI_END_NONE, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_result(rec, &result, &end, NULL), SHOGI_OK);
    CHECK_INT(result, SHOGI_RESULT_NONE);
    CHECK_INT(shogi_record_set_end(rec, 99, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_write(rec, SHOGI_RECORD_AUTO, 0, NULL, 0, NULL, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_write(rec, SHOGI_RECORD_KIF, 7, NULL, 0, NULL, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_free(rec, NULL), SHOGI_OK);
}

TEST(bad_records) {
    const char *bad[] = {
        "PI\n+\n+7775FU\n",                  /* illegal move, line 3 */
        "   1 ７六歩(77)\n   3 ３四歩(33)\n", /* KIF move number, line 2 */
        "\xff\xfe\x00garbage",
        "",
    };
    const char *want[] = {"line 3", "line 2", "", ""};
    for (int i = 0; i < 4; i++) {
        shogi_record_t rec = NULL;
        shogi_error_t e;
        shogi_status_t st = shogi_record_parse(bad[i], strlen(bad[i]), SHOGI_RECORD_AUTO, &rec, NULL, &e);
        if (i < 2) {
            CHECK_INT(st, SHOGI_E_PARSE);
            CHECK_INT(e.code, SHOGI_E_PARSE);
            CHECK(contains(e.message, want[i]));
        }
        if (st == SHOGI_OK) shogi_record_free(rec, NULL);
    }
    shogi_record_t rec = NULL;
    CHECK_INT(shogi_record_parse(NULL, 5, SHOGI_RECORD_AUTO, &rec, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_record_parse("x", 1, 42, &rec, NULL, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_parse("x", 1, SHOGI_RECORD_AUTO, NULL, NULL, NULL), SHOGI_E_NULL_POINTER);
    /* A position handle is not a record handle. */
    shogi_position_t pos = NULL;
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    int32_t result;
    CHECK_INT(shogi_record_result((shogi_record_t)(void *)pos, &result, NULL, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_free(pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_free(NULL, NULL), SHOGI_OK);
}

TEST(psv_and_hcpe_records) {
    uint8_t psv[SHOGI_PSV_SIZE], out[SHOGI_PSV_SIZE];
    unhex(PSV_ROW1, psv);
    shogi_position_t pos = NULL;
    int32_t score = -1, result = -9;
    uint32_t move = 0;
    CHECK_INT(shogi_position_from_psv(psv, &pos, &score, &move, &result, NULL), SHOGI_OK);
    char buf[128];
    CHECK_INT(shogi_position_sfen(pos, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, START_SFEN);
    CHECK_INT(score, 0);
    CHECK_INT(move & 0xffff, 7739); /* 7g7f */
    CHECK(move >> 16 != 0);         /* a legal move carries its piece */
    CHECK_INT(result, 1);
    CHECK_INT(shogi_position_to_psv(pos, score, move, result, out, NULL), SHOGI_OK);
    CHECK(memcmp(psv, out, SHOGI_PSV_SIZE) == 0);
    CHECK_INT(shogi_position_to_psv(pos, 40000, move, result, out, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_to_psv(pos, 0, move, 2, out, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_to_psv(pos, 0, 1, 0, out, NULL), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_free(pos, NULL), SHOGI_OK);

    uint8_t hcpe[SHOGI_HCPE_SIZE], hout[SHOGI_HCPE_SIZE];
    unhex(HCPE_ROW1, hcpe);
    CHECK_INT(shogi_position_from_hcpe(hcpe, &pos, &score, &move, &result, NULL), SHOGI_OK);
    CHECK_INT(score, 32000);
    CHECK_INT(move & 0xffff, 7739);
    CHECK_INT(result, 0);
    CHECK_INT(shogi_position_to_hcpe(pos, score, move, result, hout, NULL), SHOGI_OK);
    CHECK(memcmp(hcpe, hout, SHOGI_HCPE_SIZE) == 0);
    CHECK_INT(shogi_position_free(pos, NULL), SHOGI_OK);

    /* A bad record is a parse error that says what is wrong. */
    psv[38] = 7;
    shogi_error_t e;
    CHECK_INT(shogi_position_from_psv(psv, &pos, NULL, NULL, NULL, &e), SHOGI_E_PARSE);
    CHECK(contains(e.message, "game_result"));
    CHECK_INT(shogi_position_from_psv(NULL, &pos, NULL, NULL, NULL, NULL), SHOGI_E_NULL_POINTER);
}

TEST(bulk_psv) {
    enum { N = 1000 };
    uint8_t *psv = malloc((size_t)N * SHOGI_PSV_SIZE);
    uint8_t *hcpe = malloc((size_t)N * SHOGI_HCPE_SIZE);
    uint8_t *back = malloc((size_t)N * SHOGI_PSV_SIZE);
    int32_t *black = malloc((size_t)N * SHOGI_NNUE_MAX_ACTIVE * sizeof(int32_t));
    int32_t *white = malloc((size_t)N * SHOGI_NNUE_MAX_ACTIVE * sizeof(int32_t));
    int32_t *values = malloc((size_t)N * sizeof(int32_t));
    CHECK(psv && hcpe && back && black && white && values);
    if (!(psv && hcpe && back && black && white && values)) return;
    for (int i = 0; i < N; i++) unhex(i % 2 ? PSV_ROW2 : PSV_ROW1, psv + (size_t)i * SHOGI_PSV_SIZE);
    for (int i = 0; i < 5; i++) unhex(PSV_MORE[i], psv + (size_t)(10 + i) * SHOGI_PSV_SIZE);

    size_t n_bad = 99;
    CHECK_INT(shogi_psv_check(psv, N, &n_bad, NULL), SHOGI_OK);
    CHECK_INT(n_bad, 0);
    CHECK_INT(shogi_psv_to_hcpe(psv, N, hcpe, NULL), SHOGI_OK);
    CHECK_INT(shogi_hcpe_to_psv(hcpe, N, back, NULL), SHOGI_OK);
    int same = 1;
    for (int i = 0; i < N; i++) {
        const uint8_t *a = psv + (size_t)i * SHOGI_PSV_SIZE, *b = back + (size_t)i * SHOGI_PSV_SIZE;
        /* everything but gamePly (bytes 36-37), which hcpe does not keep */
        if (memcmp(a, b, 36) != 0 || memcmp(a + 38, b + 38, 2) != 0) same = 0;
    }
    CHECK(same);
    /* Row 2 (White to move, result -1): Black won. */
    CHECK_INT(hcpe[SHOGI_HCPE_SIZE + 36], 1);

    /* Features and evaluations equal those of the positions. */
    shogi_network_t net = NULL;
    CHECK_INT(shogi_network_make_test("test", 1, &net, NULL), SHOGI_OK);
    CHECK_INT(shogi_psv_halfkp_features(psv, N, black, white, NULL), SHOGI_OK);
    CHECK_INT(shogi_network_evaluate_psv(net, psv, N, SHOGI_NNUE_DEFAULT_FV_SCALE, values, NULL), SHOGI_OK);
    const int rows[] = {0, 1, 10, 11, 12, 13, 14};
    for (int ri = 0; ri < 7; ri++) {
        int r = rows[ri];
        shogi_position_t pos = NULL;
        CHECK_INT(shogi_position_from_psv(psv + (size_t)r * SHOGI_PSV_SIZE, &pos, NULL, NULL, NULL, NULL), SHOGI_OK);
        int32_t fb[SHOGI_NNUE_MAX_ACTIVE], fw[SHOGI_NNUE_MAX_ACTIVE], v = 0;
        size_t count = 0;
        CHECK_INT(shogi_position_halfkp_features(pos, fb, fw, SHOGI_NNUE_MAX_ACTIVE, &count, NULL), SHOGI_OK);
        CHECK_INT(count, SHOGI_NNUE_MAX_ACTIVE);
        CHECK(memcmp(fb, black + r * SHOGI_NNUE_MAX_ACTIVE, sizeof fb) == 0);
        CHECK(memcmp(fw, white + r * SHOGI_NNUE_MAX_ACTIVE, sizeof fw) == 0);
        CHECK_INT(shogi_network_evaluate(net, pos, SHOGI_NNUE_DEFAULT_FV_SCALE, &v, NULL), SHOGI_OK);
        CHECK_INT(values[r], v);
        if (r < 2) CHECK_INT(values[r + 2], v);
        shogi_position_free(pos, NULL);
    }

    /* Bad records 7 and 500: the first is named, the others still done. */
    psv[7 * SHOGI_PSV_SIZE + 38] = 5;
    psv[500 * SHOGI_PSV_SIZE + 0] = 0xff;
    psv[500 * SHOGI_PSV_SIZE + 1] = 0xff;
    shogi_error_t e;
    CHECK_INT(shogi_psv_check(psv, N, &n_bad, &e), SHOGI_E_PARSE);
    CHECK_INT(n_bad, 2);
    CHECK(contains(e.message, "record 7"));
    CHECK_INT(shogi_network_evaluate_psv(net, psv, N, SHOGI_NNUE_DEFAULT_FV_SCALE, values, &e), SHOGI_E_PARSE);
    CHECK(contains(e.message, "record 7"));
    CHECK_INT(values[7], 0);
    CHECK_INT(values[9], values[1]);
    CHECK_INT(shogi_psv_halfkp_features(psv, N, black, white, &e), SHOGI_E_PARSE);
    CHECK_INT(black[500 * SHOGI_NNUE_MAX_ACTIVE], -1);
    CHECK_INT(black[8 * SHOGI_NNUE_MAX_ACTIVE], black[0]);
    CHECK_INT(shogi_psv_to_hcpe(psv, N, hcpe, &e), SHOGI_E_PARSE);
    CHECK_INT(hcpe[7 * SHOGI_HCPE_SIZE], 0);
    CHECK_INT(shogi_psv_check(psv, 0, &n_bad, NULL), SHOGI_OK);
    CHECK_INT(shogi_psv_check(NULL, 3, &n_bad, NULL), SHOGI_E_NULL_POINTER);

    shogi_network_free(net, NULL);
    free(psv);
    free(hcpe);
    free(back);
    free(black);
    free(white);
    free(values);
}

int main(void) {
    uint64_t live = shogi_live_handles();
    RUN(parse_csa);
    RUN(formats_round_trip);
    RUN(bad_records);
    RUN(psv_and_hcpe_records);
    RUN(bulk_psv);
    harness_current = "handles";
    if (shogi_live_handles() != live) {
        harness_fail(__FILE__, __LINE__, "handles leaked");
        harness_failed++;
    }
    return harness_summary();
}
