/*
 * test_evalstack_fast.c - the evaluation stack's C path (stacks of nets
 * evalc runs, whose per-move calls never enter Go) against the Go path
 * (the same net, LIBSHOGI_EVALSTACK=go at creation): random sequences of
 * pushes, pops, pop_to, push_evaluate_at at any ply, null moves,
 * evaluate_move(s) and refused moves give the same status, message and
 * value call by call; bad, stale and NULL handles and NULL pointers give
 * the Go path's statuses and messages.
 */
#include <shogi.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "threads.h"

/* Internal (not in shogi.h): 1 if the stack runs on the C path. */
extern int32_t shogiint_evalstack_native(shogi_evalstack_t stack);

static void set_path(int go) {
#ifdef _WIN32
    _putenv(go ? "LIBSHOGI_EVALSTACK=go" : "LIBSHOGI_EVALSTACK=");
#else
    if (go)
        setenv("LIBSHOGI_EVALSTACK", "go", 1);
    else
        unsetenv("LIBSHOGI_EVALSTACK");
#endif
}

static uint32_t rng_state = 24;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* The pair under test and the position they mirror. */
typedef struct pair {
    shogi_evalstack_t c, go;
    shogi_position_t pos;
    int32_t ply;
    uint8_t null_at[20000]; /* ply i was made by a null move */
    long calls, mismatches;
} pair;

/* same compares one call's two results: status, message, value. */
static void same(pair *p, const char *what, shogi_status_t sc, shogi_status_t sg, const shogi_error_t *ec,
                 const shogi_error_t *eg, int32_t vc, int32_t vg) {
    p->calls++;
    if (sc != sg || strcmp(ec->message, eg->message) != 0 || ec->code != eg->code || vc != vg) {
        if (p->mismatches++ < 10)
            printf("  %s at ply %d: C %d '%s' %d, Go %d '%s' %d\n", what, (int)p->ply, (int)sc, ec->message,
                   (int)vc, (int)sg, eg->message, (int)vg);
    }
}

static void undo_to(pair *p, int32_t ply) {
    while (p->ply > ply) {
        p->ply--;
        if (p->null_at[p->ply])
            shogi_position_undo_null_move(p->pos, NULL);
        else
            shogi_position_undo_move(p->pos, NULL);
    }
}

static void made(pair *p, uint32_t m, int null) {
    p->null_at[p->ply] = (uint8_t)null;
    if (null)
        shogi_position_do_null_move(p->pos, NULL);
    else
        shogi_position_do_move(p->pos, m, NULL);
    p->ply++;
}

/* A move the stacks refuse or a legal one; counts the kinds made. */
static long drops, promotions, captures, king_moves, refused;

static uint32_t pick(pair *p, const uint32_t *moves, size_t n, int *legal) {
    uint32_t m;
    uint8_t sq[81];
    if (n == 0 || rnd(16) == 0) {
        *legal = 0;
        refused++;
        return rnd(0x10000);
    }
    *legal = 1;
    m = moves[rnd((uint32_t)n)];
    shogi_position_pieces(p->pos, sq, NULL, NULL);
    if (m & 0x4000)
        drops++;
    else {
        if (m & 0x8000) promotions++;
        if (sq[m & 0x7f] != 0) captures++;
        if ((sq[(m >> 7) & 0x7f] & 15) == 8) king_moves++;
    }
    return m;
}

static int set_roots(pair *p, const char *sfen) {
    uint8_t sq[81], hands[14];
    int32_t side = 0;
    if (p->pos) shogi_position_free(p->pos, NULL);
    p->pos = NULL;
    if (shogi_position_from_sfen(sfen, &p->pos, NULL) != SHOGI_OK) return -1;
    shogi_position_pieces(p->pos, sq, hands, NULL);
    shogi_position_side_to_move(p->pos, &side, NULL);
    p->ply = 0;
    if (shogi_evalstack_set_root(p->c, sq, hands, side, NULL) != SHOGI_OK) return -1;
    return shogi_evalstack_set_root(p->go, sq, hands, side, NULL);
}

/* One random step on both stacks. */
static void step(pair *p) {
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t n = 0;
    shogi_error_t ec, eg;
    shogi_status_t sc, sg;
    int32_t vc = 0, vg = 0, check = 0;
    int legal = 0;
    uint32_t m;
    int op = (int)rnd(12);
    shogi_position_legal_moves(p->pos, moves, SHOGI_MAX_MOVES, &n, NULL);
    if (p->ply > 120 || n == 0) op = 5; /* back up */
    memset(&ec, 0x55, sizeof ec);
    memset(&eg, 0x55, sizeof eg);
    switch (op) {
    case 0: case 1: case 2: /* push_evaluate_at the top */
    case 3: {               /* or below it */
        int32_t at = op == 3 ? (int32_t)rnd((uint32_t)p->ply + 1) : p->ply;
        if (op == 3 && rnd(8) == 0) at = p->ply + 1 + (int32_t)rnd(3); /* beyond: refused */
        if (at <= p->ply) undo_to(p, at);
        shogi_position_legal_moves(p->pos, moves, SHOGI_MAX_MOVES, &n, NULL);
        m = pick(p, moves, n, &legal);
        sc = shogi_evalstack_push_evaluate_at(p->c, at, m, &vc, &ec);
        sg = shogi_evalstack_push_evaluate_at(p->go, at, m, &vg, &eg);
        same(p, "push_evaluate_at", sc, sg, &ec, &eg, vc, vg);
        if (sg == SHOGI_OK) made(p, m, 0);
        break;
    }
    case 4: /* push, then evaluate */
        m = pick(p, moves, n, &legal);
        sc = shogi_evalstack_push(p->c, m, &ec);
        sg = shogi_evalstack_push(p->go, m, &eg);
        same(p, "push", sc, sg, &ec, &eg, 0, 0);
        if (sg == SHOGI_OK) made(p, m, 0);
        sc = shogi_evalstack_evaluate(p->c, &vc, &ec);
        sg = shogi_evalstack_evaluate(p->go, &vg, &eg);
        same(p, "evaluate", sc, sg, &ec, &eg, vc, vg);
        break;
    case 5: { /* pop_to below, sometimes out of range */
        int32_t to = rnd(10) == 0 ? p->ply + 1 + (int32_t)rnd(5) : (int32_t)rnd((uint32_t)p->ply + 1);
        if (rnd(20) == 0) to = -1 - (int32_t)rnd(3);
        sc = shogi_evalstack_pop_to(p->c, to, &ec);
        sg = shogi_evalstack_pop_to(p->go, to, &eg);
        same(p, "pop_to", sc, sg, &ec, &eg, 0, 0);
        if (sg == SHOGI_OK) undo_to(p, to);
        break;
    }
    case 6: /* pop (refused at the root) */
        sc = shogi_evalstack_pop(p->c, &ec);
        sg = shogi_evalstack_pop(p->go, &eg);
        same(p, "pop", sc, sg, &ec, &eg, 0, 0);
        if (sg == SHOGI_OK) undo_to(p, p->ply - 1);
        break;
    case 7: /* a null move when not in check */
        shogi_position_in_check(p->pos, &check, NULL);
        if (check) break;
        sc = shogi_evalstack_push_null(p->c, &ec);
        sg = shogi_evalstack_push_null(p->go, &eg);
        same(p, "push_null", sc, sg, &ec, &eg, 0, 0);
        if (sg == SHOGI_OK) made(p, 0, 1);
        break;
    case 8: /* a leaf */
        m = pick(p, moves, n, &legal);
        sc = shogi_evalstack_evaluate_move(p->c, m, &vc, &ec);
        sg = shogi_evalstack_evaluate_move(p->go, m, &vg, &eg);
        same(p, "evaluate_move", sc, sg, &ec, &eg, vc, vg);
        break;
    case 9: { /* every legal move, a refused one sometimes among them */
        int32_t vcs[SHOGI_MAX_MOVES + 1], vgs[SHOGI_MAX_MOVES + 1];
        size_t i;
        if (rnd(4) == 0) moves[n++] = rnd(0x10000);
        sc = shogi_evalstack_evaluate_moves(p->c, moves, n, vcs, &ec);
        sg = shogi_evalstack_evaluate_moves(p->go, moves, n, vgs, &eg);
        same(p, "evaluate_moves", sc, sg, &ec, &eg, 0, 0);
        for (i = 0; i < n; i++) same(p, "evaluate_moves value", sc, sg, &ec, &eg, vcs[i], vgs[i]);
        break;
    }
    case 10: /* push_evaluate */
        m = pick(p, moves, n, &legal);
        sc = shogi_evalstack_push_evaluate(p->c, m, &vc, &ec);
        sg = shogi_evalstack_push_evaluate(p->go, m, &vg, &eg);
        same(p, "push_evaluate", sc, sg, &ec, &eg, vc, vg);
        if (sg == SHOGI_OK) made(p, m, 0);
        break;
    default: { /* ply */
        int32_t pc = -1, pg = -2;
        sc = shogi_evalstack_ply(p->c, &pc, &ec);
        sg = shogi_evalstack_ply(p->go, &pg, &eg);
        same(p, "ply", sc, sg, &ec, &eg, pc, pg);
        if (pg != p->ply) same(p, "ply vs position", sc, sg, &ec, &eg, pc, p->ply);
    }
    }
}

static const char *const roots[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
};

/* Plies the comparison walks: 10,000, or argv[1] (the valgrind run takes
 * fewer: memcheck runs the Go path's calls some 50 times slower). */
static long target_plies = 10000;

TEST(c_path_matches_go_path) {
    shogi_network_t net = NULL;
    pair *p = calloc(1, sizeof *p);
    long plies = 0;
    CHECK(p != NULL);
    CHECK_INT(shogi_network_make_test_arch("halfkp_256x2-32-32", "test", 7, &net, NULL), SHOGI_OK);
    set_path(0);
    CHECK_INT(shogi_evalstack_new(net, 0, &p->c, NULL), SHOGI_OK);
    set_path(1);
    CHECK_INT(shogi_evalstack_new(net, 0, &p->go, NULL), SHOGI_OK);
    set_path(0);
    CHECK_INT(shogiint_evalstack_native(p->c), 1);
    CHECK_INT(shogiint_evalstack_native(p->go), 0);
    /* no root yet: every call refused alike */
    {
        int k;
        for (k = 0; k < 200; k++) step(p);
    }
    while (plies < target_plies) {
        int k;
        CHECK_INT(set_roots(p, roots[rnd(3)]), 0);
        for (k = 0; k < 500; k++) {
            int32_t before = p->ply;
            step(p);
            if (p->ply > before) plies += p->ply - before;
        }
    }
    printf("  %ld plies, %ld calls compared (%ld drops, %ld promotions, %ld captures, %ld king moves, %ld refused)\n",
           plies, p->calls, drops, promotions, captures, king_moves, refused);
    CHECK(drops > target_plies / 100 && promotions > target_plies / 1000 && captures > target_plies / 100 &&
          king_moves > target_plies / 100 && refused > target_plies / 100);
    CHECK_INT(p->mismatches, 0);
    CHECK_INT(shogi_evalstack_free(p->c, NULL), SHOGI_OK);
    CHECK_INT(shogi_evalstack_free(p->go, NULL), SHOGI_OK);
    shogi_position_free(p->pos, NULL);
    shogi_network_free(net, NULL);
    free(p);
}

/* Every per-move call with handle h and a value pointer or NULL: the
 * status and, if want is not NULL, a message containing want. */
static void bad_calls(shogi_evalstack_t h, int null_value, shogi_status_t status, const char *want) {
    shogi_error_t e;
    int32_t v = 0, ply = 0;
    int32_t *vp = null_value ? NULL : &v, *pp = null_value ? NULL : &ply;
    uint32_t m = 0x1234;
    shogi_status_t got[10];
    int i;
    got[0] = shogi_evalstack_push_evaluate_at(h, 0, m, vp, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[1] = shogi_evalstack_push_evaluate(h, m, vp, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[2] = shogi_evalstack_evaluate_move(h, m, vp, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[3] = shogi_evalstack_evaluate(h, vp, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[4] = shogi_evalstack_ply(h, pp, &e);
    if (status == SHOGI_E_STATE) { /* ply needs no root: 0 */
        CHECK_INT(got[4], SHOGI_OK);
        CHECK_INT(ply, 0);
        got[4] = status;
    } else
        CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[5] = shogi_evalstack_evaluate_moves(h, null_value ? NULL : &m, 1, vp, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    if (null_value) {
        for (i = 0; i < 6; i++) CHECK_INT(got[i], status);
        return;
    }
    got[6] = shogi_evalstack_push(h, m, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[7] = shogi_evalstack_push_null(h, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[8] = shogi_evalstack_pop(h, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    got[9] = shogi_evalstack_pop_to(h, 0, &e);
    CHECK(want == NULL || strstr(e.message, want) != NULL);
    for (i = 0; i < 10; i++) CHECK_INT(got[i], status);
}

TEST(bad_handles_and_null_pointers) {
    shogi_network_t net = NULL;
    shogi_evalstack_t c = NULL, go = NULL;
    char msg[2][256];
    shogi_error_t e;
    int32_t v = 0;
    CHECK_INT(shogi_network_make_test_arch("halfkp_256x2-32-32", "test", 7, &net, NULL), SHOGI_OK);
    set_path(0);
    CHECK_INT(shogi_evalstack_new(net, 0, &c, NULL), SHOGI_OK);
    CHECK_INT(shogiint_evalstack_native(c), 1);
    CHECK_INT(shogi_evalstack_set_root(c, NULL, NULL, 0, &e), SHOGI_E_NULL_POINTER);
    bad_calls(NULL, 0, SHOGI_E_BAD_HANDLE, "evaluation stack handle is NULL");
    bad_calls((shogi_evalstack_t)net, 0, SHOGI_E_BAD_HANDLE, "is a network handle, not a evaluation stack handle");
    bad_calls((shogi_evalstack_t)(uintptr_t)0x1234, 0, SHOGI_E_BAD_HANDLE, "is not a evaluation stack handle");
    bad_calls(c, 1, SHOGI_E_NULL_POINTER, "must not be NULL");
    bad_calls(c, 0, SHOGI_E_STATE, "no position set");
    /* n == 0 is no call at all, NULL lists or not */
    CHECK_INT(shogi_evalstack_evaluate_moves(c, NULL, 0, NULL, &e), SHOGI_OK);
    CHECK_INT(e.code, SHOGI_OK);
    /* a stale handle: the C stack's and a Go stack's say the same */
    CHECK_INT(shogi_evalstack_free(c, NULL), SHOGI_OK);
    CHECK_INT(shogiint_evalstack_native(c), 0);
    bad_calls(c, 0, SHOGI_E_BAD_HANDLE, "is freed or was never created");
    CHECK_INT(shogi_evalstack_free(c, &e), SHOGI_E_BAD_HANDLE);
    CHECK(strstr(e.message, "is freed or was never created") != NULL);
    set_path(1);
    CHECK_INT(shogi_evalstack_new(net, 0, &go, NULL), SHOGI_OK);
    set_path(0);
    CHECK_INT(shogiint_evalstack_native(go), 0);
    CHECK_INT(shogi_evalstack_free(go, NULL), SHOGI_OK);
    shogi_evalstack_evaluate(c, &v, &e);
    snprintf(msg[0], sizeof msg[0], "%s", e.message + strlen("evaluation stack handle 0x") + 16);
    shogi_evalstack_evaluate(go, &v, &e);
    snprintf(msg[1], sizeof msg[1], "%s", e.message + strlen("evaluation stack handle 0x") + 16);
    CHECK(strcmp(msg[0], msg[1]) == 0);
    /* a net the C path does not run stays on the Go path */
    {
        shogi_network_t ka = NULL;
        shogi_evalstack_t s = NULL;
        CHECK_INT(shogi_network_make_test_arch("halfkahm2_32x2-32-32", "test", 7, &ka, NULL), SHOGI_OK);
        CHECK_INT(shogi_evalstack_new(ka, 0, &s, NULL), SHOGI_OK);
        CHECK_INT(shogiint_evalstack_native(s), 0);
        bad_calls(s, 0, SHOGI_E_STATE, "no position set");
        CHECK_INT(shogi_evalstack_free(s, NULL), SHOGI_OK);
        shogi_network_free(ka, NULL);
    }
    shogi_network_free(net, NULL);
}

/* A caller bug that must not crash: one thread frees a C stack while
 * another is still calling it. Its calls succeed until the free and are
 * refused as a freed handle after it; the free waits for a call in flight. */
typedef struct racer {
    shogi_evalstack_t st;
    uint32_t move;
    volatile int started;
    long ok, freed, other;
} racer;

static void thread_main(void *arg) {
    racer *r = arg;
    shogi_error_t e;
    int32_t v = 0;
    for (;;) {
        shogi_status_t st = shogi_evalstack_push_evaluate_at(r->st, 0, r->move, &v, &e);
        r->started = 1;
        if (st == SHOGI_OK)
            r->ok++;
        else if (st == SHOGI_E_BAD_HANDLE && strstr(e.message, "is freed or was never created") != NULL) {
            if (++r->freed > 1000) return;
        } else {
            r->other++;
            return;
        }
    }
}

TEST(free_while_in_use) {
    static const char *const start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    shogi_network_t net = NULL;
    shogi_position_t pos = NULL;
    uint8_t sq[81], hands[14];
    uint32_t moves[SHOGI_MAX_MOVES];
    size_t n = 0;
    int k;
    CHECK_INT(shogi_network_make_test_arch("halfkp_256x2-32-32", "test", 7, &net, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_from_sfen(start, &pos, NULL), SHOGI_OK);
    CHECK_INT(shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, NULL), SHOGI_OK);
    shogi_position_pieces(pos, sq, hands, NULL);
    set_path(0);
    for (k = 0; k < 20; k++) {
        racer r = {0};
        thread_t t;
        r.move = moves[k % n];
        CHECK_INT(shogi_evalstack_new(net, 0, &r.st, NULL), SHOGI_OK);
        CHECK_INT(shogiint_evalstack_native(r.st), 1);
        CHECK_INT(shogi_evalstack_set_root(r.st, sq, hands, 0, NULL), SHOGI_OK);
        CHECK(thread_start(&t, &r));
        while (!r.started) sleep_ms(0);
        sleep_ms(k % 3);
        CHECK_INT(shogi_evalstack_free(r.st, NULL), SHOGI_OK);
        thread_join(t);
        CHECK(r.ok > 0);
        CHECK_INT(r.other, 0);
    }
    shogi_position_free(pos, NULL);
    shogi_network_free(net, NULL);
}

int main(int argc, char **argv) {
    if (argc > 1) target_plies = atol(argv[1]);
    if (target_plies < 100) {
        fprintf(stderr, "usage: test_evalstack_fast [PLIES >= 100]\n");
        return 2;
    }
    RUN(c_path_matches_go_path);
    RUN(bad_handles_and_null_pointers);
    RUN(free_while_in_use);
    return harness_summary();
}
