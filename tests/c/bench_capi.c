/*
 * bench_capi.c - what a call into libshogi costs from C.
 *
 * usage: bench_capi [SCALE]   (SCALE 1 is a quick smoke run; default 20)
 *
 * Measures, in ns per call, the median over RUNS runs of:
 *   - a trivial call: shogi_abi_version() (C -> Go -> C, no arguments);
 *   - a handle call: shogi_position_side_to_move() (handle lookup, error
 *     struct handling, one field read);
 *   - do_move + undo_move: shogi_position_do_move() (legality check
 *     included) followed by shogi_position_undo_move(), per pair.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <shogi.h>

#include "bench_clock.h"

#include <stdio.h>
#include <stdlib.h>


enum { RUNS = 7 };

static volatile uint32_t sink;

int main(int argc, char **argv) {
    int scale = argc > 1 ? atoi(argv[1]) : 20;
    if (scale < 1) scale = 1;
    long n_trivial = 100000L * scale, n_move = 10000L * scale;
    double t[RUNS];

    for (int r = 0; r < RUNS; r++) {
        double t0 = now_ns();
        uint32_t acc = 0;
        for (long i = 0; i < n_trivial; i++) acc += shogi_abi_version();
        t[r] = (now_ns() - t0) / (double)n_trivial;
        sink = acc;
    }
    double trivial = median_min(t, RUNS, NULL);

    shogi_position_t pos = NULL;
    shogi_error_t err;
    if (shogi_position_new(&pos, &err) != SHOGI_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    for (int r = 0; r < RUNS; r++) {
        int32_t side = 0;
        double t0 = now_ns();
        for (long i = 0; i < n_trivial; i++) shogi_position_side_to_move(pos, &side, &err);
        t[r] = (now_ns() - t0) / (double)n_trivial;
        sink = (uint32_t)side;
    }
    double handle = median_min(t, RUNS, NULL);

    uint32_t move = 0;
    if (shogi_position_move_from_usi(pos, "7g7f", &move, &err) != SHOGI_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    for (int r = 0; r < RUNS; r++) {
        double t0 = now_ns();
        for (long i = 0; i < n_move; i++) {
            if (shogi_position_do_move(pos, move, &err) != SHOGI_OK ||
                shogi_position_undo_move(pos, &err) != SHOGI_OK) {
                fprintf(stderr, "%s\n", err.message);
                return 1;
            }
        }
        t[r] = (now_ns() - t0) / (double)n_move;
    }
    double domove = median_min(t, RUNS, NULL);
    shogi_position_free(pos, NULL);

    printf("libshogi %s, median of %d runs\n", shogi_version(), RUNS);
    printf("trivial call (shogi_abi_version):          %8.1f ns/call\n", trivial);
    printf("handle call (shogi_position_side_to_move): %8.1f ns/call\n", handle);
    printf("do_move + undo_move (pair):                %8.1f ns/pair\n", domove);
    return 0;
}
