/*
 * test_capi.c - tests every function of shogi.h and every error path,
 * using only the public header.
 */
#include <shogi.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "positions.h"

#ifndef SHOGI_EXPECTED_VERSION
#error "build with -DSHOGI_EXPECTED_VERSION=\"x.y.z\""
#endif

#define START_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* A move16 in YaneuraOu's convention. */
static uint32_t sq(int file, int rank) { return (uint32_t)((file - 1) * 9 + (rank - 1)); }
static uint32_t board_move(int ff, int fr, int tf, int tr, int promote) {
    return sq(tf, tr) | sq(ff, fr) << 7 | (promote ? 0x8000u : 0);
}
static uint32_t drop_move(int piece_type, int tf, int tr) {
    return sq(tf, tr) | (uint32_t)piece_type << 7 | 0x4000u;
}

/* An error struct filled with junk, to see that calls overwrite it. */
static shogi_error_t junk_error(void) {
    shogi_error_t e;
    memset(&e, 'x', sizeof e);
    e.code = 12345;
    return e;
}

static int message_ok(const shogi_error_t *e) {
    return memchr(e->message, 0, sizeof e->message) != NULL;
}

/* 1 if s is well-formed UTF-8. */
static int valid_utf8(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2
              : (*p & 0xf8) == 0xf0 ? 3 : -1;
        if (n < 0) return 0;
        p++;
        while (n-- > 0) {
            if ((*p & 0xc0) != 0x80) return 0;
            p++;
        }
    }
    return 1;
}

static void sfen_of(shogi_position_t p, char *buf, size_t cap) {
    if (shogi_position_sfen(p, buf, cap, NULL, NULL) != SHOGI_OK) buf[0] = 0;
}

/* ---- library ----------------------------------------------------------- */

TEST(version) {
    CHECK_STR(shogi_version(), SHOGI_EXPECTED_VERSION);
    CHECK_INT(shogi_abi_version(), SHOGI_ABI_VERSION);
    CHECK(SHOGI_ABI_COMPATIBLE(shogi_abi_version()));
    CHECK(!SHOGI_ABI_COMPATIBLE(shogi_abi_version() + 0x10000u));
    CHECK(!SHOGI_ABI_COMPATIBLE(shogi_abi_version() - 0x10000u));
}

TEST(simd_level) {
    const char *level = shogi_simd_level();
    const char *cap = getenv("LIBSHOGI_SIMD");
    CHECK(level != NULL);
    CHECK(strcmp(level, "avx512") == 0 || strcmp(level, "avx2") == 0 || strcmp(level, "go") == 0);
    if (cap != NULL && strcmp(cap, "go") == 0) CHECK_STR(level, "go");
    if (cap != NULL && strcmp(cap, "avx2") == 0) CHECK(strcmp(level, "avx512") != 0);
    printf("  simd level: %s\n", level);
}

TEST(status_names) {
    CHECK_STR(shogi_status_name(SHOGI_OK), "SHOGI_OK");
    CHECK_STR(shogi_status_name(SHOGI_E_INVALID_ARGUMENT), "SHOGI_E_INVALID_ARGUMENT");
    CHECK_STR(shogi_status_name(SHOGI_E_NULL_POINTER), "SHOGI_E_NULL_POINTER");
    CHECK_STR(shogi_status_name(SHOGI_E_BAD_HANDLE), "SHOGI_E_BAD_HANDLE");
    CHECK_STR(shogi_status_name(SHOGI_E_BUFFER_TOO_SMALL), "SHOGI_E_BUFFER_TOO_SMALL");
    CHECK_STR(shogi_status_name(SHOGI_E_PARSE), "SHOGI_E_PARSE");
    CHECK_STR(shogi_status_name(SHOGI_E_ILLEGAL_MOVE), "SHOGI_E_ILLEGAL_MOVE");
    CHECK_STR(shogi_status_name(SHOGI_E_STATE), "SHOGI_E_STATE");
    CHECK_STR(shogi_status_name(SHOGI_E_IO), "SHOGI_E_IO");
    CHECK_STR(shogi_status_name(SHOGI_E_UNSUPPORTED), "SHOGI_E_UNSUPPORTED");
    CHECK_STR(shogi_status_name(SHOGI_E_INTERNAL), "SHOGI_E_INTERNAL");
    CHECK_STR(shogi_status_name(-55), "SHOGI_E_UNKNOWN");
    CHECK_STR(shogi_status_name(7), "SHOGI_E_UNKNOWN");
}

TEST(panic_is_recovered) {
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_selftest_panic(&e), SHOGI_E_INTERNAL);
    CHECK_INT(e.code, SHOGI_E_INTERNAL);
    CHECK(message_ok(&e));
    CHECK(strstr(e.message, "selftest panic") != NULL);
    /* The error struct is optional. */
    CHECK_INT(shogi_selftest_panic(NULL), SHOGI_E_INTERNAL);
    /* The library still works afterwards. */
    shogi_position_t p = NULL;
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_free(p, NULL), SHOGI_OK);
}

TEST(error_cleared_on_success) {
    shogi_error_t e = junk_error();
    shogi_position_t p = NULL;
    CHECK_INT(shogi_position_new(&p, &e), SHOGI_OK);
    CHECK_INT(e.code, SHOGI_OK);
    CHECK_STR(e.message, "");
    e = junk_error();
    CHECK_INT(shogi_position_free(p, &e), SHOGI_OK);
    CHECK_INT(e.code, SHOGI_OK);
    CHECK_STR(e.message, "");
}

TEST(long_message_is_cut_at_utf8_boundary) {
    /* An unknown handicap name of 3-byte characters: the message quotes it
     * and must be cut without splitting a character. */
    char name[1024] = "";
    for (int i = 0; i < 100; i++) strcat(name, "\xe9\xa6\x99"); /* 香 */
    shogi_error_t e = junk_error();
    shogi_position_t p = NULL;
    CHECK_INT(shogi_position_from_handicap(name, &p, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK(p == NULL);
    CHECK(message_ok(&e));
    CHECK(strlen(e.message) <= SHOGI_ERROR_MESSAGE_SIZE - 1);
    CHECK(strlen(e.message) > 200);
    CHECK(valid_utf8(e.message));
}

/* ---- moves -------------------------------------------------------------- */

TEST(move_to_usi) {
    char buf[SHOGI_USI_MOVE_SIZE];
    size_t needed = 0;
    CHECK_INT(shogi_move_to_usi(board_move(7, 7, 7, 6, 0), buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "7g7f");
    CHECK_INT(needed, 5);
    CHECK_INT(shogi_move_to_usi(board_move(8, 8, 2, 2, 1), buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "8h2b+");
    CHECK_INT(shogi_move_to_usi(drop_move(1, 5, 5), buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "P*5e");
    CHECK_INT(shogi_move_to_usi(drop_move(7, 1, 1), buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "G*1a");
    CHECK_INT(shogi_move_to_usi(SHOGI_MOVE_NONE, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "none");
    CHECK_INT(shogi_move_to_usi(SHOGI_MOVE_NULL, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "0000");
    CHECK_INT(shogi_move_to_usi(SHOGI_MOVE_RESIGN, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, "resign");
    CHECK_INT(needed, 7);
    CHECK_INT(shogi_move_to_usi(SHOGI_MOVE_WIN, buf, sizeof buf, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "win");
}

TEST(move_to_usi_errors) {
    char buf[SHOGI_USI_MOVE_SIZE];
    size_t needed = 0;
    shogi_error_t e = junk_error();
    /* size query */
    CHECK_INT(shogi_move_to_usi(board_move(8, 8, 2, 2, 1), NULL, 0, &needed, &e), SHOGI_OK);
    CHECK_INT(needed, 6);
    /* too small: nothing but an empty string is written */
    memset(buf, 'z', sizeof buf);
    CHECK_INT(shogi_move_to_usi(board_move(8, 8, 2, 2, 1), buf, 5, &needed, &e), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(e.code, SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(needed, 6);
    CHECK_INT(buf[0], 0);
    CHECK_INT(buf[1], 'z');
    /* exact fit */
    CHECK_INT(shogi_move_to_usi(board_move(8, 8, 2, 2, 1), buf, 6, NULL, NULL), SHOGI_OK);
    CHECK_STR(buf, "8h2b+");
    /* cap 0 with a buffer: too small, buffer untouched */
    buf[0] = 'q';
    CHECK_INT(shogi_move_to_usi(board_move(7, 7, 7, 6, 0), buf, 0, NULL, NULL), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(buf[0], 'q');
    /* no move: to-square 127 */
    CHECK_INT(shogi_move_to_usi(0x7fu | sq(1, 1) << 7, buf, sizeof buf, NULL, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(e.code, SHOGI_E_INVALID_ARGUMENT);
    CHECK(strlen(e.message) > 0);
    /* drop of a king (type 8) */
    CHECK_INT(shogi_move_to_usi(drop_move(8, 5, 5), buf, sizeof buf, NULL, NULL), SHOGI_E_INVALID_ARGUMENT);
}

TEST(move16_hcpe) {
    uint16_t drop = (uint16_t)drop_move(1, 5, 5);
    uint16_t hdrop = (uint16_t)(sq(5, 5) | (80u + 1u) << 7);
    CHECK_INT(shogi_move16_to_hcpe(drop), hdrop);
    CHECK_INT(shogi_hcpe_to_move16(hdrop), drop);
    uint16_t promo = (uint16_t)board_move(8, 8, 2, 2, 1);
    uint16_t hpromo = (uint16_t)(sq(2, 2) | sq(8, 8) << 7 | 0x4000u);
    CHECK_INT(shogi_move16_to_hcpe(promo), hpromo);
    CHECK_INT(shogi_hcpe_to_move16(hpromo), promo);
    uint16_t plain = (uint16_t)board_move(7, 7, 7, 6, 0);
    CHECK_INT(shogi_move16_to_hcpe(plain), plain);
    CHECK_INT(shogi_hcpe_to_move16(plain), plain);
}

/* ---- position: creation -------------------------------------------------- */

TEST(position_new_and_sfen) {
    shogi_position_t p = NULL;
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_new(&p, &e), SHOGI_OK);
    CHECK(p != NULL);
    char buf[256];
    size_t needed = 0;
    CHECK_INT(shogi_position_sfen(p, NULL, 0, &needed, &e), SHOGI_OK);
    CHECK_INT(needed, strlen(START_SFEN) + 1);
    CHECK_INT(shogi_position_sfen(p, buf, sizeof buf, &needed, &e), SHOGI_OK);
    CHECK_STR(buf, START_SFEN);
    /* exact fit, one byte short */
    char small[sizeof START_SFEN];
    CHECK_INT(shogi_position_sfen(p, small, sizeof small, NULL, NULL), SHOGI_OK);
    CHECK_STR(small, START_SFEN);
    memset(small, 'z', sizeof small);
    CHECK_INT(shogi_position_sfen(p, small, sizeof small - 1, &needed, &e), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(e.code, SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(needed, sizeof START_SFEN);
    CHECK_INT(small[0], 0);
    int32_t v = -1;
    CHECK_INT(shogi_position_side_to_move(p, &v, NULL), SHOGI_OK);
    CHECK_INT(v, SHOGI_BLACK);
    CHECK_INT(shogi_position_ply(p, &v, NULL), SHOGI_OK);
    CHECK_INT(v, 1);
    CHECK_INT(shogi_position_in_check(p, &v, NULL), SHOGI_OK);
    CHECK_INT(v, 0);
    uint64_t key = 0;
    CHECK_INT(shogi_position_key(p, &key, NULL), SHOGI_OK);
    CHECK(key != 0);
    CHECK_INT(shogi_position_free(p, NULL), SHOGI_OK);
}

TEST(position_from_sfen) {
    shogi_position_t p = NULL, q = NULL, r = NULL;
    char buf[256];
    CHECK_INT(shogi_position_from_sfen(START_SFEN, &p, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_from_sfen("sfen " START_SFEN, &q, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_from_sfen("startpos", &r, NULL), SHOGI_OK);
    uint64_t k1 = 1, k2 = 2, k3 = 3;
    shogi_position_key(p, &k1, NULL);
    shogi_position_key(q, &k2, NULL);
    shogi_position_key(r, &k3, NULL);
    CHECK(k1 == k2 && k2 == k3);
    sfen_of(q, buf, sizeof buf);
    CHECK_STR(buf, START_SFEN);
    shogi_position_free(p, NULL);
    shogi_position_free(q, NULL);
    shogi_position_free(r, NULL);

    /* canonical output: hands in R B G S N L P order, white side */
    p = pos_from("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    int32_t side = -1;
    shogi_position_side_to_move(p, &side, NULL);
    CHECK_INT(side, SHOGI_WHITE);
    shogi_position_free(p, NULL);
}

TEST(position_from_sfen_errors) {
    shogi_position_t p = (shogi_position_t)NULL;
    shogi_error_t e = junk_error();
    const char *bad[] = {
        "",
        "rubbish",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",       /* 8 ranks */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", /* side */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", /* 10 files */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99P 1", /* hand */
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",                                  /* dead pawn */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        e = junk_error();
        p = NULL;
        int32_t st = shogi_position_from_sfen(bad[i], &p, &e);
        if (st != SHOGI_E_PARSE) printf("  sfen %zu \"%s\" gave %d\n", i, bad[i], st);
        CHECK_INT(st, SHOGI_E_PARSE);
        CHECK_INT(e.code, SHOGI_E_PARSE);
        CHECK(strlen(e.message) > 0);
        CHECK(message_ok(&e));
        CHECK(p == NULL);
    }
    CHECK_INT(shogi_position_from_sfen(NULL, &p, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(e.code, SHOGI_E_NULL_POINTER);
    CHECK(strstr(e.message, "sfen") != NULL);
    CHECK_INT(shogi_position_from_sfen(START_SFEN, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK(strstr(e.message, "out") != NULL);
    CHECK_INT(shogi_position_from_sfen(NULL, NULL, NULL), SHOGI_E_NULL_POINTER);
}

TEST(position_from_sfen_ex) {
    shogi_position_t p = NULL;
    const char *dead = "P3k4/9/9/9/9/9/9/9/4K4 b - 1";
    CHECK_INT(shogi_position_from_sfen_ex(dead, 0, &p, NULL), SHOGI_E_PARSE);
    CHECK_INT(shogi_position_from_sfen_ex(dead, SHOGI_SFEN_ALLOW_DEAD_PIECES, &p, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
    /* White to move may not be... Black's king attacked while White moves
     * is fine; the opposite (side not to move in check) needs the flag. */
    const char *opp_check = "4k4/9/9/9/9/9/9/9/4K3r b - 1";
    CHECK_INT(shogi_position_from_sfen_ex("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", 0, &p, NULL), SHOGI_E_PARSE);
    CHECK_INT(shogi_position_from_sfen_ex("4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
                                          SHOGI_SFEN_ALLOW_OPPONENT_IN_CHECK, &p, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
    CHECK_INT(shogi_position_from_sfen_ex(opp_check, 0, &p, NULL), SHOGI_OK);
    shogi_position_free(p, NULL);
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_from_sfen_ex(START_SFEN, 0x100, &p, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(e.code, SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_from_sfen_ex(NULL, 0, &p, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_from_sfen_ex(START_SFEN, 0, NULL, NULL), SHOGI_E_NULL_POINTER);
}

TEST(position_from_handicap) {
    shogi_position_t p = NULL;
    char buf[256];
    CHECK_INT(shogi_position_from_handicap("even", &p, NULL), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, START_SFEN);
    shogi_position_free(p, NULL);
    CHECK_INT(shogi_position_from_handicap("lance", &p, NULL), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    shogi_position_free(p, NULL);
    /* KIF name, UTF-8: 二枚落ち */
    CHECK_INT(shogi_position_from_handicap("\xe4\xba\x8c\xe6\x9e\x9a\xe8\x90\xbd\xe3\x81\xa1", &p, NULL), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    shogi_position_free(p, NULL);
    shogi_error_t e = junk_error();
    p = NULL;
    CHECK_INT(shogi_position_from_handicap("queen", &p, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK(p == NULL);
    CHECK(strlen(e.message) > 0);
    CHECK_INT(shogi_position_from_handicap(NULL, &p, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_from_handicap("even", NULL, &e), SHOGI_E_NULL_POINTER);
}

TEST(position_set_sfen) {
    shogi_position_t p = NULL;
    char buf[256];
    shogi_position_new(&p, NULL);
    CHECK_INT(shogi_position_do_move_usi(p, "7g7f", NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_set_sfen(p, "4k4/9/9/9/9/9/9/9/4K4 b P 1", NULL), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    /* history is gone */
    CHECK_INT(shogi_position_undo_move(p, NULL), SHOGI_E_STATE);
    /* a bad SFEN leaves it unchanged */
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_set_sfen(p, "nonsense", &e), SHOGI_E_PARSE);
    CHECK(strlen(e.message) > 0);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    CHECK_INT(shogi_position_set_sfen(p, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_set_sfen(NULL, START_SFEN, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
}

TEST(position_clone) {
    shogi_position_t p = NULL, c = NULL;
    char a[256], b[256];
    shogi_position_new(&p, NULL);
    shogi_position_do_move_usi(p, "7g7f", NULL, NULL);
    CHECK_INT(shogi_position_clone(p, &c, NULL), SHOGI_OK);
    CHECK(c != NULL && c != p);
    sfen_of(p, a, sizeof a);
    sfen_of(c, b, sizeof b);
    CHECK_STR(a, b);
    /* independent */
    CHECK_INT(shogi_position_do_move_usi(c, "3c3d", NULL, NULL), SHOGI_OK);
    sfen_of(p, b, sizeof b);
    CHECK_STR(a, b);
    /* history copied: the clone can undo twice, to the start */
    CHECK_INT(shogi_position_undo_move(c, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_undo_move(c, NULL), SHOGI_OK);
    sfen_of(c, b, sizeof b);
    CHECK_STR(b, START_SFEN);
    CHECK_INT(shogi_position_clone(p, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_clone(NULL, &c, NULL), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
    shogi_position_free(c, NULL);
}

/* ---- handles -------------------------------------------------------------- */

TEST(handles_bad_and_freed) {
    uint64_t live0 = shogi_live_handles();
    shogi_position_t p = NULL;
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    CHECK_U64(shogi_live_handles(), live0 + 1);
    CHECK_INT(shogi_position_free(p, &e), SHOGI_OK);
    CHECK_U64(shogi_live_handles(), live0);
    /* freed: every use is a bad handle, and so is a second free */
    int32_t v;
    e = junk_error();
    CHECK_INT(shogi_position_side_to_move(p, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(e.code, SHOGI_E_BAD_HANDLE);
    CHECK(strstr(e.message, "freed") != NULL);
    CHECK_INT(shogi_position_do_move_usi(p, "7g7f", NULL, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_free(p, &e), SHOGI_E_BAD_HANDLE);
    CHECK_U64(shogi_live_handles(), live0);
    /* a new position does not revive the old handle */
    shogi_position_t q = NULL;
    shogi_position_new(&q, NULL);
    CHECK(q != p);
    CHECK_INT(shogi_position_side_to_move(p, &v, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_side_to_move(q, &v, NULL), SHOGI_OK);
    shogi_position_free(q, NULL);
    /* NULL */
    CHECK_INT(shogi_position_free(NULL, &e), SHOGI_OK);
    CHECK_INT(shogi_position_side_to_move(NULL, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK(strstr(e.message, "NULL") != NULL);
    /* values that were never handles (never dereferenced) */
    shogi_position_t forged[] = {
        (shogi_position_t)(uintptr_t)0x1,
        (shogi_position_t)(uintptr_t)0x12345,
        (shogi_position_t)(uintptr_t)0xffffffffu,
        (shogi_position_t)(uintptr_t)0xdeadbeef00000000ull,
        (shogi_position_t)(uintptr_t)&v,
    };
    for (size_t i = 0; i < sizeof forged / sizeof forged[0]; i++) {
        CHECK_INT(shogi_position_side_to_move(forged[i], &v, NULL), SHOGI_E_BAD_HANDLE);
        CHECK_INT(shogi_position_free(forged[i], NULL), SHOGI_E_BAD_HANDLE);
    }
    CHECK_U64(shogi_live_handles(), live0);
}

TEST(handles_wrong_kind) {
    /* A handle of another kind, cast in C, is rejected (never used as the
     * wrong object). */
    shogi_position_t p = NULL;
    shogi_record_t r = NULL;
    shogi_error_t e = junk_error();
    shogi_position_new(&p, NULL);
    CHECK_INT(shogi_record_from_position(p, &r, NULL), SHOGI_OK);
    int32_t v;
    CHECK_INT(shogi_position_side_to_move((shogi_position_t)(void *)r, &v, &e), SHOGI_E_BAD_HANDLE);
    CHECK(strstr(e.message, "record handle, not a position handle") != NULL);
    CHECK_INT(shogi_position_free((shogi_position_t)(void *)r, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_record_free((shogi_record_t)(void *)p, &e), SHOGI_E_BAD_HANDLE);
    /* both still work */
    CHECK_INT(shogi_position_side_to_move(p, &v, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_free(r, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_free(p, NULL), SHOGI_OK);
}

TEST(handles_many) {
    /* Create and free enough positions to reuse slots; stale handles stay
     * bad and live handles keep working. */
    enum { N = 3000 };
    static shogi_position_t ps[N];
    uint64_t live0 = shogi_live_handles();
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++) {
            if (shogi_position_new(&ps[i], NULL) != SHOGI_OK) {
                CHECK(0);
                return;
            }
        }
        CHECK_U64(shogi_live_handles(), live0 + N);
        for (int i = 0; i < N; i++) CHECK_INT(shogi_position_free(ps[i], NULL), SHOGI_OK);
    }
    int32_t v, bad = 0;
    for (int i = 0; i < N; i++)
        if (shogi_position_ply(ps[i], &v, NULL) != SHOGI_E_BAD_HANDLE) bad++;
    CHECK_INT(bad, 0);
    CHECK_U64(shogi_live_handles(), live0);
}

/* ---- position: moves ------------------------------------------------------ */

TEST(legal_moves) {
    shogi_position_t p = NULL;
    shogi_position_new(&p, NULL);
    size_t count = 0;
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_legal_moves(p, NULL, 0, &count, &e), SHOGI_OK);
    CHECK_INT(count, 30);
    uint32_t moves[SHOGI_MAX_MOVES];
    CHECK_INT(shogi_position_legal_moves(p, moves, SHOGI_MAX_MOVES, &count, &e), SHOGI_OK);
    CHECK_INT(count, 30);
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        char usi[SHOGI_USI_MOVE_SIZE];
        CHECK_INT(shogi_move_to_usi(moves[i], usi, sizeof usi, NULL, NULL), SHOGI_OK);
        if (strcmp(usi, "7g7f") == 0) {
            found = 1;
            CHECK(moves[i] >> 16 != 0); /* piece bits are filled in */
            CHECK_INT(moves[i] & 0xffff, board_move(7, 7, 7, 6, 0));
        }
        int32_t legal = 0;
        CHECK_INT(shogi_position_is_legal(p, moves[i], &legal, NULL), SHOGI_OK);
        CHECK_INT(legal, 1);
    }
    CHECK(found);
    /* exact fit, too small (untouched), NULL count */
    uint32_t exact[30];
    CHECK_INT(shogi_position_legal_moves(p, exact, 30, &count, NULL), SHOGI_OK);
    CHECK(memcmp(exact, moves, sizeof exact) == 0);
    uint32_t small[29];
    memset(small, 0xab, sizeof small);
    count = 0;
    CHECK_INT(shogi_position_legal_moves(p, small, 29, &count, &e), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(e.code, SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(count, 30);
    CHECK_INT(small[0], 0xababababu);
    CHECK_INT(shogi_position_legal_moves(p, moves, SHOGI_MAX_MOVES, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_legal_moves(NULL, moves, SHOGI_MAX_MOVES, &count, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);

    /* the position with the most legal moves (593) fits SHOGI_MAX_MOVES */
    p = pos_from("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
    CHECK_INT(shogi_position_legal_moves(p, moves, SHOGI_MAX_MOVES, &count, NULL), SHOGI_OK);
    CHECK_INT(count, 593);
    shogi_position_free(p, NULL);
}

TEST(is_legal) {
    shogi_position_t p = NULL;
    shogi_position_new(&p, NULL);
    int32_t legal = -1;
    CHECK_INT(shogi_position_is_legal(p, board_move(7, 7, 7, 6, 0), &legal, NULL), SHOGI_OK);
    CHECK_INT(legal, 1);
    CHECK_INT(shogi_position_is_legal(p, board_move(7, 7, 7, 5, 0), &legal, NULL), SHOGI_OK);
    CHECK_INT(legal, 0);
    CHECK_INT(shogi_position_is_legal(p, drop_move(1, 5, 5), &legal, NULL), SHOGI_OK);
    CHECK_INT(legal, 0);
    /* garbage values are simply not legal */
    uint32_t junk[] = {0, 0xffffffffu, 0xffffu, SHOGI_MOVE_NULL, SHOGI_MOVE_WIN, 0x7f7fu};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        legal = -1;
        CHECK_INT(shogi_position_is_legal(p, junk[i], &legal, NULL), SHOGI_OK);
        CHECK_INT(legal, 0);
    }
    /* only the low 16 bits are read */
    CHECK_INT(shogi_position_is_legal(p, board_move(7, 7, 7, 6, 0) | 0x1f0000u, &legal, NULL), SHOGI_OK);
    CHECK_INT(legal, 1);
    CHECK_INT(shogi_position_is_legal(p, 0, NULL, NULL), SHOGI_E_NULL_POINTER);
    shogi_position_free(p, NULL);
}

TEST(move_from_text_and_move16) {
    shogi_position_t p = NULL;
    shogi_position_new(&p, NULL);
    uint32_t m = 0;
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_move_from_usi(p, "2g2f", &m, &e), SHOGI_OK);
    CHECK_INT(m & 0xffff, board_move(2, 7, 2, 6, 0));
    CHECK(m >> 16 != 0);
    CHECK_INT(shogi_position_move_from_usi(p, "2g2e", &m, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(e.code, SHOGI_E_ILLEGAL_MOVE);
    CHECK(strlen(e.message) > 0);
    CHECK_INT(shogi_position_move_from_usi(p, "2g2", &m, &e), SHOGI_E_PARSE);
    CHECK_INT(shogi_position_move_from_usi(p, "X*5e", &m, &e), SHOGI_E_PARSE);
    CHECK_INT(shogi_position_move_from_usi(p, "", &m, &e), SHOGI_E_PARSE);
    CHECK_INT(shogi_position_move_from_usi(p, NULL, &m, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_move_from_usi(p, "2g2f", NULL, &e), SHOGI_E_NULL_POINTER);

    uint32_t m2 = 0;
    CHECK_INT(shogi_position_move_from_move16(p, (uint16_t)board_move(2, 7, 2, 6, 0), 0, &m2, NULL), SHOGI_OK);
    CHECK_INT(m2, m);
    CHECK_INT(shogi_position_move_from_move16(p, shogi_move16_to_hcpe((uint16_t)m), 1, &m2, NULL), SHOGI_OK);
    CHECK_INT(m2, m);
    CHECK_INT(shogi_position_move_from_move16(p, (uint16_t)board_move(2, 7, 2, 5, 0), 0, &m2, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_move_from_move16(p, 0xffff, 0, &m2, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_move_from_move16(p, (uint16_t)m, 2, &m2, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_move_from_move16(p, (uint16_t)m, 0, NULL, &e), SHOGI_E_NULL_POINTER);
    shogi_position_free(p, NULL);
}

TEST(do_undo) {
    shogi_position_t p = NULL;
    char buf[256];
    shogi_position_new(&p, NULL);
    uint64_t k0 = 0, k1 = 0;
    shogi_position_key(p, &k0, NULL);
    uint32_t m = 0;
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_do_move_usi(p, "7g7f", &m, &e), SHOGI_OK);
    CHECK_INT(m & 0xffff, board_move(7, 7, 7, 6, 0));
    /* a bare move16 works as well as the full move */
    CHECK_INT(shogi_position_do_move(p, board_move(3, 3, 3, 4, 0), &e), SHOGI_OK);
    CHECK_INT(shogi_position_do_move(p, board_move(8, 8, 2, 2, 1), &e), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    int32_t v = 0;
    shogi_position_ply(p, &v, NULL);
    CHECK_INT(v, 4);
    shogi_position_side_to_move(p, &v, NULL);
    CHECK_INT(v, SHOGI_WHITE);
    /* illegal moves leave the position unchanged */
    CHECK_INT(shogi_position_do_move(p, board_move(5, 5, 5, 4, 0), &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(e.code, SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_do_move(p, 0, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_do_move(p, 0xffffffffu, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_do_move_usi(p, "P*5e", NULL, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_do_move_usi(p, "7g7f+", NULL, &e), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_do_move_usi(p, "hello", NULL, &e), SHOGI_E_PARSE);
    CHECK_INT(e.code, SHOGI_E_PARSE);
    CHECK_INT(shogi_position_do_move_usi(p, NULL, NULL, &e), SHOGI_E_NULL_POINTER);
    char after[256];
    sfen_of(p, after, sizeof after);
    CHECK_STR(after, buf);
    /* the drop of the captured bishop, then undo everything */
    CHECK_INT(shogi_position_do_move_usi(p, "8b2b", NULL, &e), SHOGI_OK);
    CHECK_INT(shogi_position_do_move_usi(p, "B*5e", NULL, &e), SHOGI_OK);
    for (int i = 0; i < 5; i++) CHECK_INT(shogi_position_undo_move(p, &e), SHOGI_OK);
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, START_SFEN);
    shogi_position_key(p, &k1, NULL);
    CHECK_U64(k1, k0);
    e = junk_error();
    CHECK_INT(shogi_position_undo_move(p, &e), SHOGI_E_STATE);
    CHECK_INT(e.code, SHOGI_E_STATE);
    CHECK(strlen(e.message) > 0);
    CHECK_INT(shogi_position_do_move(NULL, m, &e), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_undo_move(NULL, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
}

TEST(key_and_in_check) {
    shogi_position_t p = pos_from("4k4/9/9/9/9/9/9/9/4K3r b - 1"), q = NULL;
    int32_t v = -1;
    CHECK_INT(shogi_position_in_check(p, &v, NULL), SHOGI_OK);
    CHECK_INT(v, 1);
    /* the same position reached two ways has the same key */
    shogi_position_new(&q, NULL);
    uint64_t a = 0, b = 0;
    shogi_position_do_move_usi(q, "7g7f", NULL, NULL);
    shogi_position_do_move_usi(q, "3c3d", NULL, NULL);
    shogi_position_do_move_usi(q, "2g2f", NULL, NULL);
    shogi_position_key(q, &a, NULL);
    shogi_position_undo_move(q, NULL);
    shogi_position_undo_move(q, NULL);
    shogi_position_undo_move(q, NULL);
    shogi_position_do_move_usi(q, "2g2f", NULL, NULL);
    shogi_position_do_move_usi(q, "3c3d", NULL, NULL);
    shogi_position_do_move_usi(q, "7g7f", NULL, NULL);
    shogi_position_key(q, &b, NULL);
    CHECK_U64(a, b);
    CHECK_INT(shogi_position_key(q, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_in_check(q, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_side_to_move(q, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_ply(q, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_key(NULL, &a, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_in_check(NULL, &v, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_ply(NULL, &v, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_sfen(NULL, NULL, 0, NULL, NULL), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
    shogi_position_free(q, NULL);
}

TEST(perft) {
    shogi_position_t p = NULL;
    shogi_position_new(&p, NULL);
    uint64_t n = 0;
    const uint64_t want[] = {1, 30, 900, 25470};
    for (int d = 0; d < 4; d++) {
        CHECK_INT(shogi_position_perft(p, d, &n, NULL), SHOGI_OK);
        CHECK_U64(n, want[d]);
    }
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_perft(p, -1, &n, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(e.code, SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_perft(p, 33, &n, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_perft(p, 1, NULL, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_perft(NULL, 1, &n, &e), SHOGI_E_BAD_HANDLE);
    /* perft leaves the position as it was */
    char buf[256];
    sfen_of(p, buf, sizeof buf);
    CHECK_STR(buf, START_SFEN);
    shogi_position_free(p, NULL);
}

/* ---- position: game state -------------------------------------------------- */

static void play(shogi_position_t p, const char *const *moves, int n, int times) {
    for (int t = 0; t < times; t++)
        for (int i = 0; i < n; i++)
            if (shogi_position_do_move_usi(p, moves[i], NULL, NULL) != SHOGI_OK)
                printf("  cannot play %s\n", moves[i]);
}

TEST(repetition) {
    shogi_position_t p = NULL;
    int32_t st = -1, res = -1;
    /* ordinary fourfold repetition */
    shogi_position_new(&p, NULL);
    const char *shuffle[] = {"5i5h", "5a5b", "5h5i", "5b5a"};
    play(p, shuffle, 4, 2);
    CHECK_INT(shogi_position_repetition(p, &st, NULL), SHOGI_OK);
    CHECK_INT(st, SHOGI_REPETITION_NONE);
    play(p, shuffle, 4, 1);
    CHECK_INT(shogi_position_repetition(p, &st, NULL), SHOGI_OK);
    CHECK_INT(st, SHOGI_REPETITION_DRAW);
    CHECK_INT(shogi_position_game_result(p, 0, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_REPETITION_DRAW);
    shogi_position_free(p, NULL);

    /* perpetual check by Black (rules.md section 7) */
    p = pos_from("8k/9/7R1/9/9/9/9/9/4K4 b - 1");
    const char *checks[] = {"2c1c", "1a2a", "1c2c", "2a1a"};
    play(p, checks, 4, 3);
    CHECK_INT(shogi_position_repetition(p, &st, NULL), SHOGI_OK);
    CHECK_INT(st, SHOGI_REPETITION_LOSE);
    CHECK_INT(shogi_position_game_result(p, 0, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_REPETITION_LOSE);
    /* the checked side, to move one ply earlier, wins */
    shogi_position_undo_move(p, NULL);
    shogi_position_do_move_usi(p, "2a1a", NULL, NULL);
    CHECK_INT(shogi_position_repetition(NULL, &st, NULL), SHOGI_E_BAD_HANDLE);
    CHECK_INT(shogi_position_repetition(p, NULL, NULL), SHOGI_E_NULL_POINTER);
    shogi_position_free(p, NULL);
}

TEST(game_result) {
    shogi_position_t p = NULL;
    int32_t res = -1;
    shogi_position_new(&p, NULL);
    CHECK_INT(shogi_position_game_result(p, 0, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_ONGOING);
    shogi_position_do_move_usi(p, "7g7f", NULL, NULL);
    shogi_position_do_move_usi(p, "3c3d", NULL, NULL);
    CHECK_INT(shogi_position_game_result(p, 2, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_MAX_MOVES_DRAW);
    CHECK_INT(shogi_position_game_result(p, 3, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_ONGOING);
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_game_result(p, -1, &res, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_game_result(p, 0, NULL, &e), SHOGI_E_NULL_POINTER);
    shogi_position_free(p, NULL);
    /* checkmated: White king 5a, Black golds 5b and 5c */
    p = pos_from("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
    CHECK_INT(shogi_position_game_result(p, 0, &res, NULL), SHOGI_OK);
    CHECK_INT(res, SHOGI_GAME_CHECKMATED);
    size_t n = 99;
    shogi_position_legal_moves(p, NULL, 0, &n, NULL);
    CHECK_INT(n, 0);
    shogi_position_free(p, NULL);
}

TEST(mate1) {
    shogi_position_t p = pos_from("4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
    uint32_t m = 0;
    int32_t res = -1;
    CHECK_INT(shogi_position_mate1(p, &m, NULL), SHOGI_OK);
    CHECK(m != SHOGI_MOVE_NONE);
    char usi[SHOGI_USI_MOVE_SIZE];
    shogi_move_to_usi(m, usi, sizeof usi, NULL, NULL);
    CHECK_STR(usi, "G*5b");
    CHECK_INT(shogi_position_do_move(p, m, NULL), SHOGI_OK);
    shogi_position_game_result(p, 0, &res, NULL);
    CHECK_INT(res, SHOGI_GAME_CHECKMATED);
    shogi_position_free(p, NULL);
    shogi_position_new(&p, NULL);
    m = 123;
    CHECK_INT(shogi_position_mate1(p, &m, NULL), SHOGI_OK);
    CHECK_INT(m, SHOGI_MOVE_NONE);
    CHECK_INT(shogi_position_mate1(p, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_mate1(NULL, &m, NULL), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
}

TEST(declaration) {
    int32_t r = -1;
    uint32_t m = 1;
    /* 27 points, 10 pieces: Black needs 28 and loses (rules.md 8.1) */
    shogi_position_t b = pos_from("K8/+P+P+P+P+P+P+P+P+P/+P8/9/9/9/9/9/8k b 2RB2Gb2g4s4n4l8p 1");
    CHECK_INT(shogi_position_declaration(b, SHOGI_RULE_27, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_LOSE);
    CHECK_INT(m, SHOGI_MOVE_NONE);
    shogi_position_free(b, NULL);
    /* the same rotated: White needs 27 and wins */
    shogi_position_t w = pos_from("K8/9/9/9/9/9/8+p/+p+p+p+p+p+p+p+p+p/8k w B2G4S4N4L8P2rb2g 1");
    CHECK_INT(shogi_position_declaration(w, SHOGI_RULE_27, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_WIN);
    CHECK_INT(m, SHOGI_MOVE_WIN);
    CHECK_INT(shogi_position_declaration(w, SHOGI_RULE_27, &r, NULL, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_WIN);
    CHECK_INT(shogi_position_declaration(w, SHOGI_RULE_24, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_DRAW);
    CHECK_INT(m, SHOGI_MOVE_NONE);
    CHECK_INT(shogi_position_declaration(w, SHOGI_RULE_NONE, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_LOSE);
    shogi_error_t e = junk_error();
    CHECK_INT(shogi_position_declaration(w, 99, &r, &m, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_declaration(w, -1, &r, &m, &e), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_declaration(w, SHOGI_RULE_27, NULL, &m, &e), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_declaration(NULL, SHOGI_RULE_27, &r, &m, &e), SHOGI_E_BAD_HANDLE);
    shogi_position_free(w, NULL);
    /* try rule: Black king one step from 5a, which is empty */
    shogi_position_t t = pos_from("9/9/9/9/9/9/9/4K4/k8 b - 1");
    CHECK_INT(shogi_position_declaration(t, SHOGI_RULE_TRY, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_LOSE);
    shogi_position_free(t, NULL);
    t = pos_from("9/4K4/9/9/9/9/9/9/k8 b - 1");
    CHECK_INT(shogi_position_declaration(t, SHOGI_RULE_TRY, &r, &m, NULL), SHOGI_OK);
    CHECK_INT(r, SHOGI_DECLARATION_WIN);
    char usi[SHOGI_USI_MOVE_SIZE];
    shogi_move_to_usi(m, usi, sizeof usi, NULL, NULL);
    CHECK_STR(usi, "5b5a");
    shogi_position_free(t, NULL);
}

int main(void) {
    RUN(version);
    RUN(simd_level);
    RUN(status_names);
    RUN(panic_is_recovered);
    RUN(error_cleared_on_success);
    RUN(long_message_is_cut_at_utf8_boundary);
    RUN(move_to_usi);
    RUN(move_to_usi_errors);
    RUN(move16_hcpe);
    RUN(position_new_and_sfen);
    RUN(position_from_sfen);
    RUN(position_from_sfen_errors);
    RUN(position_from_sfen_ex);
    RUN(position_from_handicap);
    RUN(position_set_sfen);
    RUN(position_clone);
    RUN(handles_bad_and_freed);
    RUN(handles_wrong_kind);
    RUN(handles_many);
    RUN(legal_moves);
    RUN(is_legal);
    RUN(move_from_text_and_move16);
    RUN(do_undo);
    RUN(key_and_in_check);
    RUN(perft);
    RUN(repetition);
    RUN(game_result);
    RUN(mate1);
    RUN(declaration);
    return harness_summary();
}
