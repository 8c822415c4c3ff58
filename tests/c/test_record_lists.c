/*
 * test_record_lists.c - issue 22 items 4-6 through the C ABI: every game of
 * a multi-game CSA file (shogi_record_parse_all), the one-game call failing
 * clearly on it, KIF end words (known variants, an unknown one kept with a
 * warning), and text with no record in it (empty, UTF-16) as errors.
 */
#include <shogi.h>

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const char two_games[] =
    "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n-3334FU\n%CHUDAN\n";

static size_t moves_of(shogi_record_t r) {
    size_t n = 0;
    CHECK_INT(shogi_record_moves(r, NULL, 0, &n, NULL), SHOGI_OK);
    return n;
}

TEST(parse_all_csa) {
    size_t count = 0;
    int32_t fmt = -1;
    shogi_error_t err;
    CHECK_INT(shogi_record_parse_all(two_games, strlen(two_games), SHOGI_RECORD_AUTO, NULL, 0, &count, &fmt, &err), SHOGI_OK);
    CHECK_INT(count, 2);
    CHECK_INT(fmt, SHOGI_RECORD_CSA);
    shogi_record_t recs[2] = {NULL, NULL};
    uint64_t live = shogi_live_handles();
    CHECK_INT(shogi_record_parse_all(two_games, strlen(two_games), SHOGI_RECORD_AUTO, recs, 1, &count, NULL, &err),
              SHOGI_E_BUFFER_TOO_SMALL);
    CHECK(recs[0] == NULL);
    CHECK_U64(shogi_live_handles(), live);
    CHECK_INT(shogi_record_parse_all(two_games, strlen(two_games), SHOGI_RECORD_AUTO, recs, 2, &count, NULL, &err), SHOGI_OK);
    CHECK_INT(moves_of(recs[0]), 1);
    CHECK_INT(moves_of(recs[1]), 2);
    int32_t result = -1, end = -1;
    CHECK_INT(shogi_record_result(recs[0], &result, &end, NULL), SHOGI_OK);
    CHECK_INT(result, SHOGI_RESULT_BLACK_WIN);
    CHECK_INT(end, SHOGI_END_RESIGN);
    CHECK_INT(shogi_record_result(recs[1], &result, &end, NULL), SHOGI_OK);
    CHECK_INT(end, SHOGI_END_INTERRUPT);
    CHECK_U64(shogi_live_handles(), live + 2);
    shogi_record_free(recs[0], NULL);
    shogi_record_free(recs[1], NULL);
    CHECK_INT(shogi_record_parse_all(two_games, strlen(two_games), SHOGI_RECORD_AUTO, recs, 2, NULL, NULL, &err), SHOGI_E_NULL_POINTER);

    /* The one-game call says why it fails. */
    shogi_record_t one = NULL;
    CHECK_INT(shogi_record_parse(two_games, strlen(two_games), SHOGI_RECORD_AUTO, &one, NULL, &err), SHOGI_E_PARSE);
    CHECK(strstr(err.message, "2 games") != NULL);
    CHECK(one == NULL);
}

TEST(kif_end_words) {
    const char *head = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ";
    struct { const char *word; int32_t end; int32_t result; int warn; } cases[] = {
        {"入玉宣言", SHOGI_END_DECLARE_WIN, SHOGI_RESULT_BLACK_WIN, 0},
        {"宣言勝ち", SHOGI_END_DECLARE_WIN, SHOGI_RESULT_BLACK_WIN, 0},
        {"珍事発生", SHOGI_END_UNKNOWN, SHOGI_RESULT_NONE, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s\n", head, cases[i].word);
        shogi_record_t r = NULL;
        shogi_error_t err;
        CHECK_INT(shogi_record_parse(text, strlen(text), SHOGI_RECORD_KIF, &r, NULL, &err), SHOGI_OK);
        if (r == NULL)
            continue;
        CHECK_INT(moves_of(r), 2);
        int32_t result = -1, end = -1;
        CHECK_INT(shogi_record_result(r, &result, &end, NULL), SHOGI_OK);
        CHECK_INT(end, cases[i].end);
        CHECK_INT(result, cases[i].result);
        char warn[256];
        size_t needed = 0;
        CHECK_INT(shogi_record_warnings(r, warn, sizeof warn, &needed, NULL), SHOGI_OK);
        CHECK_INT(strlen(warn) > 0, cases[i].warn);
        if (cases[i].warn)
            CHECK(strstr(warn, cases[i].word) != NULL);
        shogi_record_free(r, NULL);
    }
}

TEST(nothing_in_it) {
    shogi_record_t r = NULL;
    shogi_error_t err;
    CHECK_INT(shogi_record_parse("", 0, SHOGI_RECORD_AUTO, &r, NULL, &err), SHOGI_E_PARSE);
    CHECK_INT(shogi_record_parse("\n\n", 2, SHOGI_RECORD_KI2, &r, NULL, &err), SHOGI_E_PARSE);
    /* "先手：A" in UTF-16LE with a byte-order mark */
    static const unsigned char u16[] = {0xff, 0xfe, 0x48, 0x51, 0x4b, 0x62, 0x1a, 0xff, 0x41, 0x00, 0x0a, 0x00};
    CHECK_INT(shogi_record_parse(u16, sizeof u16, SHOGI_RECORD_AUTO, &r, NULL, &err), SHOGI_E_PARSE);
    CHECK(strstr(err.message, "UTF-16") != NULL);
    CHECK(r == NULL);
    size_t count = 7;
    CHECK_INT(shogi_record_parse_all("", 0, SHOGI_RECORD_KIF, NULL, 0, &count, NULL, &err), SHOGI_E_PARSE);
}

int main(void) {
    RUN(parse_all_csa);
    RUN(kif_end_words);
    RUN(nothing_in_it);
    return harness_summary();
}
