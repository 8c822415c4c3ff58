/* The evaluation stack: a mirror of the engine's board, one ply per make
 * with the move's feature changes, accumulators computed only when a score
 * is asked for. Every shogi fact comes from the net's tables. */
#include "evalc.h"

#include <stdlib.h>
#include <string.h>

void *ec_alloc_aligned(size_t n) {
    unsigned char *raw = malloc(n + 64 + sizeof(void *));
    uintptr_t p;
    if (raw == NULL) return NULL;
    p = ((uintptr_t)(raw + sizeof(void *)) + 63) & ~(uintptr_t)63;
    ((void **)p)[-1] = raw;
    return (void *)p;
}

void ec_free_aligned(void *p) {
    if (p != NULL) free(((void **)p)[-1]);
}

ec_net *ec_net_new(int32_t half, int32_t dims) {
    ec_net *n;
    if (half <= 0 || half % 16 != 0 || dims <= 0) return NULL;
    n = calloc(1, sizeof *n);
    if (n == NULL) return NULL;
    n->half = half;
    n->dims = dims;
    n->ft_bias = ec_alloc_aligned((size_t)half * sizeof(int16_t));
    n->ft_weight = ec_alloc_aligned((size_t)dims * (size_t)half * sizeof(int16_t));
    n->l1_weight = ec_alloc_aligned((size_t)2 * (size_t)half * EC_H1);
    n->l1_bias = ec_alloc_aligned(EC_H1 * sizeof(int32_t));
    n->l2_weight = ec_alloc_aligned(EC_H1 * EC_H2);
    n->l2_bias = ec_alloc_aligned(EC_H2 * sizeof(int32_t));
    n->out_weight = ec_alloc_aligned(EC_H2);
    n->out_lanes = ec_alloc_aligned(EC_H2 * sizeof(int32_t));
    n->tables = ec_alloc_aligned(sizeof(ec_tables));
    if (!n->ft_bias || !n->ft_weight || !n->l1_weight || !n->l1_bias || !n->l2_weight || !n->l2_bias ||
        !n->out_weight || !n->out_lanes || !n->tables) {
        ec_net_free(n);
        return NULL;
    }
    memset(n->tables, 0, sizeof(ec_tables));
    return n;
}

void ec_net_free(ec_net *n) {
    if (n == NULL) return;
    ec_free_aligned(n->ft_bias);
    ec_free_aligned(n->ft_weight);
    ec_free_aligned(n->l1_weight);
    ec_free_aligned(n->l1_bias);
    ec_free_aligned(n->l2_weight);
    ec_free_aligned(n->l2_bias);
    ec_free_aligned(n->out_weight);
    ec_free_aligned(n->out_lanes);
    ec_free_aligned(n->tables);
    free(n);
}

int32_t ec_max_level(void) {
#ifdef EC_X86_64
    return EC_LEVEL_AVX512;
#else
    return EC_LEVEL_PORTABLE;
#endif
}

void ec_update(int32_t level, const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
               const int32_t *add, int32_t nadd) {
#ifdef EC_X86_64
    if (level >= EC_LEVEL_AVX512) {
        ec_update_avx512(net, dst, src, rem, nrem, add, nadd);
        return;
    }
    if (level == EC_LEVEL_AVX2) {
        ec_update_avx2(net, dst, src, rem, nrem, add, nadd);
        return;
    }
#else
    (void)level;
#endif
    ec_update_portable(net, dst, src, rem, nrem, add, nadd);
}

int32_t ec_forward(int32_t level, const ec_net *net, const int16_t *us, const int16_t *them) {
#ifdef EC_X86_64
    if (level >= EC_LEVEL_AVX512) return ec_forward_avx512(net, us, them);
    if (level == EC_LEVEL_AVX2) return ec_forward_avx2(net, us, them);
#else
    (void)level;
#endif
    return ec_forward_portable(net, us, them);
}

int32_t ec_update_forward(int32_t level, const ec_net *net, int16_t *dst_us, const int16_t *src_us,
                          const int32_t *rem_us, const int32_t *add_us, int32_t n_us, int16_t *dst_them,
                          const int16_t *src_them, const int32_t *rem_them, const int32_t *add_them, int32_t n_them) {
#ifdef EC_X86_64
    if (level >= EC_LEVEL_AVX512 && (net->half & 31) == 0)
        return ec_update_forward_avx512(net, dst_us, src_us, rem_us, add_us, n_us, dst_them, src_them, rem_them,
                                        add_them, n_them);
#endif
    ec_update(level, net, dst_us, src_us, rem_us, n_us, add_us, n_us);
    ec_update(level, net, dst_them, src_them, rem_them, n_them, add_them, n_them);
    return ec_forward(level, net, dst_us, dst_them);
}

/* first plies allocated; the stack doubles them as it grows */
#define EC_FIRST_CAP 64

static int grow(ec_stack *s, int32_t need) {
    int32_t cap = s->cap ? s->cap : EC_FIRST_CAP;
    ec_ply *plies;
    int16_t *acc;
    while (cap < need) cap *= 2;
    if (cap > EC_MAX_PLIES + 1) cap = EC_MAX_PLIES + 1;
    if (cap <= s->cap) return 0;
    plies = ec_alloc_aligned((size_t)cap * sizeof(ec_ply));
    acc = ec_alloc_aligned((size_t)cap * 2 * (size_t)s->half_pad * sizeof(int16_t));
    if (plies == NULL || acc == NULL) {
        ec_free_aligned(plies);
        ec_free_aligned(acc);
        return 1;
    }
    if (s->cap) {
        memcpy(plies, s->plies, (size_t)s->cap * sizeof(ec_ply));
        memcpy(acc, s->acc, (size_t)s->cap * 2 * (size_t)s->half_pad * sizeof(int16_t));
    }
    ec_free_aligned(s->plies);
    ec_free_aligned(s->acc);
    s->plies = plies;
    s->acc = acc;
    s->cap = cap;
    return 0;
}

ec_stack *ec_stack_new(const ec_net *net, int32_t fv_scale) {
    ec_stack *s = calloc(1, sizeof *s);
    int sh;
    if (s == NULL) return NULL;
    s->net = net;
    s->level = net->level;
    s->half_pad = (net->half + 31) / 32 * 32;
    s->fv_scale = fv_scale;
    s->fv_shift = -1;
    for (sh = 0; sh < 31; sh++)
        if (fv_scale == (int32_t)1 << sh) s->fv_shift = sh;
    if (grow(s, EC_FIRST_CAP)) {
        free(s);
        return NULL;
    }
    return s;
}

void ec_stack_free(ec_stack *s) {
    if (s == NULL) return;
    ec_free_aligned(s->plies);
    ec_free_aligned(s->acc);
    free(s);
}

static inline int16_t *acc_of(const ec_stack *s, int32_t ply, int p) {
    return s->acc + ((size_t)ply * 2 + (size_t)p) * (size_t)s->half_pad;
}

/* refresh sets dst to perspective p's accumulator of the mirrored board. */
static void refresh(ec_stack *s, int p, int16_t *dst) {
    const ec_tables *t = s->net->tables;
    int32_t feats[EC_SQUARES + 2 * 7 * 18];
    int32_t base = t->king_offset[p][s->kings[p]];
    int n = 0, sq, c, pt, i;
    for (sq = 0; sq < EC_SQUARES; sq++) {
        uint8_t code = s->squares[sq];
        if (code != 0 && !t->is_king[code]) feats[n++] = base + t->board_bona[p][code][sq];
    }
    for (c = 0; c < 2; c++)
        for (pt = 1; pt < EC_HAND_TYPES; pt++)
            for (i = 0; i < s->hands[c][pt]; i++) feats[n++] = base + t->hand_bona[p][c][pt] + i;
    for (; n < EC_MAX_ACTIVE; n++) feats[n] = base + t->zero_bona;
    ec_update(s->level, s->net, dst, s->net->ft_bias, NULL, 0, feats, n);
}

/* compute makes perspective p's accumulator of the top ply current: from
 * the nearest computed ply below, ply by ply, or by a refresh from the
 * mirror where p's king moved on the way. */
static void compute(ec_stack *s, int p) {
    ec_ply *pl = s->plies;
    int32_t top = s->sp, q = top, i;
    if (pl[top].computed[p]) return;
    while (!pl[q].computed[p] && !pl[q].refresh[p]) q--;
    if (!pl[q].computed[p]) {
        refresh(s, p, acc_of(s, top, p));
        pl[top].computed[p] = 1;
        return;
    }
    for (i = q + 1; i <= top; i++) {
        ec_update(s->level, s->net, acc_of(s, i, p), acc_of(s, i - 1, p), pl[i].rem[p], pl[i].n[p], pl[i].add[p],
                  pl[i].n[p]);
        pl[i].computed[p] = 1;
    }
}

int ec_stack_set_root(ec_stack *s, const uint8_t *squares, const uint8_t *hands, int32_t side) {
    const ec_tables *t = s->net->tables;
    int sq;
    memcpy(s->squares, squares, EC_SQUARES);
    memcpy(s->hands, hands, sizeof s->hands);
    s->side = (uint8_t)side;
    for (sq = 0; sq < EC_SQUARES; sq++)
        if (t->is_king[squares[sq]]) s->kings[t->color_of[squares[sq]]] = (uint8_t)sq;
    s->sp = 0;
    s->root = 1;
    memset(&s->plies[0], 0, sizeof(ec_ply));
    refresh(s, 0, acc_of(s, 0, 0));
    refresh(s, 1, acc_of(s, 0, 1));
    s->plies[0].computed[0] = s->plies[0].computed[1] = 1;
    return EC_OK;
}

/* check returns why the mirror refuses move v, in evalbackend's order. */
static int check(const ec_stack *s, uint16_t v) {
    const ec_tables *t = s->net->tables;
    unsigned to = v & 0x7f, from = (v >> 7) & 0x7f, us = s->side;
    uint8_t dst, pc;
    if (to >= EC_SQUARES) return EC_ERR_TO_SQUARE;
    dst = s->squares[to];
    if (v & 0x4000) {
        if (from >= EC_HAND_TYPES || t->drop_code[us][from] == 0) return EC_ERR_DROP_TYPE;
        if (v & 0x8000) return EC_ERR_DROP_PROMOTES;
        if (s->hands[us][from] == 0) return EC_ERR_DROP_NO_HAND;
        if (dst != 0) return EC_ERR_DROP_OCCUPIED;
        return EC_OK;
    }
    if (from >= EC_SQUARES || from == to) return EC_ERR_FROM_SQUARE;
    pc = s->squares[from];
    if (pc == 0 || t->color_of[pc] != us) return EC_ERR_FROM_NOT_OWN;
    if (dst != 0 && t->color_of[dst] == us) return EC_ERR_CAPTURES_OWN;
    if (dst != 0 && t->is_king[dst]) return EC_ERR_CAPTURES_KING;
    if ((v & 0x8000) && t->promoted[pc] == 0) return EC_ERR_CANNOT_PROMOTE;
    return EC_OK;
}

int ec_stack_push(ec_stack *s, uint16_t v) {
    const ec_tables *t = s->net->tables;
    ec_ply *d;
    int32_t k[2];
    unsigned to = v & 0x7f, from = (v >> 7) & 0x7f, us = s->side;
    int r, p, nd = 0;
    uint8_t cap;
    if (!s->root) return EC_ERR_NO_ROOT;
    if (s->sp >= EC_MAX_PLIES) return EC_ERR_DEPTH_PUSH;
    if ((r = check(s, v)) != EC_OK) return r;
    if (s->sp + 1 >= s->cap && grow(s, s->sp + 2)) return EC_ERR_MEMORY;
    d = &s->plies[s->sp + 1];
    k[0] = t->king_offset[0][s->kings[0]];
    k[1] = t->king_offset[1][s->kings[1]];
    d->computed[0] = d->computed[1] = 0;
    d->refresh[0] = d->refresh[1] = 0;
    d->null = 0;
    d->to = (uint8_t)to;
    if (v & 0x4000) {
        uint8_t code = t->drop_code[us][from];
        int32_t n = s->hands[us][from];
        for (p = 0; p < 2; p++) {
            d->rem[p][0] = k[p] + t->hand_bona[p][us][from] + n - 1;
            d->add[p][0] = k[p] + t->board_bona[p][code][to];
            d->n[p] = 1;
        }
        d->drop_type = (uint8_t)from;
        d->moved = code;
        d->captured = 0;
        s->hands[us][from]--;
        s->squares[to] = code;
        s->side ^= 1;
        s->sp++;
        return EC_OK;
    }
    {
        uint8_t pc = s->squares[from];
        uint8_t after = (v & 0x8000) ? t->promoted[pc] : pc;
        cap = s->squares[to];
        if (t->is_king[pc]) {
            d->refresh[us] = 1;
            s->kings[us] = (uint8_t)to;
        } else {
            for (p = 0; p < 2; p++) {
                d->rem[p][0] = k[p] + t->board_bona[p][pc][from];
                d->add[p][0] = k[p] + t->board_bona[p][after][to];
            }
            nd = 1;
        }
        if (cap != 0) {
            uint8_t raw = t->hand_type[cap];
            int32_t n = s->hands[us][raw];
            for (p = 0; p < 2; p++) {
                d->rem[p][nd] = k[p] + t->board_bona[p][cap][to];
                d->add[p][nd] = k[p] + t->hand_bona[p][us][raw] + n;
            }
            nd++;
            s->hands[us][raw]++;
        }
        d->n[0] = d->n[1] = (uint8_t)nd;
        d->drop_type = 0;
        d->from = (uint8_t)from;
        d->moved = pc;
        d->captured = cap;
        s->squares[from] = 0;
        s->squares[to] = after;
    }
    s->side ^= 1;
    s->sp++;
    return EC_OK;
}

int ec_stack_push_null(ec_stack *s) {
    ec_ply *d;
    if (!s->root) return EC_ERR_NO_ROOT;
    if (s->sp >= EC_MAX_PLIES) return EC_ERR_DEPTH_PUSH;
    if (s->sp + 1 >= s->cap && grow(s, s->sp + 2)) return EC_ERR_MEMORY;
    d = &s->plies[s->sp + 1];
    memset(d, 0, sizeof *d); /* no feature changes: the parent's accumulators */
    d->null = 1;
    s->side ^= 1;
    s->sp++;
    return EC_OK;
}

/* unmake takes the top ply's move back on the mirror. */
static void unmake(ec_stack *s) {
    const ec_tables *t = s->net->tables;
    const ec_ply *d = &s->plies[s->sp];
    unsigned us = s->side ^ 1;
    s->side = (uint8_t)us;
    if (d->null) {
        /* nothing moved */
    } else if (d->drop_type) {
        s->squares[d->to] = 0;
        s->hands[us][d->drop_type]++;
    } else {
        s->squares[d->from] = d->moved;
        s->squares[d->to] = d->captured;
        if (d->captured) s->hands[us][t->hand_type[d->captured]]--;
        if (t->is_king[d->moved]) s->kings[us] = d->from;
    }
    s->sp--;
}

int ec_stack_pop(ec_stack *s) {
    if (!s->root) return EC_ERR_NO_ROOT;
    if (s->sp == 0) return EC_ERR_DEPTH_POP;
    unmake(s);
    return EC_OK;
}

int ec_stack_pop_to(ec_stack *s, int32_t ply) {
    if (!s->root) return EC_ERR_NO_ROOT;
    if (ply < 0 || ply > s->sp) return EC_ERR_DEPTH_POP_TO;
    while (s->sp > ply) unmake(s);
    return EC_OK;
}

/* scale is nnue's ScaleOutput: divided truncating toward zero, clamped. */
static inline int32_t scale(const ec_stack *s, int32_t raw) {
    int32_t v;
    if (s->fv_shift >= 0)
        v = (raw + ((raw >> 31) & ((1 << s->fv_shift) - 1))) >> s->fv_shift;
    else
        v = raw / s->fv_scale;
    if (v > 31753) v = 31753;
    if (v < -31753) v = -31753;
    return v;
}

int ec_stack_evaluate(ec_stack *s, int32_t *value) {
    int us;
    if (!s->root) return EC_ERR_NO_ROOT;
    {
        /* the common case in one kernel call: the parent computed, no king moved */
        ec_ply *top = &s->plies[s->sp], *par = top - 1;
        if (s->sp > 0 && !top->computed[0] && !top->computed[1] && !top->refresh[0] && !top->refresh[1] &&
            par->computed[0] && par->computed[1]) {
            int32_t sp = s->sp;
            us = s->side;
            top->computed[0] = top->computed[1] = 1;
            *value = scale(s, ec_update_forward(s->level, s->net, acc_of(s, sp, us), acc_of(s, sp - 1, us), top->rem[us],
                                                top->add[us], top->n[us], acc_of(s, sp, us ^ 1), acc_of(s, sp - 1, us ^ 1),
                                                top->rem[us ^ 1], top->add[us ^ 1], top->n[us ^ 1]));
            return EC_OK;
        }
    }
    compute(s, 0);
    compute(s, 1);
    us = s->side;
    *value = scale(s, ec_forward(s->level, s->net, acc_of(s, s->sp, us), acc_of(s, s->sp, us ^ 1)));
    return EC_OK;
}

int ec_stack_push_evaluate_at(ec_stack *s, int32_t ply, uint16_t move, int32_t *value) {
    int r;
    if (s->root && ply >= 0 && ply < s->sp) {
        while (s->sp > ply) unmake(s);
    } else if ((r = ec_stack_pop_to(s, ply)) != EC_OK) {
        return r;
    }
    if ((r = ec_stack_push(s, move)) != EC_OK) return r;
    return ec_stack_evaluate(s, value);
}

int ec_stack_evaluate_move(ec_stack *s, uint16_t move, int32_t *value) {
    int r = ec_stack_push(s, move);
    if (r != EC_OK) return r;
    r = ec_stack_evaluate(s, value);
    unmake(s);
    return r;
}

int ec_bench_push_evaluate_at(ec_stack *s, const int32_t *plies, const uint16_t *moves, int32_t n, int32_t reps,
                              int64_t *sum) {
    int64_t total = 0;
    int32_t r, i, v = 0;
    int e;
    for (r = 0; r < reps; r++)
        for (i = 0; i < n; i++) {
            if ((e = ec_stack_push_evaluate_at(s, plies[i], moves[i], &v)) != EC_OK) return e;
            total += v;
        }
    *sum = total;
    return EC_OK;
}
