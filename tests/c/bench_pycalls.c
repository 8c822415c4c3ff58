/*
 * bench_pycalls.c - the library side of the Python per-call figures
 * (issue 17): what each C call behind a Board method costs from C, so the
 * Python figure splits into interpreter, crossing and Go work.
 *
 * usage: bench_pycalls [SCALE]   (SCALE 1 is a quick smoke run; default 20)
 *
 * Prints ns per call, the median of RUNS runs, for: a trivial call
 * (the crossing alone), do_move + undo_move, legal_moves at the start and
 * in a middle game, set_sfen + sfen, set_hcp and hcp. With BENCH_CLOCK=cpu
 * (POSIX) the clock is the calling thread's CPU time, steadier on a loaded
 * machine (the library runs each call on the calling thread).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <shogi.h>

#include "bench_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUNS = 7 };

static const char *const MIDGAME = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

static volatile uint32_t sink;

#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(_WIN32)
static int cpu_clock;
static double clock_ns(void) {
    if (!cpu_clock) return now_ns();
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
#else
static double clock_ns(void) { return now_ns(); }
#endif
static shogi_error_t err;

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        if ((call) != SHOGI_OK) {                                                                                      \
            fprintf(stderr, "%s: %s\n", #call, err.message);                                                          \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

/* The median ns per iteration of body over RUNS runs of n iterations. */
#define TIME(result, n, body)                                                                                          \
    do {                                                                                                               \
        double t_[RUNS];                                                                                               \
        for (int r_ = 0; r_ < RUNS; r_++) {                                                                            \
            double t0_ = clock_ns();                                                                                     \
            for (long i_ = 0; i_ < (n); i_++) {                                                                        \
                body;                                                                                                  \
            }                                                                                                          \
            t_[r_] = (clock_ns() - t0_) / (double)(n);                                                                   \
        }                                                                                                              \
        result = median_min(t_, RUNS, NULL);                                                                           \
    } while (0)

int main(int argc, char **argv) {
    int scale = argc > 1 ? atoi(argv[1]) : 20;
    if (scale < 1) scale = 1;
#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(_WIN32)
    const char *clk = getenv("BENCH_CLOCK");
    cpu_clock = clk && strcmp(clk, "cpu") == 0;
#endif
    long n = 10000L * scale;
    shogi_position_t pos = NULL;
    CHECK(shogi_position_new(&pos, &err));
    uint32_t move = 0, moves[600];
    size_t count = 0;
    char sfen[256], mid_sfen[256];
    unsigned char hcp[32];
    double trivial, pair, legal_start, legal_mid, sfens, set_hcp, get_hcp, after;

    TIME(trivial, 10 * n, sink += shogi_abi_version());
    CHECK(shogi_position_move_from_usi(pos, "7g7f", &move, &err));
    TIME(pair, n, CHECK(shogi_position_do_move(pos, move, &err)); CHECK(shogi_position_undo_move(pos, &err)));
    TIME(legal_start, n, CHECK(shogi_position_legal_moves(pos, moves, 600, &count, &err)));
    TIME(after, n, CHECK(shogi_position_legal_moves_after(pos, move, moves, 600, &count, &err)));
    CHECK(shogi_position_set_sfen(pos, MIDGAME, &err));
    CHECK(shogi_position_sfen(pos, mid_sfen, sizeof mid_sfen, &count, &err));
    TIME(legal_mid, n, CHECK(shogi_position_legal_moves(pos, moves, 600, &count, &err)));
    size_t n_mid = count;
    TIME(sfens, n, CHECK(shogi_position_set_sfen(pos, mid_sfen, &err));
         CHECK(shogi_position_sfen(pos, sfen, sizeof sfen, &count, &err)));
    TIME(get_hcp, n, CHECK(shogi_position_hcp(pos, hcp, &err)));
    TIME(set_hcp, n, CHECK(shogi_position_set_hcp(pos, hcp, &err)));
    shogi_position_free(pos, NULL);

    printf("libshogi %s, ns per call (%s), median of %d runs\n", shogi_version(),
           getenv("BENCH_CLOCK") ? getenv("BENCH_CLOCK") : "wall", RUNS);
    printf("trivial call (shogi_abi_version):       %8.1f\n", trivial);
    printf("do_move + undo_move (pair):             %8.1f\n", pair);
    printf("legal_moves (start, 30 moves):          %8.1f\n", legal_start);
    printf("legal_moves_after (start, 7g7f):        %8.1f\n", after);
    printf("legal_moves (midgame, %3zu moves):       %8.1f\n", n_mid, legal_mid);
    printf("set_sfen + sfen (midgame):              %8.1f\n", sfens);
    printf("set_hcp (midgame):                      %8.1f\n", set_hcp);
    printf("hcp (midgame):                          %8.1f\n", get_hcp);
    return 0;
}
