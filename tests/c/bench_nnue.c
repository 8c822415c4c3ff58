/*
 * bench_nnue.c - NNUE evaluation from C.
 *
 * usage: bench_nnue [SCALE]   (SCALE 1 is a quick smoke run; default 10)
 *
 * With the deterministic `test` network (seed 1), measures the median over
 * RUNS runs of:
 *   - batch: shogi_network_evaluate_sfens() over SFENs of random games
 *     (SFEN parsing and a full refresh per position, spread over the
 *     CPUs), in ns per position of wall time;
 *   - position: shogi_network_evaluate() on a position handle (full
 *     refresh), ns per call;
 *   - accumulator: what an engine using libshogi as its eval backend pays
 *     per move: shogi_accumulator_update() for both perspectives (one
 *     feature removed, one added) + shogi_accumulator_evaluate(), ns per
 *     move.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <shogi.h>

#include "bench_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum { RUNS = 5, DISTINCT = 2000, SFEN_SIZE = 256 };

static volatile int32_t sink;

static int fail(const shogi_error_t *e) {
    fprintf(stderr, "bench_nnue: %s\n", e->message);
    return 1;
}

int main(int argc, char **argv) {
    int scale = argc > 1 ? atoi(argv[1]) : 10;
    shogi_error_t err;
    shogi_network_t net = NULL;
    shogi_position_t pos = NULL;
    static char sfen_buf[DISTINCT][SFEN_SIZE];
    const char **sfens;
    int32_t *values;
    long n_batch, n_calls, i;
    int r, k = 0;
    uint32_t rng = 1, moves[SHOGI_MAX_MOVES];
    double t[RUNS], batch, single, accum, batch_min, single_min, accum_min;

    if (scale < 1) scale = 1;
    n_batch = 20000L * scale;
    n_calls = 2000L * scale;
    if (shogi_network_make_test("test", 1, &net, &err) != SHOGI_OK) return fail(&err);
    if (shogi_position_new(&pos, &err) != SHOGI_OK) return fail(&err);

    /* SFENs of random games (restarted every 150 plies or at a mate). */
    while (k < DISTINCT) {
        size_t n = 0;
        int32_t ply = 0;
        shogi_position_ply(pos, &ply, &err);
        if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_MOVES, &n, &err) != SHOGI_OK) return fail(&err);
        if (n == 0 || ply > 150) {
            shogi_position_free(pos, NULL);
            if (shogi_position_new(&pos, &err) != SHOGI_OK) return fail(&err);
            continue;
        }
        rng = rng * 1103515245u + 12345u;
        if (shogi_position_do_move(pos, moves[(rng >> 8) % n], &err) != SHOGI_OK) return fail(&err);
        if (shogi_position_sfen(pos, sfen_buf[k], SFEN_SIZE, NULL, &err) != SHOGI_OK) return fail(&err);
        k++;
    }
    sfens = (const char **)malloc((size_t)n_batch * sizeof *sfens);
    values = (int32_t *)malloc((size_t)n_batch * sizeof *values);
    if (!sfens || !values) return 1;
    for (i = 0; i < n_batch; i++) sfens[i] = sfen_buf[i % DISTINCT];

    for (r = 0; r < RUNS; r++) {
        double t0 = now_ns();
        if (shogi_network_evaluate_sfens(net, sfens, (size_t)n_batch, 16, values, &err) != SHOGI_OK)
            return fail(&err);
        t[r] = (now_ns() - t0) / (double)n_batch;
    }
    batch = median_min(t, RUNS, &batch_min);

    for (r = 0; r < RUNS; r++) {
        int32_t v = 0;
        double t0 = now_ns();
        for (i = 0; i < n_calls; i++) {
            if (shogi_network_evaluate(net, pos, 16, &v, &err) != SHOGI_OK) return fail(&err);
        }
        t[r] = (now_ns() - t0) / (double)n_calls;
        sink = v;
    }
    single = median_min(t, RUNS, &single_min);

    {
        shogi_accumulator_t acc = NULL;
        int32_t fb[64], fw[64], v = 0;
        size_t count = 0;
        long n_moves = 50L * n_calls;
        if (shogi_position_halfkp_features(pos, fb, fw, 64, &count, &err) != SHOGI_OK) return fail(&err);
        if (shogi_accumulator_new(net, &acc, &err) != SHOGI_OK) return fail(&err);
        shogi_accumulator_refresh(acc, SHOGI_BLACK, fb, count, &err);
        shogi_accumulator_refresh(acc, SHOGI_WHITE, fw, count, &err);
        for (r = 0; r < RUNS; r++) {
            double t0 = now_ns();
            for (i = 0; i < n_moves; i++) {
                /* alternately move a feature away and back */
                int32_t a = fb[i & 7], b = fb[i & 7] + 1;
                int32_t rem = i & 1 ? b : a, add = i & 1 ? a : b;
                if (shogi_accumulator_update(acc, SHOGI_BLACK, &rem, 1, &add, 1, &err) != SHOGI_OK ||
                    shogi_accumulator_update(acc, SHOGI_WHITE, &rem, 1, &add, 1, &err) != SHOGI_OK ||
                    shogi_accumulator_evaluate(acc, (int32_t)(i & 1), 16, &v, &err) != SHOGI_OK)
                    return fail(&err);
            }
            t[r] = (now_ns() - t0) / (double)n_moves;
            sink = v;
        }
        accum = median_min(t, RUNS, &accum_min);
        shogi_accumulator_free(acc, NULL);
    }

    printf("libshogi %s NNUE (test net), median (fastest) of %d runs\n", shogi_version(), RUNS);
    printf("batch evaluate_sfens (%ld SFENs): %8.1f (%8.1f) ns/position, %.0f positions/s\n", n_batch, batch,
           batch_min, 1e9 / batch);
    printf("network_evaluate (position handle): %8.1f (%8.1f) ns/call\n", single, single_min);
    printf("accumulator 2x update + evaluate:   %8.1f (%8.1f) ns/move\n", accum, accum_min);
    free(sfens);
    free(values);
    shogi_position_free(pos, NULL);
    shogi_network_free(net, NULL);
    return 0;
}
