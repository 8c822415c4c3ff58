/*
 * search.c - the mini engine's search: plain fail-hard alpha-beta,
 * captures first, a king left attacked makes a move illegal.
 */
#include "search.h"

#include <stdio.h>

int search_set_root(search_t *s) {
    uint8_t hands[SHOGI_HAND_SLOTS];
    int c, t;
    for (c = 0; c < 2; c++)
        for (t = 1; t <= 7; t++) hands[c * 7 + t - 1] = s->board.hand[c][t];
    if (shogi_evalstack_set_root(s->stack, s->board.sq, hands, s->board.side, &s->err) != SHOGI_OK) {
        s->failed = 1;
        return -1;
    }
    return 0;
}

/* Verify mode: v, the stack's score of the current board, against
 * libshogi's full evaluation of the same position, counting differences. */
static void check_score(search_t *s, int v) {
    int32_t want = 0;
    char sfen[160];
    board_sfen(&s->board, sfen);
    if (shogi_position_set_sfen(s->check_pos, sfen, &s->err) != SHOGI_OK ||
        shogi_network_evaluate(s->net, s->check_pos, SHOGI_NNUE_DEFAULT_FV_SCALE, &want, &s->err) != SHOGI_OK) {
        s->failed = 1;
        return;
    }
    s->checked++;
    if (v != want && s->mismatches++ < 5) printf("MISMATCH %s: incremental %d, full %d\n", sfen, v, want);
}

/* The score of the current node for its side to move, from the stack. */
static int evaluate(search_t *s) {
    int32_t v = 0;
    if (shogi_evalstack_evaluate(s->stack, &v, &s->err) != SHOGI_OK) {
        s->failed = 1;
        return 0;
    }
    if (s->verify) check_score(s, v);
    return v;
}

/* Captures first (the most valuable victim first), then the rest. */
static void order_moves(const board_t *b, uint16_t *moves, int n) {
    int i, j;
    for (i = 1; i < n; i++) {
        uint16_t m = moves[i];
        int key = move_captures(b, m) & 15;
        for (j = i; j > 0 && (move_captures(b, moves[j - 1]) & 15) < key; j--) moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

static int alphabeta(search_t *s, int depth, int ply, int alpha, int beta, uint16_t *best) {
    uint16_t moves[MAX_MOVES];
    int n, i, legal = 0, stand;
    s->nodes++;
    if (depth == 0 || s->verify) {
        stand = evaluate(s); /* verify mode scores interior nodes too */
        if (depth == 0 || s->failed) return stand;
    }
    /* (leaves are scored by their parent with evaluate_move below) */
    n = generate_moves(&s->board, moves);
    order_moves(&s->board, moves, n);
    for (i = 0; i < n && !s->failed; i++) {
        undo_t u;
        int v;
        make_move(&s->board, moves[i], &u);
        if (king_attacked(&s->board, s->board.side ^ 1)) {
            unmake_move(&s->board, &u);
            continue;
        }
        legal++;
        if (depth == 1) {
            /* the child is a leaf: make, score and unmake it in one call */
            int32_t leaf = 0;
            if (shogi_evalstack_evaluate_move(s->stack, moves[i], &leaf, &s->err) != SHOGI_OK) {
                s->failed = 1;
                unmake_move(&s->board, &u);
                break;
            }
            s->nodes++;
            if (s->verify) check_score(s, leaf); /* the board holds the child */
            unmake_move(&s->board, &u);
            v = -leaf;
        } else {
            /* make and score the child in one call at this node's ply; the
             * unmake needs no call (the next make here takes it back) */
            int32_t child = 0;
            if (shogi_evalstack_push_evaluate_at(s->stack, ply, moves[i], &child, &s->err) != SHOGI_OK) {
                s->failed = 1;
                unmake_move(&s->board, &u);
                break;
            }
            if (s->verify) check_score(s, child);
            v = -alphabeta(s, depth - 1, ply + 1, -beta, -alpha, NULL);
            unmake_move(&s->board, &u);
        }
        if (v > alpha) {
            alpha = v;
            if (best) *best = moves[i];
            if (alpha >= beta) break;
        }
    }
    if (!legal && !s->failed) return -MATE + ply;
    return alpha;
}

int search_root(search_t *s, int depth, uint16_t *best) {
    int v;
    *best = 0;
    v = alphabeta(s, depth, 0, -MATE - 1, MATE + 1, best);
    shogi_evalstack_pop_to(s->stack, 0, NULL); /* the last line is still pushed */
    return v;
}
