/*
 * board.h - the mini engine's own board: piece codes, squares and moves in
 * the same numbering as shogi.h (so nothing needs translating), move
 * generation, make/unmake, SFEN in and out. It knows nothing of libshogi.
 *
 * square  (file - 1) * 9 + (rank - 1): 0 = 1a, 80 = 9i
 * piece   type + 16 for White: 1 P 2 L 3 N 4 S 5 B 6 R 7 G 8 K, 9..14 the
 *         promoted P L N S B R (a promotion adds 8); 0 = empty
 * move    move16: to | from << 7 | promote << 15, a drop
 *         to | type << 7 | 1 << 14
 */
#ifndef MINI_BOARD_H
#define MINI_BOARD_H

#include <stdint.h>

enum { BLACK = 0, WHITE = 1, MAX_MOVES = 600 };

typedef struct board {
    uint8_t sq[81];      /* piece codes */
    uint8_t hand[2][8];  /* [colour][type 1..7] */
    int side;            /* the side to move */
    int king[2];         /* king squares */
} board_t;

/* What make_move changes that unmake_move needs back. */
typedef struct undo {
    uint16_t move;
    uint8_t captured;
} undo_t;

/* Sets b from SFEN text (board, side, hands; the move number is ignored).
 * Returns 0 on success, -1 for text it does not understand. */
int board_set_sfen(board_t *b, const char *sfen);

/* Writes b as SFEN (move number 1) into buf (at least 128 bytes). */
void board_sfen(const board_t *b, char *buf);

/* The pseudo-legal moves of the side to move (a move may leave its own
 * king attacked: check with king_attacked after make_move). */
int generate_moves(const board_t *b, uint16_t *moves);

void make_move(board_t *b, uint16_t m, undo_t *u);
void unmake_move(board_t *b, const undo_t *u);

/* Whether the king of colour c is attacked by the other side. */
int king_attacked(const board_t *b, int c);

/* The code of the piece a move captures (0 for none). */
static inline int move_captures(const board_t *b, uint16_t m) {
    return (m & 0x4000) ? 0 : b->sq[m & 0x7f];
}

#endif
