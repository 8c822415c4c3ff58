/*
 * board.c - move generation and make/unmake for the mini engine.
 *
 * Directions are (file step, rank step) as Black sees them (rank step -1
 * is forward, toward rank a); White's pieces use them with the rank step
 * negated. Every piece set is symmetric left-right, so that is the same
 * as turning the board around.
 */
#include "board.h"

#include <stdio.h>
#include <string.h>

/* The eight neighbour directions; dir 7 - d is the opposite of d. */
static const int DF[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

#define D(x) (1u << (x))
#define GOLD_STEPS (D(0) | D(1) | D(2) | D(3) | D(4) | D(6))
#define DIAGONALS (D(0) | D(2) | D(5) | D(7))
#define ORTHOGONALS (D(1) | D(3) | D(4) | D(6))

/* Per piece type, as Black: one-square steps and sliding directions
 * (the knight's jumps are handled on their own). */
static const unsigned STEPS[15] = {
    0, D(1), 0, 0, DIAGONALS | D(1), 0, 0, GOLD_STEPS, 0xff,
    GOLD_STEPS, GOLD_STEPS, GOLD_STEPS, GOLD_STEPS, ORTHOGONALS, DIAGONALS,
};
static const unsigned SLIDES[15] = {
    0, 0, D(1), 0, 0, DIAGONALS, ORTHOGONALS, 0, 0,
    0, 0, 0, 0, DIAGONALS, ORTHOGONALS,
};

/* dir as White sees it: the rank step negated. */
static int flip(int d) { return d == 3 || d == 4 ? d : d < 3 ? d + 5 : d - 5; }

static int has_dir(unsigned mask, int colour, int d) {
    return (mask >> (colour == BLACK ? d : flip(d))) & 1;
}

/* The square one step from s in direction (df, dr), or -1 off the board. */
static int step(int s, int df, int dr) {
    int f = s / 9 + df, r = s % 9 + dr;
    return f < 0 || f > 8 || r < 0 || r > 8 ? -1 : f * 9 + r;
}

static int colour_of(int pc) { return pc >> 4; }
static int type_of(int pc) { return pc & 15; }

/* The rank (1..9) of s counted from colour c's side of the board's far
 * end: 1 is the rank a pawn of c cannot leave. */
static int relative_rank(int c, int s) { return c == BLACK ? s % 9 + 1 : 9 - s % 9; }

int king_attacked(const board_t *b, int c) {
    int k = b->king[c], them = c ^ 1, d, i;
    if (k < 0) return 1;
    for (d = 0; d < 8; d++) {
        int s = k, dist;
        for (dist = 1;; dist++) {
            int pc;
            s = step(s, DF[d], DR[d]);
            if (s < 0) break;
            pc = b->sq[s];
            if (!pc) continue;
            /* an attacker in direction d moves in direction 7 - d */
            if (colour_of(pc) == them &&
                ((dist == 1 && has_dir(STEPS[type_of(pc)], them, 7 - d)) ||
                 has_dir(SLIDES[type_of(pc)], them, 7 - d)))
                return 1;
            break;
        }
    }
    for (i = -1; i <= 1; i += 2) { /* knights: two ranks behind the king from their side */
        int s = step(k, i, them == BLACK ? 2 : -2);
        if (s >= 0 && b->sq[s] == 3 + 16 * them) return 1;
    }
    return 0;
}

static int add_board_moves(const board_t *b, int from, int to, uint16_t *out, int n) {
    int pc = b->sq[from], c = colour_of(pc), t = type_of(pc);
    int can = t <= 6 && (relative_rank(c, from) <= 3 || relative_rank(c, to) <= 3);
    int must = ((t == 1 || t == 2) && relative_rank(c, to) == 1) || (t == 3 && relative_rank(c, to) <= 2);
    uint16_t m = (uint16_t)(to | from << 7);
    if (can) out[n++] = (uint16_t)(m | 0x8000);
    if (!must) out[n++] = m;
    return n;
}

int generate_moves(const board_t *b, uint16_t *out) {
    int us = b->side, n = 0, s, d, t;
    for (s = 0; s < 81; s++) {
        int pc = b->sq[s];
        if (!pc || colour_of(pc) != us) continue;
        t = type_of(pc);
        for (d = 0; d < 8; d++) {
            int df = DF[d], dr = us == BLACK ? DR[d] : -DR[d];
            int to = s;
            if (!((STEPS[t] | SLIDES[t]) >> d & 1)) continue;
            for (;;) {
                to = step(to, df, dr);
                if (to < 0 || (b->sq[to] && colour_of(b->sq[to]) == us)) break;
                n = add_board_moves(b, s, to, out, n);
                if (b->sq[to] || !(SLIDES[t] >> d & 1)) break;
            }
        }
        if (t == 3) {
            int i;
            for (i = -1; i <= 1; i += 2) {
                int to = step(s, i, us == BLACK ? -2 : 2);
                if (to >= 0 && !(b->sq[to] && colour_of(b->sq[to]) == us)) n = add_board_moves(b, s, to, out, n);
            }
        }
    }
    for (t = 1; t <= 7; t++) {
        int pawn_files = 0;
        if (!b->hand[us][t]) continue;
        if (t == 1)
            for (s = 0; s < 81; s++)
                if (b->sq[s] == 1 + 16 * us) pawn_files |= 1 << (s / 9);
        for (s = 0; s < 81; s++) {
            int rr = relative_rank(us, s);
            if (b->sq[s] || ((t == 1 || t == 2) && rr == 1) || (t == 3 && rr <= 2)) continue;
            if (t == 1 && (pawn_files >> (s / 9) & 1)) continue; /* nifu */
            out[n++] = (uint16_t)(s | t << 7 | 0x4000);
        }
    }
    return n;
}

void make_move(board_t *b, uint16_t m, undo_t *u) {
    int us = b->side, to = m & 0x7f;
    u->move = m;
    u->captured = 0;
    if (m & 0x4000) {
        int t = (m >> 7) & 0x7f;
        b->hand[us][t]--;
        b->sq[to] = (uint8_t)(t + 16 * us);
    } else {
        int from = (m >> 7) & 0x7f, pc = b->sq[from];
        u->captured = b->sq[to];
        if (u->captured) {
            int t = type_of(u->captured);
            b->hand[us][t > 8 ? t - 8 : t]++;
        }
        if (m & 0x8000) pc += 8;
        b->sq[from] = 0;
        b->sq[to] = (uint8_t)pc;
        if (type_of(pc) == 8) b->king[us] = to;
    }
    b->side ^= 1;
}

void unmake_move(board_t *b, const undo_t *u) {
    int us = b->side ^ 1, m = u->move, to = m & 0x7f;
    b->side = us;
    if (m & 0x4000) {
        b->hand[us][(m >> 7) & 0x7f]++;
        b->sq[to] = 0;
    } else {
        int from = (m >> 7) & 0x7f, pc = b->sq[to];
        if (m & 0x8000) pc -= 8;
        b->sq[from] = (uint8_t)pc;
        b->sq[to] = u->captured;
        if (u->captured) {
            int t = type_of(u->captured);
            b->hand[us][t > 8 ? t - 8 : t]--;
        }
        if (type_of(pc) == 8) b->king[us] = from;
    }
}

static const char LETTERS[] = " PLNSBRGK";

int board_set_sfen(board_t *b, const char *s) {
    int f = 8, r = 0, promoted = 0;
    memset(b, 0, sizeof *b);
    b->king[0] = b->king[1] = -1;
    if (strncmp(s, "sfen ", 5) == 0) s += 5;
    for (; *s && *s != ' '; s++) {
        const char *p;
        if (*s == '/') {
            if (f != -1) return -1;
            f = 8, r++;
        } else if (*s >= '1' && *s <= '9') {
            f -= *s - '0';
        } else if (*s == '+') {
            promoted = 1;
        } else if ((p = strchr(LETTERS + 1, *s >= 'a' ? *s - 32 : *s)) != NULL) {
            int t = (int)(p - LETTERS), c = *s >= 'a';
            if (f < 0 || r > 8) return -1;
            if (promoted) t += 8;
            b->sq[f * 9 + r] = (uint8_t)(t + 16 * c);
            if (t == 8) b->king[c] = f * 9 + r;
            f--, promoted = 0;
        } else {
            return -1;
        }
    }
    if (r != 8 || f != -1 || *s++ != ' ' || (*s != 'b' && *s != 'w')) return -1;
    b->side = *s++ == 'w';
    if (*s++ != ' ') return -1;
    while (*s && *s != ' ' && *s != '-') {
        int count = 0;
        const char *p;
        while (*s >= '0' && *s <= '9') count = count * 10 + *s++ - '0';
        if (!*s || (p = strchr(LETTERS + 1, *s >= 'a' ? *s - 32 : *s)) == NULL || p - LETTERS > 7) return -1;
        b->hand[*s >= 'a'][p - LETTERS] = (uint8_t)(count ? count : 1);
        s++;
    }
    return b->king[0] >= 0 && b->king[1] >= 0 ? 0 : -1;
}

void board_sfen(const board_t *b, char *out) {
    static const int hand_order[7] = {6, 5, 7, 4, 3, 2, 1}; /* R B G S N L P */
    int r, f, c, i, any = 0;
    for (r = 0; r < 9; r++) {
        int empty = 0;
        for (f = 8; f >= 0; f--) {
            int pc = b->sq[f * 9 + r], t = type_of(pc);
            if (!pc) {
                empty++;
                continue;
            }
            if (empty) *out++ = (char)('0' + empty), empty = 0;
            if (t > 8) *out++ = '+', t -= 8;
            *out++ = (char)(LETTERS[t] + (colour_of(pc) ? 32 : 0));
        }
        if (empty) *out++ = (char)('0' + empty);
        if (r < 8) *out++ = '/';
    }
    out += sprintf(out, " %c ", b->side ? 'w' : 'b');
    for (c = 0; c < 2; c++)
        for (i = 0; i < 7; i++) {
            int t = hand_order[i], n = b->hand[c][t];
            if (!n) continue;
            if (n > 1) out += sprintf(out, "%d", n);
            *out++ = (char)(LETTERS[t] + (c ? 32 : 0));
            any = 1;
        }
    if (!any) *out++ = '-';
    strcpy(out, " 1");
}
