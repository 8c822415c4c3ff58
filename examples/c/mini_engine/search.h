/*
 * search.h - fixed-depth alpha-beta on the mini engine's board, scored by
 * a libshogi evaluation stack that follows every make and unmake.
 */
#ifndef MINI_SEARCH_H
#define MINI_SEARCH_H

#include <shogi.h>

#include "board.h"

enum { MATE = 32000 };

typedef struct search {
    board_t board;
    shogi_evalstack_t stack;  /* follows board: pushed on make, popped on unmake */
    /* verify: at every node, the stack's score is compared with a full
     * evaluation of the same position by libshogi (SFEN -> position
     * handle -> shogi_network_evaluate). */
    int verify;
    shogi_network_t net;
    shogi_position_t check_pos;
    uint64_t nodes, checked, mismatches;
    int failed;               /* a library call failed: the search is void */
    shogi_error_t err;
} search_t;

/* Sets the root of s->board on the stack. 0 on success. */
int search_set_root(search_t *s);

/* The negamax value of s->board searched depth plies deep. */
int search_root(search_t *s, int depth, uint16_t *best);

#endif
