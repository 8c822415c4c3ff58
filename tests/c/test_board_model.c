/*
 * test_board_model.c - the board model through the C ABI: pieces and hands
 * of known positions, and single moves as USI/KIF/KI2 text compared with
 * hand-written record notation.
 */
#include <shogi.h>

#include <string.h>

#include "harness.h"
#include "positions.h"

static int sq(int file, int rank) { return (file - 1) * 9 + (rank - 1); }

TEST(pieces_and_hands) {
    /* Black: king 5i, rook 2h, 2 pawns and a gold in hand; White: king 5a,
     * a dragon on 8b, a bishop in hand. */
    shogi_position_t p = pos_from("4k4/1+R7/9/9/9/9/9/7R1/4K4 b 2PGb 1");
    uint8_t board[81], hands[16];
    int i, pieces = 0;
    CHECK_INT(shogi_position_board(p, board, hands, NULL), SHOGI_OK);
    CHECK_INT(board[sq(5, 9)], 8);
    CHECK_INT(board[sq(5, 1)], 16 + 8);
    CHECK_INT(board[sq(8, 2)], 14); /* a black dragon (promoted rook) */
    CHECK_INT(board[sq(2, 8)], 6);
    for (i = 0; i < 81; i++) pieces += board[i] != 0;
    CHECK_INT(pieces, 4);
    CHECK_INT(hands[0 * 8 + 1], 2);
    CHECK_INT(hands[0 * 8 + 7], 1);
    CHECK_INT(hands[1 * 8 + 5], 1);
    CHECK_INT(hands[1 * 8 + 1], 0);
    CHECK_INT(shogi_position_board(p, NULL, hands, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_board(p, board, NULL, NULL), SHOGI_E_NULL_POINTER);
    CHECK_INT(shogi_position_board(NULL, board, hands, NULL), SHOGI_E_BAD_HANDLE);
    shogi_position_free(p, NULL);
}

static void check_text(shogi_position_t p, const char *usi, int notation, const char *want) {
    uint32_t m = 0;
    char buf[64];
    size_t needed = 0;
    CHECK_INT(shogi_position_move_from_usi(p, usi, &m, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_move_text(p, m, notation, buf, sizeof buf, &needed, NULL), SHOGI_OK);
    CHECK_STR(buf, want);
    CHECK_INT(needed, strlen(want) + 1);
}

TEST(move_text) {
    shogi_position_t p = NULL;
    uint32_t m = 0;
    size_t needed = 0;
    char small[4];
    CHECK_INT(shogi_position_new(&p, NULL), SHOGI_OK);
    check_text(p, "7g7f", SHOGI_NOTATION_USI, "7g7f");
    check_text(p, "7g7f", SHOGI_NOTATION_KIF, "７六歩(77)");
    check_text(p, "6i5h", SHOGI_NOTATION_KI2, "５八金左");
    check_text(p, "4i5h", SHOGI_NOTATION_KI2, "５八金右");
    CHECK_INT(shogi_position_do_move_usi(p, "7g7f", NULL, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_do_move_usi(p, "3c3d", NULL, NULL), SHOGI_OK);
    check_text(p, "8h2b+", SHOGI_NOTATION_KI2, "２二角成");
    CHECK_INT(shogi_position_do_move_usi(p, "8h2b+", NULL, NULL), SHOGI_OK);
    check_text(p, "3a2b", SHOGI_NOTATION_KIF, "同　銀(31)");
    check_text(p, "3a2b", SHOGI_NOTATION_KI2, "同銀");
    /* Errors: an illegal move, an unknown notation, a small buffer. */
    CHECK_INT(shogi_position_move_from_usi(p, "3a2b", &m, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_move_text(p, 0, SHOGI_NOTATION_KIF, NULL, 0, &needed, NULL), SHOGI_E_ILLEGAL_MOVE);
    CHECK_INT(shogi_position_move_text(p, m, 7, NULL, 0, &needed, NULL), SHOGI_E_INVALID_ARGUMENT);
    CHECK_INT(shogi_position_move_text(p, m, SHOGI_NOTATION_KI2, small, sizeof small, &needed, NULL),
              SHOGI_E_BUFFER_TOO_SMALL);
    CHECK_INT(needed, strlen("同銀") + 1);
    shogi_position_free(p, NULL);
}

int main(void) {
    RUN(pieces_and_hands);
    RUN(move_text);
    return harness_summary();
}
