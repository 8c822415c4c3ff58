/*
 * test_pyaccel.c - the "position records and editing for bindings" section
 * of shogi.h: hcp / PackedSfen into an existing position and back, the
 * board as arrays, the null move.
 *
 * The byte vectors are rows of tests/testdata/records/{psv,hcpe}.tsv (the
 * first 32 bytes of a record are its position).
 */
#include <shogi.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

#define START_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* hcpe.tsv row 2 and psv.tsv row 4, with their SFEN. */
static const char *HCPE_ROW2 =
    "59a449210cd757217e8e4d212caf427814c2ab109e4d112cd75f213e8e49210c0083150a0100";
static const char *HCPE_ROW2_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1";
static const char *PSV_ROW4 =
    "59a451220ceb57227e9693241caf447824c22b119e53121ceb6f222ca344181edc050a0904000100";
static const char *PSV_ROW4_SFEN = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1";

static void unhex(const char *hex, uint8_t *out) {
    for (size_t i = 0; hex[2 * i]; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static const char *sfen_of(shogi_position_t pos) {
    static char buf[256];
    if (shogi_position_sfen(pos, buf, sizeof buf, NULL, NULL) != SHOGI_OK) return "(error)";
    return buf;
}

TEST(hcp_in_place) {
    uint8_t rec[38], out[32];
    shogi_position_t pos;
    shogi_error_t err;
    unhex(HCPE_ROW2, rec);
    CHECK_INT(shogi_position_from_sfen("startpos", &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_do_move_usi(pos, "2g2f", NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_set_hcp(pos, rec, &err), SHOGI_OK);
    CHECK(strcmp(sfen_of(pos), HCPE_ROW2_SFEN) == 0);
    /* the history is gone: nothing to undo */
    CHECK_INT(shogi_position_undo_move(pos, NULL), SHOGI_E_STATE);
    CHECK_INT(shogi_position_hcp(pos, out, &err), SHOGI_OK);
    CHECK(memcmp(out, rec, 32) == 0);
    /* bytes that are no position: an error, the position unchanged */
    memset(out, 0xff, sizeof out);
    CHECK_INT(shogi_position_set_hcp(pos, out, &err), SHOGI_E_PARSE);
    CHECK(strcmp(sfen_of(pos), HCPE_ROW2_SFEN) == 0);
    CHECK_INT(shogi_position_set_hcp(pos, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_hcp(pos, NULL, &err), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_set_hcp(NULL, rec, &err), SHOGI_E_BAD_HANDLE);
    shogi_position_free(pos, NULL);
}

TEST(psfen_in_place) {
    uint8_t rec[40], out[32];
    shogi_position_t pos;
    shogi_error_t err;
    unhex(PSV_ROW4, rec);
    CHECK_INT(shogi_position_new(&pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_set_psfen(pos, rec, &err), SHOGI_OK);
    CHECK(strcmp(sfen_of(pos), PSV_ROW4_SFEN) == 0);
    CHECK_INT(shogi_position_psfen(pos, out, &err), SHOGI_OK);
    CHECK(memcmp(out, rec, 32) == 0);
    /* a position without a white king cannot be packed */
    CHECK_INT(shogi_position_set_sfen(pos, "9/9/9/9/9/9/9/9/4K4 b - 1", NULL), SHOGI_OK);
    CHECK_INT(shogi_position_psfen(pos, out, &err), SHOGI_E_STATE);
    CHECK_INT(shogi_position_hcp(pos, out, &err), SHOGI_E_STATE);
    shogi_position_free(pos, NULL);
}

TEST(pieces_arrays) {
    uint8_t sq[81], hands[14];
    shogi_position_t pos, copy;
    shogi_error_t err;
    CHECK_INT(shogi_position_from_sfen(PSV_ROW4_SFEN, &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_pieces(pos, sq, hands, &err), SHOGI_OK);
    CHECK_INT(sq[4 * 9 + 8], 8);        /* 5i: black king */
    CHECK_INT(sq[4 * 9 + 0], 8 + 16);   /* 5a: white king */
    CHECK_INT(sq[1 * 9 + 1], 13);       /* 2b: black horse */
    CHECK_INT(sq[7 * 9 + 1], 6 + 16);   /* 8b: white rook */
    CHECK_INT(sq[2 * 9 + 3], 1 + 16);   /* 3d: white pawn */
    CHECK_INT(sq[4 * 9 + 4], 0);        /* 5e: empty */
    CHECK_INT(hands[4], 1);             /* black: one bishop */
    CHECK_INT(hands[7 + 4], 0);
    CHECK_INT(shogi_position_new(&copy, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_set_pieces(copy, sq, hands, SHOGI_WHITE, 1, 0, &err), SHOGI_OK);
    CHECK(strcmp(sfen_of(copy), PSV_ROW4_SFEN) == 0);
    /* refused like SFEN text, the position unchanged */
    sq[4 * 9 + 4] = 8; /* a second black king */
    CHECK_INT(shogi_position_set_pieces(copy, sq, hands, SHOGI_WHITE, 1, 0, &err), SHOGI_E_PARSE);
    CHECK(strstr(err.message, "two kings") != NULL);
    sq[4 * 9 + 4] = 0;
    hands[0] = 19;
    CHECK_INT(shogi_position_set_pieces(copy, sq, hands, SHOGI_WHITE, 1, 0, &err), SHOGI_E_PARSE);
    hands[0] = 0;
    CHECK_INT(shogi_position_set_pieces(copy, sq, hands, 2, 1, 0, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_set_pieces(copy, sq, hands, SHOGI_WHITE, 1, 1u << 20, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_set_pieces(copy, NULL, hands, SHOGI_WHITE, 1, 0, &err), SHOGI_E_NULL_POINTER);
    CHECK(strcmp(sfen_of(copy), PSV_ROW4_SFEN) == 0);
    /* hands NULL: empty hands */
    CHECK_INT(shogi_position_set_pieces(copy, sq, NULL, SHOGI_WHITE, 7, 0, &err), SHOGI_OK);
    CHECK(strcmp(sfen_of(copy), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 7") == 0);
    CHECK_INT(shogi_position_set_pieces(copy, sq, NULL, SHOGI_WHITE, 0, 0, &err), SHOGI_E_INVALID_ARGUMENT);
    shogi_position_free(pos, NULL);
    shogi_position_free(copy, NULL);
}

TEST(null_move) {
    shogi_position_t pos;
    shogi_error_t err;
    uint64_t key0, key1;
    int32_t side, ply;
    CHECK_INT(shogi_position_from_sfen("startpos", &pos, NULL), SHOGI_OK);
    shogi_position_key(pos, &key0, NULL);
    CHECK_INT(shogi_position_undo_null_move(pos, &err), SHOGI_E_STATE);
    CHECK_INT(shogi_position_do_null_move(pos, &err), SHOGI_OK);
    shogi_position_side_to_move(pos, &side, NULL);
    shogi_position_ply(pos, &ply, NULL);
    CHECK_INT(side, SHOGI_WHITE);
    CHECK_INT(ply, 2);
    CHECK(strcmp(sfen_of(pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2") == 0);
    CHECK_INT(shogi_position_do_move_usi(pos, "3c3d", NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_undo_null_move(pos, &err), SHOGI_E_STATE); /* last move is 3c3d */
    CHECK_INT(shogi_position_undo_move(pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_undo_null_move(pos, &err), SHOGI_OK);
    shogi_position_key(pos, &key1, NULL);
    CHECK_U64(key1, key0);
    /* undo_move takes a null move back too */
    CHECK_INT(shogi_position_do_null_move(pos, &err), SHOGI_OK);
    CHECK_INT(shogi_position_undo_move(pos, &err), SHOGI_OK);
    CHECK(strcmp(sfen_of(pos), START_SFEN) == 0);
    /* not in check */
    CHECK_INT(shogi_position_set_sfen(pos, "4k4/9/4P4/9/9/9/9/9/4K4 w G 1", NULL), SHOGI_OK);
    CHECK_INT(shogi_position_do_null_move(pos, &err), SHOGI_OK);
    CHECK_INT(shogi_position_undo_move(pos, &err), SHOGI_OK);
    CHECK_INT(shogi_position_set_sfen(pos, "4k4/4P4/9/9/9/9/9/9/4K4 w G 1", NULL), SHOGI_OK);
    CHECK_INT(shogi_position_do_null_move(pos, &err), SHOGI_E_STATE);
    shogi_position_free(pos, NULL);
}

TEST(pseudo_legal_moves) {
    /* Black: king 5i, silver 5h pinned by the white rook on 5a. Legal: the
     * silver's 5g and the king's 4h 6h 4i 6i (5 moves); pseudo-legal adds
     * the silver's 4g 6g 4i 6i, which leave the king attacked. */
    uint32_t moves[600];
    size_t n = 0, m = 0;
    shogi_position_t pos;
    shogi_error_t err;
    CHECK_INT(shogi_position_from_sfen("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1", &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_legal_moves(pos, moves, 600, &n, &err), SHOGI_OK);
    CHECK_INT(n, 5);
    CHECK_INT(shogi_position_pseudo_legal_moves(pos, moves, 600, &m, &err), SHOGI_OK);
    CHECK_INT(m, 9);
    CHECK_INT(shogi_position_pseudo_legal_moves(pos, moves, 3, &m, &err), SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(shogi_position_pseudo_legal_moves(pos, moves, 600, NULL, &err), SHOGI_E_NULL_POINTER);
    shogi_position_free(pos, NULL);
}

TEST(move_text_and_bod) {
    char buf[2048];
    size_t needed = 0;
    uint32_t m;
    shogi_position_t pos;
    shogi_error_t err;
    CHECK_INT(shogi_position_from_sfen("startpos", &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_move_from_usi(pos, "7g7f", &m, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_move_to_kif(pos, m, buf, sizeof buf, &needed, &err), SHOGI_OK);
    CHECK(strcmp(buf, "\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9(77)") == 0); /* ７六歩(77) */
    CHECK_INT(shogi_position_move_to_ki2(pos, m, buf, sizeof buf, &needed, &err), SHOGI_OK);
    CHECK(strcmp(buf, "\xe2\x96\xb2\xef\xbc\x97\xe5\x85\xad\xe6\xad\xa9") == 0); /* ▲７六歩 */
    CHECK_INT(shogi_position_move_to_kif(pos, 0x1234, buf, sizeof buf, &needed, &err), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_bod(pos, NULL, 0, &needed, &err), SHOGI_OK);
    CHECK(needed > 200);
    CHECK_INT(shogi_position_bod(pos, buf, sizeof buf, &needed, &err), SHOGI_OK);
    CHECK(strstr(buf, "+---------------------------+") != NULL);
    CHECK(strstr(buf, "|v\xe9\xa6\x99v\xe6\xa1\x82") != NULL); /* |v香v桂 */
    shogi_position_free(pos, NULL);
}

TEST(record_move_data) {
    shogi_position_t pos;
    shogi_record_t rec;
    shogi_error_t err;
    int64_t t = 0;
    char buf[256];
    uint32_t m1, m2;
    CHECK_INT(shogi_position_from_sfen("startpos", &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_record_from_position(pos, &rec, NULL), SHOGI_OK);
    shogi_position_move_from_usi(pos, "7g7f", &m1, NULL);
    CHECK_INT(shogi_record_append_move(rec, m1, 3500, "** 30 -3334FU\nnice", &err), SHOGI_OK);
    shogi_position_do_move(pos, m1, NULL);
    shogi_position_move_from_usi(pos, "3c3d", &m2, NULL);
    CHECK_INT(shogi_record_append_move(rec, m1, -1, NULL, &err), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_record_append_move(rec, m2, -2, NULL, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_append_move(rec, m2, -1, NULL, &err), SHOGI_OK);
    CHECK_INT(shogi_record_move_time(rec, 1, &t, &err), SHOGI_OK);
    CHECK_INT(t, 3500);
    CHECK_INT(shogi_record_move_time(rec, 2, &t, &err), SHOGI_OK);
    CHECK_INT(t, -1);
    CHECK_INT(shogi_record_move_time(rec, 3, &t, &err), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_record_move_comment(rec, 1, buf, sizeof buf, NULL, &err), SHOGI_OK);
    CHECK(strcmp(buf, "** 30 -3334FU\nnice") == 0);
    CHECK_INT(shogi_record_move_comment(rec, 0, buf, sizeof buf, NULL, &err), SHOGI_OK);
    CHECK(strcmp(buf, "") == 0);
    /* the record writes them: CSA T lines and comments */
    {
        char out[2048];
        size_t needed = 0;
        CHECK_INT(shogi_record_write(rec, SHOGI_RECORD_CSA, SHOGI_ENCODING_UTF8, out, sizeof out, &needed, &err), SHOGI_OK);
        CHECK(strstr(out, "+7776FU") != NULL);
        CHECK(strstr(out, "T3") != NULL);
        CHECK(strstr(out, "-3334FU") != NULL);
    }
    CHECK_INT(shogi_record_set_end(rec, SHOGI_END_RESIGN, &err), SHOGI_OK);
    shogi_position_do_move(pos, m2, NULL);
    shogi_position_move_from_usi(pos, "2g2f", &m1, NULL);
    CHECK_INT(shogi_record_append_move(rec, m1, -1, NULL, &err), SHOGI_E_STATE);
    shogi_record_free(rec, NULL);
    shogi_position_free(pos, NULL);
}

int main(void) {
    RUN(hcp_in_place);
    RUN(psfen_in_place);
    RUN(pieces_arrays);
    RUN(null_move);
    RUN(pseudo_legal_moves);
    RUN(move_text_and_bod);
    RUN(record_move_data);
    return harness_summary();
}
