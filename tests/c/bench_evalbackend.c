/*
 * bench_evalbackend.c - what an engine with its own board pays per move
 * for libshogi's evaluation, from C.
 *
 * usage: bench_evalbackend [SCALE]   (SCALE 1 is a quick smoke run; default 10)
 *
 * With the deterministic halfkp_256x2-32-32 `test` network (seed 1), over
 * the legal non-king moves of a middle-game position, the median (and
 * fastest) over RUNS runs, in ns per move, of:
 *   - stack push_evaluate + pop: the fused path (two calls per move: make
 *     with evaluation, unmake);
 *   - stack push_evaluate_at: the same in one call per move (make with
 *     evaluation at the caller's ply; the unmake needs no call: the next
 *     make at that ply takes the move back);
 *   - stack push + evaluate + pop: the same in three calls;
 *   - stack evaluate_move: make, evaluate and unmake in one call (a leaf);
 *   - stack evaluate_moves: all the moves in one call, per move;
 *   - accumulator 2x update + evaluate: the ABI 1.0 path measured in the
 *     same run (the move's real deltas from shogi_network_move_features
 *     applied to both perspectives, then evaluate; the next iteration
 *     applies the reverse deltas, as an unmake would; no copy).
 * Each figure is given in wall time and, where the system has it, in the
 * calling thread's CPU time (the library runs on the caller's thread, so
 * that is the work done; a loaded machine inflates the wall time). The
 * stack's paths are also timed as the fastest of many short batches (one
 * pass over the moves each): on a machine shared with other work the
 * batches that ran undisturbed show the cost itself, which long runs
 * cannot.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <shogi.h>

#include "bench_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUNS = 7 };

/* The calling thread's CPU time in ns (the wall clock where there is no
 * thread clock). */
static double cpu_ns(void) {
#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(_WIN32)
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
#else
    return now_ns();
#endif
}

/* One timed run: wall and CPU ns per move into w[r] and c[r]. */
#define TIMED(r, w, c, n, ...)                                   \
    do {                                                         \
        double w0_ = now_ns(), c0_ = cpu_ns();                   \
        __VA_ARGS__;                                             \
        (c)[r] = (cpu_ns() - c0_) / (double)(n);                 \
        (w)[r] = (now_ns() - w0_) / (double)(n);                 \
    } while (0)

static volatile int32_t sink;

/* One pass over the moves by one of the stack's paths; nonzero on error. */
typedef int (*pass_fn)(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err);

static int pass_push_evaluate(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err) {
    int32_t v = 0;
    size_t k;
    for (k = 0; k < n; k++)
        if (shogi_evalstack_push_evaluate(st, moves[k], &v, err) != SHOGI_OK || shogi_evalstack_pop(st, err) != SHOGI_OK)
            return 1;
    sink = v;
    return 0;
}

static int pass_push_evaluate_at(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err) {
    int32_t v = 0;
    size_t k;
    for (k = 0; k < n; k++)
        if (shogi_evalstack_push_evaluate_at(st, 0, moves[k], &v, err) != SHOGI_OK) return 1;
    sink = v;
    return shogi_evalstack_pop_to(st, 0, err) != SHOGI_OK;
}

static int pass_push_three(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err) {
    int32_t v = 0;
    size_t k;
    for (k = 0; k < n; k++)
        if (shogi_evalstack_push(st, moves[k], err) != SHOGI_OK || shogi_evalstack_evaluate(st, &v, err) != SHOGI_OK ||
            shogi_evalstack_pop(st, err) != SHOGI_OK)
            return 1;
    sink = v;
    return 0;
}

static int pass_evaluate_move(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err) {
    int32_t v = 0;
    size_t k;
    for (k = 0; k < n; k++)
        if (shogi_evalstack_evaluate_move(st, moves[k], &v, err) != SHOGI_OK) return 1;
    sink = v;
    return 0;
}

static int pass_evaluate_moves(shogi_evalstack_t st, const uint32_t *moves, size_t n, shogi_error_t *err) {
    int32_t v[SHOGI_MAX_MOVES];
    if (shogi_evalstack_evaluate_moves(st, moves, n, v, err) != SHOGI_OK) return 1;
    sink = v[0];
    return 0;
}

/* The fastest of batches passes, in wall ns per move (-1 on error). */
static double fastest_batch(pass_fn f, shogi_evalstack_t st, const uint32_t *moves, size_t n, long batches,
                            shogi_error_t *err) {
    double best = -1;
    long b;
    for (b = 0; b < batches; b++) {
        double t0 = now_ns(), d;
        if (f(st, moves, n, err) != 0) return -1;
        d = (now_ns() - t0) / (double)n;
        if (best < 0 || d < best) best = d;
    }
    return best;
}

static const char *const bench_sfen =
    "ln1g1g1nl/1r1s1k3/p1pppsbpp/1p3pp2/9/2P1P1P2/PP1PSP1PP/1BK1G2R1/LNSG3NL b - 1";

static int fail(const char *what, const shogi_error_t *e) {
    fprintf(stderr, "bench_evalbackend: %s: %s\n", what, e->message);
    return 1;
}

int main(int argc, char **argv) {
    int scale = argc > 1 ? atoi(argv[1]) : 10;
    shogi_error_t err;
    shogi_network_t net = NULL;
    shogi_position_t pos = NULL;
    shogi_evalstack_t st = NULL;
    shogi_accumulator_t acc = NULL;
    uint32_t all[SHOGI_MAX_MOVES], moves[SHOGI_MAX_MOVES];
    static shogi_feature_delta_t deltas[SHOGI_MAX_MOVES];
    uint8_t sq[81], hands[14];
    size_t n_all = 0, n = 0, k;
    long n_moves, i;
    int r;
    int32_t side = 0, v = 0;
    double t[RUNS], c[RUNS], fused, fused_min, three, three_min, accum, accum_min, fused_cpu, three_cpu, accum_cpu;
    double one, one_min, one_cpu, batch, batch_min, batch_cpu, fastest[5], at, at_min, at_cpu;
    int32_t values[SHOGI_MAX_MOVES];

    if (scale < 1) scale = 1;
    n_moves = 100000L * scale;
    if (shogi_network_make_test_arch("halfkp_256x2-32-32", "test", 1, &net, &err) != SHOGI_OK)
        return fail("net", &err);
    if (shogi_position_from_sfen(bench_sfen, &pos, &err) != SHOGI_OK) return fail("sfen", &err);
    if (shogi_position_legal_moves(pos, all, SHOGI_MAX_MOVES, &n_all, &err) != SHOGI_OK)
        return fail("moves", &err);
    shogi_position_pieces(pos, sq, hands, NULL);
    shogi_position_side_to_move(pos, &side, NULL);

    /* The non-king moves and their deltas (as the engine's own board would
     * describe them). */
    for (k = 0; k < n_all; k++) {
        uint32_t m = all[k];
        shogi_piece_move_t pm;
        int j;
        memset(&pm, 0, sizeof pm);
        for (j = 0; j < 81; j++) {
            if (sq[j] == 8) pm.black_king = j;
            if (sq[j] == 24) pm.white_king = j;
        }
        pm.to = (int32_t)(m & 0x7f);
        if (m & 0x4000) continue; /* no hands in this position */
        pm.from = (int32_t)((m >> 7) & 0x7f);
        pm.piece = sq[pm.from];
        if ((pm.piece & 15) == 8) continue;
        pm.promote = (m & 0x8000) != 0;
        pm.captured = sq[pm.to];
        pm.hand_count = 0; /* empty hands */
        if (shogi_network_move_features(net, &pm, &deltas[n], &err) != SHOGI_OK) return fail("delta", &err);
        moves[n++] = m;
    }

    if (shogi_evalstack_new(net, 16, &st, &err) != SHOGI_OK) return fail("stack", &err);
    if (shogi_evalstack_set_root(st, sq, hands, side, &err) != SHOGI_OK) return fail("root", &err);
    shogi_evalstack_evaluate(st, &v, NULL);

    for (r = 0; r < RUNS; r++) {
        TIMED(r, t, c, n_moves, {
            for (i = 0; i < n_moves; i++) {
                if (shogi_evalstack_push_evaluate(st, moves[i % (long)n], &v, &err) != SHOGI_OK ||
                    shogi_evalstack_pop(st, &err) != SHOGI_OK)
                    return fail("push_evaluate", &err);
            }
        });
        sink = v;
    }
    fused = median_min(t, RUNS, &fused_min);
    fused_cpu = median_min(c, RUNS, NULL);

    for (r = 0; r < RUNS; r++) {
        TIMED(r, t, c, n_moves, {
            for (i = 0; i < n_moves; i++) {
                if (shogi_evalstack_push_evaluate_at(st, 0, moves[i % (long)n], &v, &err) != SHOGI_OK)
                    return fail("push_evaluate_at", &err);
            }
        });
        sink = v;
        if (shogi_evalstack_pop_to(st, 0, &err) != SHOGI_OK) return fail("pop_to", &err);
    }
    at = median_min(t, RUNS, &at_min);
    at_cpu = median_min(c, RUNS, NULL);

    for (r = 0; r < RUNS; r++) {
        TIMED(r, t, c, n_moves, {
            for (i = 0; i < n_moves; i++) {
                if (shogi_evalstack_push(st, moves[i % (long)n], &err) != SHOGI_OK ||
                    shogi_evalstack_evaluate(st, &v, &err) != SHOGI_OK || shogi_evalstack_pop(st, &err) != SHOGI_OK)
                    return fail("push", &err);
            }
        });
        sink = v;
    }
    three = median_min(t, RUNS, &three_min);
    three_cpu = median_min(c, RUNS, NULL);

    for (r = 0; r < RUNS; r++) {
        TIMED(r, t, c, n_moves, {
            for (i = 0; i < n_moves; i++) {
                if (shogi_evalstack_evaluate_move(st, moves[i % (long)n], &v, &err) != SHOGI_OK)
                    return fail("evaluate_move", &err);
            }
        });
        sink = v;
    }
    one = median_min(t, RUNS, &one_min);
    one_cpu = median_min(c, RUNS, NULL);

    for (r = 0; r < RUNS; r++) {
        long rounds = n_moves / (long)n;
        TIMED(r, t, c, rounds * (long)n, {
            for (i = 0; i < rounds; i++) {
                if (shogi_evalstack_evaluate_moves(st, moves, n, values, &err) != SHOGI_OK)
                    return fail("evaluate_moves", &err);
            }
        });
        sink = values[0];
    }
    batch = median_min(t, RUNS, &batch_min);
    batch_cpu = median_min(c, RUNS, NULL);

    if (shogi_accumulator_new(net, &acc, &err) != SHOGI_OK) return fail("acc", &err);
    if (shogi_accumulator_refresh_position(acc, pos, &err) != SHOGI_OK) return fail("refresh", &err);
    for (r = 0; r < RUNS; r++) {
        TIMED(r, t, c, n_moves, {
            for (i = 0; i < n_moves; i++) {
                /* move i/2 made (even i) or taken back (odd i) */
                const shogi_feature_delta_t *d = &deltas[(i / 2) % (long)n];
                int back = (int)(i & 1);
                const int32_t *rem0 = back ? d->added[0] : d->removed[0], *add0 = back ? d->removed[0] : d->added[0];
                const int32_t *rem1 = back ? d->added[1] : d->removed[1], *add1 = back ? d->removed[1] : d->added[1];
                if (shogi_accumulator_update(acc, SHOGI_BLACK, rem0, (size_t)d->count[0], add0, (size_t)d->count[0], &err) != SHOGI_OK ||
                    shogi_accumulator_update(acc, SHOGI_WHITE, rem1, (size_t)d->count[1], add1, (size_t)d->count[1], &err) != SHOGI_OK ||
                    shogi_accumulator_evaluate(acc, back ? side : 1 - side, 16, &v, &err) != SHOGI_OK)
                    return fail("update", &err);
            }
        });
        sink = v;
    }
    accum = median_min(t, RUNS, &accum_min);
    accum_cpu = median_min(c, RUNS, NULL);

    {
        long batches = 1000L * scale;
        pass_fn passes[5] = {pass_push_evaluate, pass_push_three, pass_evaluate_move, pass_evaluate_moves,
                             pass_push_evaluate_at};
        for (k = 0; k < 5; k++) {
            fastest[k] = fastest_batch(passes[k], st, moves, n, batches, &err);
            if (fastest[k] < 0) return fail("batches", &err);
        }
    }

    printf("libshogi %s eval backend (halfkp_256x2-32-32 test net, %zu moves), median (fastest) of %d runs\n",
           shogi_version(), n, RUNS);
    printf("                                  wall median (fastest)   thread CPU median   fastest batch\n");
    printf("stack push_evaluate + pop:        %8.1f (%8.1f) ns/move  %8.1f ns/move   %8.1f ns/move\n", fused, fused_min,
           fused_cpu, fastest[0]);
    printf("stack push_evaluate_at (1 call):  %8.1f (%8.1f) ns/move  %8.1f ns/move   %8.1f ns/move\n", at, at_min,
           at_cpu, fastest[4]);
    printf("stack push + evaluate + pop:      %8.1f (%8.1f) ns/move  %8.1f ns/move   %8.1f ns/move\n", three, three_min,
           three_cpu, fastest[1]);
    printf("stack evaluate_move:              %8.1f (%8.1f) ns/move  %8.1f ns/move   %8.1f ns/move\n", one, one_min, one_cpu,
           fastest[2]);
    printf("stack evaluate_moves (%2zu a call):  %8.1f (%8.1f) ns/move  %8.1f ns/move   %8.1f ns/move\n", n, batch,
           batch_min, batch_cpu, fastest[3]);
    printf("accumulator 2x update + evaluate: %8.1f (%8.1f) ns/move  %8.1f ns/move (baseline, same run)\n", accum,
           accum_min, accum_cpu);
    shogi_accumulator_free(acc, NULL);
    shogi_evalstack_free(st, NULL);
    shogi_position_free(pos, NULL);
    shogi_network_free(net, NULL);
    return 0;
}
